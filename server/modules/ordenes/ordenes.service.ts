import { hoyEnChile } from '#common/fecha';
import { TOTAL_EXCESIVO } from '#common/schemas/comparacion';
import { COMUNA_DE_OTRA_REGION, SELECCIONE_COMUNA, SELECCIONE_REGION } from '#common/schemas/direcciones';
import { ENTERO_MAXIMO } from '#common/numeros';
import { conIva } from '#common/iva';
import { subtotal } from '#common/precio';
import {
  ENLACE_CONFIRMAR_INVALIDO,
  ENLACE_CONFIRMAR_VENCIDO,
  MAX_POR_CONFIRMAR,
  MINUTOS_POR_CONFIRMAR,
  type OrdenCreada,
  type OrdenData,
  type OrdenPorConfirmar,
  RESUMEN_CAMBIADO,
  type ResumenCompra,
  type ResumenConfirmado,
  SELECCIONE_METODO_PAGO,
  SELECCIONE_RUBRO,
} from '#common/schemas/ordenes';
import type { EstadoPedido, LineaCompra } from '#common/schemas/pedidos';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import type { Mailer } from '#server/mail/mailer';
import { correoConfirmaOrden } from '#server/mail/orden-templates';
import { correoNuevoPedido, correoOrdenRecibida } from '#server/mail/pedido-templates';
import { getUsuarioById } from '#server/modules/auth/auth.repository';
import { createClave, hashClave } from '#server/http/clave';
import type { Caller } from '#server/http/caller';
import { findCorreosProveedores, insertPedidos, montosOrden, montosPedido } from '#server/modules/pedidos/pedidos.repository';
import { enlaces } from '#server/modules/pedidos/pedidos.service';
import { findCotizante, findCotizanteHold } from '#server/modules/cotizaciones/cotizaciones.repository';
import { requireHold } from '#server/modules/cotizaciones/cotizaciones.service';
import { findCotizacionHold, findOrdenIdDeCotizacion } from '#server/modules/comparacion/comparacion.repository';
import { cantidadEs, formatCantidad, formatClp, formatDiaLargo } from '#common/format';
import { COTIZACION_NO_ENCONTRADA, findOfertasRecibibles, nombreOferta } from '#server/modules/comparacion/comparacion.service';
import { findCondicionesDefinidas } from '#server/modules/condiciones/condiciones.repository';
import { erroresMinimo, totalEntregado } from '#common/total-entregado';
import { asignarFefo } from './fefo';
import {
  countPorConfirmar,
  deletePorConfirmarVencidas,
  findLineasSeleccionadas,
  findLotesUsables,
  findNombresFacturacion,
  findPedidosDeOrden,
  findPorConfirmar,
  insertLineas,
  insertOrden,
  insertPorConfirmar,
  type LineaElegida,
  lockLotesUsables,
  lockPorConfirmar,
  markPorConfirmarDe,
  takeLotes,
} from './ordenes.repository';

export const ENTREGA_NO_ENCONTRADA = 'Datos de entrega no encontrados.';
export const SIN_SELECCION = 'La cotización no tiene productos seleccionados.';

export const mensajesOrden = {
  sinStock: (l: LineaElegida, disponible: number) =>
    `No queda stock suficiente de ${nombreOferta(l)}: pediste ${formatCantidad(l.cantidad, l.unidad)} y quedan ${cantidadEs(disponible)}.`,
  noDisponible: (l: LineaElegida) => `${nombreOferta(l)} ya no está disponible.`,
  otroDia: (proveedor: string, antes: string | null, ahora: string | null) =>
    `${proveedor} ahora entrega ${ahora ? `el ${formatDiaLargo(ahora)}` : 'sin fecha'} (antes: ${antes ? formatDiaLargo(antes) : 'sin fecha'}).`,
  otrosProveedores: 'Los proveedores de tu compra cambiaron.',
  /** Net totals in, said with IVA as the buyer read them on Confirmar compra (docs/decisions/026). */
  otroTotal: (antes: number, ahora: number) =>
    `El total de tu compra cambió de ${formatClp(conIva(antes).total_con_iva)} a ${formatClp(conIva(ahora).total_con_iva)} (IVA incluido).`,
  revisa: 'Revisa el resumen y confirma de nuevo.',
  // At the e-mailed link there is no summary to review: the flow that placed it is over.
  cotizaDeNuevo: 'Cotiza de nuevo para comprar con estos cambios.',
};

/**
 * What changed since the buyer confirmed the summary: its suppliers (the choice was
 * saved again from another tab), a supplier's delivery day (its cut-off passed, its days changed)
 * or the total (a fee changed). Empty when nothing did.
 */
function diffResumenConfirmado(
  confirmado: ResumenConfirmado,
  grupos: Array<{ proveedor_id: number; proveedor_nombre: string; fecha_entrega: string | null }>,
  total: number,
  cierre: string,
): string[] {
  const vistos = new Map(confirmado.proveedores.map((p) => [p.proveedor_id, p.fecha_entrega]));
  const mismos = vistos.size === grupos.length && grupos.every((g) => vistos.has(g.proveedor_id));
  const dias = mismos
    ? grupos.flatMap((g) =>
        vistos.get(g.proveedor_id) === g.fecha_entrega ? [] : [mensajesOrden.otroDia(g.proveedor_nombre, vistos.get(g.proveedor_id)!, g.fecha_entrega)],
      )
    : [mensajesOrden.otrosProveedores];
  const cambios = confirmado.total === total ? dias : [...dias, mensajesOrden.otroTotal(confirmado.total, total)];
  return cambios.length === 0 ? [] : [...cambios, cierre];
}

/** The billing names an order copies, after checking every id the buyer sent exists (docs/producto.md §5 Billing). */
async function resolveFacturacion(db: Db, data: OrdenData) {
  const nombres = await findNombresFacturacion(db, data);
  const errores: Record<string, string[]> = {};
  if (data.region !== undefined && nombres.region === undefined) errores.region = [SELECCIONE_REGION];
  if (data.comuna !== undefined) {
    if (nombres.comuna === undefined) errores.comuna = [SELECCIONE_COMUNA];
    else if (nombres.comuna.region_id !== data.region) errores.comuna = [COMUNA_DE_OTRA_REGION];
  }
  if (data.rubro !== undefined && nombres.rubro === undefined) errores.rubro = [SELECCIONE_RUBRO];
  if (data.metodo_pago !== undefined && nombres.metodo_pago === undefined) errores.metodo_pago = [SELECCIONE_METODO_PAGO];
  if (Object.keys(errores).length > 0) throw new AppError(400, errores);
  return {
    rut_facturacion: data.rut_facturacion ?? '',
    razon_social: data.razon_social ?? '',
    giro_comercial: data.giro_comercial ?? '',
    direccion_facturacion: data.direccion_facturacion ?? '',
    telefono_facturacion: data.telefono_facturacion ?? '',
    email_facturacion: data.email_facturacion ?? '',
    region_id: data.region ?? null,
    region_nombre_facturacion: nombres.region ?? '',
    comuna_id: data.comuna ?? null,
    comuna_nombre_facturacion: nombres.comuna?.nombre ?? '',
    rubro_id: data.rubro ?? null,
    rubro_nombre: nombres.rubro ?? '',
    metodo_pago_id: data.metodo_pago ?? null,
    metodo_pago_nombre: nombres.metodo_pago ?? '',
  };
}

/**
 * The delivery record an order copies: the one named in the body (held by the caller, of the same
 * request; a null caller is a confirmation by link, checked when it was placed), else the quotation's own. None at all is allowed: the order then has no delivery data.
 */
async function resolveEntrega(
  db: Db,
  caller: Caller | null,
  cotizacion: { solicitud_id: number; cotizante_id: number | null },
  cotizanteId: number | undefined,
) {
  if (cotizanteId !== undefined && caller) {
    const held = await findCotizanteHold(db, cotizanteId);
    await requireHold(db, held, caller, ENTREGA_NO_ENCONTRADA);
  }
  const id = cotizanteId ?? cotizacion.cotizante_id;
  const entrega = id === null ? undefined : await findCotizante(db, id);
  if (cotizanteId !== undefined && entrega?.solicitud_id !== cotizacion.solicitud_id) throw notFound(ENTREGA_NO_ENCONTRADA);
  return entrega;
}

/** Who bought, as suppliers read it: the razón social, else the delivery contact, else the account's name. */
const nombreComprador = (
  facturacion: { razon_social: string },
  entrega: { nombre_contacto: string } | undefined,
  cuenta: { first_name: string; last_name: string } | undefined,
) => [facturacion.razon_social, entrega?.nombre_contacto, cuenta && `${cuenta.first_name} ${cuenta.last_name}`].map((s) => s?.trim() ?? '').find(Boolean) ?? '';

/**
 * The lines of each supplier, in the order its first line came; its pedido's subtotal is theirs and
 * its delivery fee that of the supplier's terms on that subtotal, and which suppliers
 * the choice leaves under their minimum (actualizar refuses such a choice, but terms may have
 * changed since).
 */
async function groupPedidos<L extends { proveedor_id: number; proveedor_nombre: string; subtotal: number }>(db: Db, lineas: L[]) {
  const grupos = new Map<number, { proveedor_id: number; proveedor_nombre: string; subtotal: number; costo_despacho: number; lineas: L[] }>();
  for (const l of lineas) {
    const g = grupos.get(l.proveedor_id) ?? { proveedor_id: l.proveedor_id, proveedor_nombre: l.proveedor_nombre, subtotal: 0, costo_despacho: 0, lineas: [] };
    g.subtotal += l.subtotal;
    g.lineas.push(l);
    grupos.set(l.proveedor_id, g);
  }
  const condiciones = await findCondicionesDefinidas(db, [...grupos.keys()]);
  const partes = [...grupos.values()].map((g) => ({ proveedor_id: g.proveedor_id, proveedor: g.proveedor_nombre, subtotal: g.subtotal }));
  const terminosDe = (id: number) => condiciones.get(id);
  for (const p of totalEntregado(partes, terminosDe).proveedores) grupos.get(p.proveedor_id)!.costo_despacho = p.costo_despacho;
  return { grupos: [...grupos.values()], bajoMinimo: erroresMinimo(partes, terminosDe) };
}

export interface OrdenDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/** The link of the e-mail 'Confirma tu orden' (docs/decisions/007, 'Órdenes sin cuenta'). */
export const enlaceConfirmar = (publicUrl: string, token: string) => `${publicUrl}/confirmar-orden/${token}`;

/** How long a held order left unconfirmed is kept after it lapsed (docs/decisions/007, 'Órdenes sin cuenta'). */
export const HORAS_VENCIDA_GUARDADA = 24;

export const SIN_CORREO_CONTACTO =
  'Para comprar sin iniciar sesión, los datos de entrega necesitan un correo de contacto: ahí te enviamos el enlace para confirmar la orden.';
export const mensajesPorConfirmar = {
  correo: `Ya hay ${MAX_POR_CONFIRMAR} órdenes sin confirmar para este correo. Confirma una con el enlace que te enviamos, o espera a que venzan (${MINUTOS_POR_CONFIRMAR} minutos) para pedir otra.`,
  ip: `Ya hay ${MAX_POR_CONFIRMAR} órdenes sin confirmar pedidas desde esta conexión. Confirma una con el enlace del correo, o espera a que venzan (${MINUTOS_POR_CONFIRMAR} minutos) para pedir otra.`,
};

type Preparada = Awaited<ReturnType<typeof prepararOrden>>;
/** An order to write: the quotation has none yet. */
type Nueva = Extract<Preparada, { existente: undefined }>;

/**
 * Everything placing the order of a quotation checks before it writes (docs/decisions/007): who
 * holds it (`caller`; null when its contact confirms it by the e-mailed link, which proved that
 * already), whether it already has an order, its delivery record, lines still for sale, suppliers
 * that still deliver there and then and over their minimum, and what the buyer confirmed on
 * /facturacion. `lock` locks the quotation: a second submit waits for the first.
 */
async function prepararOrden(tx: Db, caller: Caller | null, data: OrdenData, ahora: Date, { lock }: { lock: boolean }) {
  const cotizacion = await findCotizacionHold(tx, data.cotizacion_id, { lock });
  if (caller) await requireHold(tx, cotizacion, caller, COTIZACION_NO_ENCONTRADA);
  else if (!cotizacion) throw notFound(COTIZACION_NO_ENCONTRADA);
  const existente = await findOrdenIdDeCotizacion(tx, data.cotizacion_id);
  if (existente !== undefined) return { existente };

  const entrega = await resolveEntrega(tx, caller, cotizacion!, data.cotizante_id);
  const lineas = await findLineasSeleccionadas(tx, data.cotizacion_id);
  if (lineas.length === 0) throw new AppError(400, { detail: SIN_SELECCION });
  const retiradas = lineas.filter((l) => !l.vendible);
  if (retiradas.length > 0) throw new AppError(409, { detail: retiradas.map(mensajesOrden.noDisponible).join(' ') });
  const copias = lineas.map(({ vendible: _, ...copia }) => ({ ...copia, subtotal: subtotal(copia.cantidad, copia.precio) }));
  // Terms may have changed since the choice: a supplier that no longer delivers there or then, or
  // one left under its minimum, is a 409 naming it, as for stock gone.
  const recibibles = await findOfertasRecibibles(tx, [...new Set(lineas.map((l) => l.producto_id))], entrega?.cotizante_id ?? null, ahora);
  const fuera = new Map(recibibles.excluidas.map((e) => [e.proveedor_producto_id, e.aviso]));
  const noDespacha = [...new Set(lineas.flatMap((l) => fuera.get(l.proveedor_producto_id) ?? []))];
  if (noDespacha.length > 0) throw new AppError(409, { detail: noDespacha.map((a) => `${a}.`).join(' ') });
  const { grupos: porProveedor, bajoMinimo } = await groupPedidos(tx, copias);
  if (bajoMinimo.length > 0) throw new AppError(409, { detail: bajoMinimo.join(' ') });
  // Each pedido's day as the comparison showed it: the date asked, else its supplier's first possible day.
  const grupos = porProveedor.map((g) => ({ ...g, fecha_entrega: recibibles.diaDe(g.proveedor_id) ?? null }));
  const total = copias.reduce((s, l) => s + l.subtotal, 0) + grupos.reduce((s, g) => s + g.costo_despacho, 0);
  // The order, its pedidos and lines keep amounts in integer columns: a choice made without
  // actualizar (comparar-precios' own) or a fee raised since can sum past them (docs/decisions/007,
  // 'Un total que no cabe en la orden'). Every part is at most the total, so this one check covers all.
  if (total > ENTERO_MAXIMO) throw new AppError(409, { detail: TOTAL_EXCESIVO });
  const cierre = caller ? mensajesOrden.revisa : mensajesOrden.cotizaDeNuevo;
  const cambios = data.resumen_confirmado ? diffResumenConfirmado(data.resumen_confirmado, grupos, total, cierre) : [];
  if (cambios.length > 0) throw new AppError(409, { detail: cambios.join(' '), code: RESUMEN_CAMBIADO });
  return { existente: undefined, cotizacion_id: data.cotizacion_id, entrega, lineas, copias, grupos, recibibles, total };
}

/**
 * Which lots each line takes, first-expired-first-out; stock short → 409 naming the product. A lot
 * that expires on or before its pedido's delivery day cannot be delivered (DESIGN §3); no day is
 * today. With `lock`, one statement locks the lots that outlive the earliest day (locks in one
 * order), then each offer keeps those that outlive its own; without, it only reads them.
 */
async function asignarLotes(tx: Db, p: Nueva, ahora: Date, { lock }: { lock: boolean }) {
  const hoy = hoyEnChile(ahora);
  const diaDeOferta = new Map(p.lineas.map((l) => [l.proveedor_producto_id, p.recibibles.diaDe(l.proveedor_id) ?? hoy]));
  const ofertas = [...diaDeOferta.keys()];
  const primero = [...diaDeOferta.values()].sort()[0] ?? hoy;
  const usables = lock ? await lockLotesUsables(tx, ofertas, primero) : await findLotesUsables(tx, ofertas, primero);
  const lotes = usables.filter((l) => l.fecha_expiracion > diaDeOferta.get(l.proveedor_producto_id)!);
  const { tomas, faltantes } = asignarFefo(p.lineas, lotes);
  if (faltantes.length > 0) throw new AppError(409, { detail: faltantes.map((f) => mensajesOrden.sinStock(p.lineas[f.indice]!, f.disponible)).join(' ') });
  return tomas;
}

/**
 * Writes the order prepared: the order with copies of what it was placed with, one pedido per
 * supplier with the e-mails to the buyer and to each supplier, then locks the usable
 * lots and takes each line's quantity. Stock short throws, and the rollback takes every row away
 * again, e-mails included.
 */
async function escribirOrden(
  tx: Db,
  mailer: Mailer,
  links: ReturnType<typeof enlaces>,
  p: Nueva,
  facturacion: Awaited<ReturnType<typeof resolveFacturacion>>,
  cuenta: { email: string; first_name: string; last_name: string } | undefined,
  usuarioId: number | null,
  ahora: Date,
): Promise<OrdenCreada> {
  const { entrega, copias, grupos } = p;
  // The order, its pedidos and lines are written before the lots are locked: the lots are the
  // rows every order contends for, so their locks are held only for the allocation and its one write.
  const seguimiento = createClave();
  const valores = {
    cotizacion_id: p.cotizacion_id,
    cotizante_id: entrega?.cotizante_id ?? null,
    usuario_id: usuarioId,
    nombre_contacto: entrega?.nombre_contacto ?? '',
    correo_contacto: entrega?.correo_contacto ?? '',
    telefono_contacto: entrega?.telefono_contacto ?? '',
    direccion_envio: entrega?.direccion_envio ?? '',
    region_nombre: entrega?.region_nombre ?? '',
    comuna_nombre: entrega?.comuna_nombre ?? '',
    fecha_entrega: entrega?.fecha_entrega ?? null,
    ...facturacion,
    total: p.total,
    comprador: nombreComprador(facturacion, entrega, cuenta),
    // The account's address when logged in (its orders are on /ordenes), else the delivery contact's.
    correo_comprador: cuenta?.email ?? entrega?.correo_contacto ?? '',
    seguimiento_hash: hashClave(seguimiento),
  };
  const ordenId = await insertOrden(tx, valores);
  const pedidoIds = await insertPedidos(tx, ordenId, usuarioId, grupos);
  const pedidoDe = new Map(grupos.map((g, i) => [g.proveedor_id, pedidoIds[i]!]));
  const lineaIds = await insertLineas(
    tx,
    ordenId,
    copias.map((c) => ({ ...c, pedido_id: pedidoDe.get(c.proveedor_id)! })),
  );
  const pedidos = grupos.map((g, i) => ({
    id: pedidoIds[i]!,
    proveedor_id: g.proveedor_id,
    proveedor: g.proveedor_nombre,
    costo_despacho: g.costo_despacho,
    fecha_entrega: g.fecha_entrega,
    total: g.subtotal + g.costo_despacho,
    lineas: g.lineas.map((l) => ({ ...l, producto: l.producto_id })),
  }));
  const paraCorreo = {
    id: ordenId,
    creado_en: ahora.toISOString(),
    comprador: valores.comprador,
    correo_comprador: valores.correo_comprador,
    nombre_cuenta: cuenta?.first_name ?? null,
    total: valores.total,
    entrega: {
      nombre_contacto: valores.nombre_contacto,
      correo_contacto: valores.correo_contacto,
      telefono_contacto: valores.telefono_contacto,
      direccion_envio: valores.direccion_envio,
      comuna_nombre: valores.comuna_nombre,
      region_nombre: valores.region_nombre,
      fecha_entrega: valores.fecha_entrega,
    },
  };
  await enqueueCorreosOrden(tx, mailer, links, paraCorreo, pedidos, seguimiento);
  const tomas = await asignarLotes(tx, p, ahora, { lock: true });
  await takeLotes(
    tx,
    tomas.flatMap((linea, i) => linea.map((t) => ({ ...t, orden_linea_id: lineaIds[i]! }))),
  );
  return {
    ...respuestaOrden(
      ordenId,
      pedidos.map((p) => ({ ...p, estado: 'pendiente' as const, credito: 0 })),
    ),
    seguimiento,
  };
}

/**
 * crear-orden's answer: each pedido with its Neto / IVA / Total, and the order's, IVA once on the
 * sum of its standing pedidos' netos (docs/decisions/026; the rules of pedidos.repository).
 */
function respuestaOrden(
  ordenId: number,
  pedidos: readonly { id: number; proveedor: string; estado: EstadoPedido; total: number; credito: number }[],
): OrdenCreada {
  const conMontos = pedidos.map((p) => ({ id: p.id, proveedor: p.proveedor, total: p.total, estado: p.estado, ...montosPedido(p) }));
  return { orden_id: ordenId, pedidos: conMontos.map(({ estado: _, ...p }) => p), ...montosOrden(conMontos) };
}

/** An order already placed, as crear-orden answers it. */
const ordenExistente = async (db: Db, ordenId: number) => respuestaOrden(ordenId, await findPedidosDeOrden(db, ordenId));

/**
 * Places the order of a quotation the caller holds (docs/producto.md §3 Order creation payload), in ONE
 * transaction (docs/decisions/007): lock the quotation (a second submit waits, then finds the
 * order and gets its id: `creada` false), check it (prepararOrden) and write it (escribirOrden).
 * A caller without an account places nothing yet: the order waits for its contact's confirmation
 * (holdOrden).
 */
export async function placeOrden(
  { db, mailer, publicUrl }: OrdenDeps,
  caller: Caller,
  data: OrdenData,
  ahora: Date,
  ip: string,
): Promise<(OrdenCreada & { creada: boolean }) | OrdenPorConfirmar> {
  const facturacion = await resolveFacturacion(db, data);
  if (caller.usuarioId === undefined) return holdOrden({ db, mailer, publicUrl }, caller, data, ahora, ip);
  const cuenta = await getUsuarioById(db, caller.usuarioId);
  const resultado = await db.transaction(async (tx) => {
    const p = await prepararOrden(tx, caller, data, ahora, { lock: true });
    if (p.existente !== undefined) return { ...(await ordenExistente(tx, p.existente)), creada: false };
    return { ...(await escribirOrden(tx, mailer, enlaces(publicUrl), p, facturacion, cuenta, caller.usuarioId!, ahora)), creada: true };
  });
  if (resultado.creada) void mailer.kick();
  return resultado;
}

/**
 * An order without an account (docs/decisions/007, 'Órdenes sin cuenta'): checked as crear-orden
 * checks it (stock included, read without taking it), then held until its delivery contact
 * confirms it from the e-mail 'Confirma tu orden'. It takes no stock and no supplier sees it; it
 * lapses after MINUTOS_POR_CONFIRMAR, and a held order placed a day after that deletes it. At most MAX_POR_CONFIRMAR wait at once per address and per
 * IP: the next is a 429 that writes nothing and e-mails nobody (no relay for mail to strangers).
 * A quotation that already has an order answers it, as crear-orden does.
 */
async function holdOrden({ db, mailer, publicUrl }: OrdenDeps, caller: Caller, data: OrdenData, ahora: Date, ip: string) {
  const token = createClave();
  const resultado = await db.transaction(async (tx): Promise<(OrdenCreada & { creada: boolean }) | OrdenPorConfirmar> => {
    const p = await prepararOrden(tx, caller, data, ahora, { lock: false });
    if (p.existente !== undefined) return { ...(await ordenExistente(tx, p.existente)), creada: false };
    const para = p.entrega?.correo_contacto.trim() ?? '';
    if (!para) throw new AppError(400, { detail: SIN_CORREO_CONTACTO });
    // Stock already short is said now, not after the e-mail.
    await asignarLotes(tx, p, ahora, { lock: false });

    const correo = para.toLowerCase();
    // The count and the insert it allows are one step across connections and processes.
    await lockPorConfirmar(tx, `correo:${correo}`);
    await lockPorConfirmar(tx, `ip:${ip}`);
    for (const [clave, mensaje] of [
      [{ correo }, mensajesPorConfirmar.correo],
      [{ ip }, mensajesPorConfirmar.ip],
    ] as const) {
      const { n, primeroVence } = await countPorConfirmar(tx, clave, ahora);
      if (n >= MAX_POR_CONFIRMAR) {
        const segundos = Math.max(1, Math.ceil(((primeroVence?.getTime() ?? ahora.getTime()) - ahora.getTime()) / 1000));
        throw new AppError(429, { detail: mensaje }, { 'retry-after': String(segundos) });
      }
    }
    // No timer sweeps the table: each new one deletes those lapsed over a day ago (a day during
    // which a late click still reads 'venció' rather than 'no es válido').
    await deletePorConfirmarVencidas(tx, new Date(ahora.getTime() - HORAS_VENCIDA_GUARDADA * 3_600_000));
    const vence = new Date(ahora.getTime() + MINUTOS_POR_CONFIRMAR * 60_000);
    await insertPorConfirmar(tx, { cotizacion_id: p.cotizacion_id, token_hash: hashClave(token), correo, ip, datos: data, creado_en: ahora, vence_en: vence });
    const proveedores = p.grupos.map((g) => ({ proveedor: g.proveedor_nombre, lineas: g.lineas, costo_despacho: g.costo_despacho }));
    await mailer.enqueue(tx, correoConfirmaOrden(para, proveedores, p.total, vence, enlaceConfirmar(publicUrl, token)));
    return { por_confirmar: true, correo: para, vence_en: vence.toISOString() };
  });
  if ('por_confirmar' in resultado) void mailer.kick();
  return resultado;
}

/**
 * POST /api/ordenes/confirmar/: the contact of an order placed without an account confirms it with
 * the e-mailed token (docs/decisions/007, 'Órdenes sin cuenta'). In ONE transaction, as crear-orden
 * (its quotation locked first, then the held order): checked again as placed, the stock taken
 * first-expired-first-out, the pedidos and today's e-mails. Confirming twice, or any link of a
 * quotation already ordered, answers that order (`creada` false). Unknown → 404; lapsed → 410.
 * The caller's account plays no part: the token is the proof, and the order stays without one.
 */
export async function confirmarOrden(
  { db, mailer, publicUrl }: OrdenDeps,
  token: string,
  ahora: Date,
): Promise<OrdenCreada & { cotizacion_id: number; creada: boolean }> {
  const resultado = await db.transaction(async (tx) => {
    const visto = await findPorConfirmar(tx, hashClave(token));
    if (!visto) throw notFound(ENLACE_CONFIRMAR_INVALIDO);
    const { cotizacion_id } = visto;
    // The quotation first, as crear-orden locks it: every confirmation of it (by this link or
    // another) waits here, so none holds a link's row while waiting for the quotation; then the link.
    await findCotizacionHold(tx, cotizacion_id, { lock: true });
    const pendiente = await findPorConfirmar(tx, hashClave(token), { lock: true });
    // Deleted meanwhile (it lapsed over a day ago, and a new hold swept it).
    if (!pendiente) throw notFound(ENLACE_CONFIRMAR_INVALIDO);
    if (pendiente.orden_id !== null) return { cotizacion_id, ...(await ordenExistente(tx, pendiente.orden_id)), creada: false };
    if (pendiente.vence_en.getTime() <= ahora.getTime()) throw new AppError(410, { detail: ENLACE_CONFIRMAR_VENCIDO });
    const facturacion = await resolveFacturacion(tx, pendiente.datos);
    const p = await prepararOrden(tx, null, pendiente.datos, ahora, { lock: true });
    const hecha =
      p.existente !== undefined
        ? { ...(await ordenExistente(tx, p.existente)), creada: false }
        : { ...(await escribirOrden(tx, mailer, enlaces(publicUrl), p, facturacion, undefined, null, ahora)), creada: true };
    await markPorConfirmarDe(tx, cotizacion_id, hecha.orden_id, ahora);
    return { cotizacion_id, ...hecha };
  });
  if (resultado.creada) void mailer.kick();
  return resultado;
}

/** The buyer's receipt with the tracking link, and each supplier's new pedido, into the outbox of the order's transaction. */
async function enqueueCorreosOrden(
  tx: Db,
  mailer: Mailer,
  links: ReturnType<typeof enlaces>,
  orden: Parameters<typeof correoOrdenRecibida>[1] & { correo_comprador: string },
  pedidos: Array<{
    id: number;
    proveedor_id: number;
    proveedor: string;
    costo_despacho: number;
    fecha_entrega: string | null;
    total: number;
    lineas: LineaCompra[];
  }>,
  seguimiento: string,
) {
  if (orden.correo_comprador) await mailer.enqueue(tx, correoOrdenRecibida(orden.correo_comprador, orden, pedidos, links.seguimiento(seguimiento)));
  const correos = await findCorreosProveedores(
    tx,
    pedidos.map((p) => p.proveedor_id),
  );
  for (const p of pedidos) {
    const para = correos.get(p.proveedor_id);
    // The supplier reads its own day, not the order's.
    const suya = { ...orden, entrega: { ...orden.entrega, fecha_entrega: p.fecha_entrega } };
    if (para) await mailer.enqueue(tx, correoNuevoPedido(para, suya, p, links.pedido(p.id)));
  }
}

/**
 * What placing the order of this quotation will buy: the selected lines grouped by
 * supplier, priced as crear-orden charges them (the prices PUT actualizar stored), and the delivery
 * record the order will copy, so /facturacion shows it all before anything is bought.
 */
export async function getResumenCompra(db: Db, caller: Caller, cotizacionId: number, cotizanteId: number | undefined, ahora: Date): Promise<ResumenCompra> {
  const cotizacion = await findCotizacionHold(db, cotizacionId);
  await requireHold(db, cotizacion, caller, COTIZACION_NO_ENCONTRADA);
  const entrega = await resolveEntrega(db, caller, cotizacion!, cotizanteId);
  const lineas = (await findLineasSeleccionadas(db, cotizacionId)).map((l) => ({ ...l, subtotal: subtotal(l.cantidad, l.precio) }));
  const recibibles = await findOfertasRecibibles(db, [...new Set(lineas.map((l) => l.producto_id))], entrega?.cotizante_id ?? null, ahora);
  const proveedores = (await groupPedidos(db, lineas)).grupos.map((g) => ({
    proveedor_id: g.proveedor_id,
    proveedor: g.proveedor_nombre,
    subtotal: g.subtotal,
    costo_despacho: g.costo_despacho,
    // The day crear-orden will keep on its pedido (the same rule, findOfertasRecibibles' diaDe).
    fecha_entrega: recibibles.diaDe(g.proveedor_id) ?? null,
    lineas: g.lineas.map(({ producto_id, sku, producto_nombre, marca, unidad, cantidad, precio, subtotal }) => ({
      producto: producto_id,
      sku,
      producto_nombre,
      marca,
      unidad,
      cantidad,
      precio,
      subtotal,
    })),
  }));
  const total = proveedores.reduce((s, p) => s + p.subtotal + p.costo_despacho, 0);
  return {
    cotizacion_id: cotizacionId,
    entrega:
      entrega === undefined
        ? null
        : {
            nombre_contacto: entrega.nombre_contacto,
            correo_contacto: entrega.correo_contacto,
            telefono_contacto: entrega.telefono_contacto,
            direccion_envio: entrega.direccion_envio ?? '',
            comuna_nombre: entrega.comuna_nombre ?? '',
            region_nombre: entrega.region_nombre ?? '',
            fecha_entrega: entrega.fecha_entrega,
          },
    proveedores,
    total_despacho: proveedores.reduce((s, p) => s + p.costo_despacho, 0),
    total,
    ...conIva(total),
  };
}
