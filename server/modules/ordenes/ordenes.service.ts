import { ahoraEnChile } from '../../../common/schemas/cotizaciones';
import { COMUNA_DE_OTRA_REGION, SELECCIONE_COMUNA, SELECCIONE_REGION } from '../../../common/schemas/direcciones';
import {
  type OrdenCreada,
  type OrdenData,
  RESUMEN_CAMBIADO,
  type ResumenCompra,
  type ResumenConfirmado,
  SELECCIONE_METODO_PAGO,
  SELECCIONE_RUBRO,
} from '../../../common/schemas/ordenes';
import type { LineaPedido } from '../../../common/schemas/pedidos';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { correoNuevoPedido, correoOrdenRecibida } from '../../mail/pedido-templates';
import { getUsuarioById } from '../auth/auth.repository';
import { createClave, hashClave } from '../../http/clave';
import type { Caller } from '../../http/caller';
import { findCorreosProveedores, insertPedidos } from '../pedidos/pedidos.repository';
import { enlaces } from '../pedidos/pedidos.service';
import { findCotizante, findCotizanteHold } from '../cotizaciones/cotizaciones.repository';
import { requireHold } from '../cotizaciones/cotizaciones.service';
import { findCotizacionHold, findOrdenIdDeCotizacion } from '../comparacion/comparacion.repository';
import { cantidadEs, formatCantidad, formatClp, formatDiaLargo } from '../../../common/format';
import { COTIZACION_NO_ENCONTRADA, findOfertasRecibibles, nombreOferta } from '../comparacion/comparacion.service';
import { findCondicionesDefinidas } from '../condiciones/condiciones.repository';
import { erroresMinimo, totalEntregado } from '../../../common/total-entregado';
import { asignarFefo } from './fefo';
import {
  findLineasSeleccionadas,
  findNombresFacturacion,
  findPedidosDeOrden,
  insertLineas,
  insertOrden,
  type LineaElegida,
  lockLotesUsables,
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
  otroTotal: (antes: number, ahora: number) => `El total de tu compra cambió de ${formatClp(antes)} a ${formatClp(ahora)}.`,
  revisa: 'Revisa el resumen y confirma de nuevo.',
};

/**
 * What changed since the buyer confirmed the summary (issue #22): its suppliers (the choice was
 * saved again from another tab), a supplier's delivery day (its cut-off passed, its days changed)
 * or the total (a fee changed). Empty when nothing did.
 */
function diffResumenConfirmado(
  confirmado: ResumenConfirmado,
  grupos: Array<{ proveedor_id: number; proveedor_nombre: string; fecha_entrega: string | null }>,
  total: number,
): string[] {
  const vistos = new Map(confirmado.proveedores.map((p) => [p.proveedor_id, p.fecha_entrega]));
  const mismos = vistos.size === grupos.length && grupos.every((g) => vistos.has(g.proveedor_id));
  const dias = mismos
    ? grupos.flatMap((g) =>
        vistos.get(g.proveedor_id) === g.fecha_entrega ? [] : [mensajesOrden.otroDia(g.proveedor_nombre, vistos.get(g.proveedor_id)!, g.fecha_entrega)],
      )
    : [mensajesOrden.otrosProveedores];
  const cambios = confirmado.total === total ? dias : [...dias, mensajesOrden.otroTotal(confirmado.total, total)];
  return cambios.length === 0 ? [] : [...cambios, mensajesOrden.revisa];
}

/** The billing names an order copies, after checking every id the buyer sent exists (SPEC §5 Billing). */
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
 * request), else the quotation's own. None at all is allowed: the order then has no delivery data.
 */
async function resolveEntrega(db: Db, caller: Caller, cotizacion: { solicitud_id: number; cotizante_id: number | null }, cotizanteId: number | undefined) {
  if (cotizanteId !== undefined) {
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
 * its delivery fee that of the supplier's terms on that subtotal (issue #22), and which suppliers
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

/**
 * Places the order of a quotation the caller holds (SPEC §3 Order creation payload), in ONE
 * transaction (docs/decisions/007): lock the quotation (a second submit waits, then finds the
 * order and gets its id: `creada` false), write the order with copies of what it was placed with,
 * split it into one pedido per supplier (issue #19) with the e-mails to the buyer and to each
 * supplier, then lock the usable lots of the chosen offers and take each line's quantity
 * first-expired-first-out. Stock gone → 409 naming the product, and the rollback leaves nothing
 * written, e-mails included.
 */
export async function placeOrden(
  { db, mailer, publicUrl }: OrdenDeps,
  caller: Caller,
  data: OrdenData,
  ahora: Date,
): Promise<OrdenCreada & { creada: boolean }> {
  const facturacion = await resolveFacturacion(db, data);
  const cuenta = caller.usuarioId === undefined ? undefined : await getUsuarioById(db, caller.usuarioId);
  const links = enlaces(publicUrl);
  const resultado = await db.transaction(async (tx) => {
    const cotizacion = await findCotizacionHold(tx, data.cotizacion_id, { lock: true });
    await requireHold(tx, cotizacion, caller, COTIZACION_NO_ENCONTRADA);
    const existente = await findOrdenIdDeCotizacion(tx, data.cotizacion_id);
    if (existente !== undefined) return { orden_id: existente, pedidos: await findPedidosDeOrden(tx, existente), creada: false };

    const entrega = await resolveEntrega(tx, caller, cotizacion!, data.cotizante_id);
    const lineas = await findLineasSeleccionadas(tx, data.cotizacion_id);
    if (lineas.length === 0) throw new AppError(400, { detail: SIN_SELECCION });
    const retiradas = lineas.filter((l) => !l.vendible);
    if (retiradas.length > 0) throw new AppError(409, { detail: retiradas.map(mensajesOrden.noDisponible).join(' ') });

    // The order, its pedidos and lines are written before the lots are locked: the lots are the
    // rows every order contends for, so their locks are held only for the allocation and its one
    // write. Stock found short below throws, and the rollback takes these rows away again.
    const copias = lineas.map(({ vendible: _, ...copia }) => ({ ...copia, subtotal: Math.round(copia.precio * copia.cantidad) }));
    const seguimiento = createClave();
    const valores = {
      cotizacion_id: data.cotizacion_id,
      cotizante_id: entrega?.cotizante_id ?? null,
      usuario_id: caller.usuarioId ?? null,
      nombre_contacto: entrega?.nombre_contacto ?? '',
      correo_contacto: entrega?.correo_contacto ?? '',
      telefono_contacto: entrega?.telefono_contacto ?? '',
      direccion_envio: entrega?.direccion_envio ?? '',
      region_nombre: entrega?.region_nombre ?? '',
      comuna_nombre: entrega?.comuna_nombre ?? '',
      fecha_entrega: entrega?.fecha_entrega ?? null,
      ...facturacion,
      total: copias.reduce((s, l) => s + l.subtotal, 0),
      comprador: nombreComprador(facturacion, entrega, cuenta),
      // The account's address when logged in (its orders are on /ordenes), else the delivery contact's.
      correo_comprador: cuenta?.email ?? entrega?.correo_contacto ?? '',
      seguimiento_hash: hashClave(seguimiento),
    };
    // Terms may have changed since the choice: a supplier that no longer delivers there or then, or
    // one left under its minimum, is a 409 naming it, as for stock gone.
    const recibibles = await findOfertasRecibibles(tx, [...new Set(lineas.map((l) => l.producto_id))], entrega?.cotizante_id ?? null, ahora);
    const { excluidas } = recibibles;
    const fuera = new Map(excluidas.map((e) => [e.proveedor_producto_id, e.aviso]));
    const noDespacha = [...new Set(lineas.flatMap((l) => fuera.get(l.proveedor_producto_id) ?? []))];
    if (noDespacha.length > 0) throw new AppError(409, { detail: noDespacha.map((a) => `${a}.`).join(' ') });
    const { grupos: porProveedor, bajoMinimo } = await groupPedidos(tx, copias);
    if (bajoMinimo.length > 0) throw new AppError(409, { detail: bajoMinimo.join(' ') });
    // Each pedido's day as the comparison showed it: the date asked, else its supplier's first possible day.
    const grupos = porProveedor.map((g) => ({ ...g, fecha_entrega: recibibles.diaDe(g.proveedor_id) ?? null }));
    valores.total += grupos.reduce((s, g) => s + g.costo_despacho, 0);
    const cambios = data.resumen_confirmado ? diffResumenConfirmado(data.resumen_confirmado, grupos, valores.total) : [];
    if (cambios.length > 0) throw new AppError(409, { detail: cambios.join(' '), code: RESUMEN_CAMBIADO });
    const ordenId = await insertOrden(tx, valores);
    const pedidoIds = await insertPedidos(tx, ordenId, caller.usuarioId ?? null, grupos);
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
      lineas: g.lineas,
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

    // A lot that expires on or before its pedido's delivery day cannot be delivered (DESIGN §3); no
    // day is today. One statement locks the lots that outlive the earliest day (locks in one order),
    // then each offer keeps those that outlive its own.
    const hoy = ahoraEnChile(ahora).hoy;
    const diaDeOferta = new Map(lineas.map((l) => [l.proveedor_producto_id, recibibles.diaDe(l.proveedor_id) ?? hoy]));
    const ofertas = [...diaDeOferta.keys()];
    const primero = [...diaDeOferta.values()].sort()[0] ?? hoy;
    const lotes = (await lockLotesUsables(tx, ofertas, primero)).filter((l) => l.fecha_expiracion > diaDeOferta.get(l.proveedor_producto_id)!);
    const { tomas, faltantes } = asignarFefo(lineas, lotes);
    if (faltantes.length > 0) throw new AppError(409, { detail: faltantes.map((f) => mensajesOrden.sinStock(lineas[f.indice]!, f.disponible)).join(' ') });
    await takeLotes(
      tx,
      tomas.flatMap((linea, i) => linea.map((t) => ({ ...t, orden_linea_id: lineaIds[i]! }))),
    );
    return { orden_id: ordenId, pedidos: pedidos.map(({ id, proveedor, total }) => ({ id, proveedor, total })), seguimiento, creada: true };
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
    lineas: LineaPedido[];
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
    // The supplier reads its own day (issue #22), not the order's.
    const suya = { ...orden, entrega: { ...orden.entrega, fecha_entrega: p.fecha_entrega } };
    if (para) await mailer.enqueue(tx, correoNuevoPedido(para, suya, p, links.pedido(p.id)));
  }
}

/**
 * What placing the order of this quotation will buy (issue #19): the selected lines grouped by
 * supplier, priced as crear-orden charges them (the prices PUT actualizar stored), and the delivery
 * record the order will copy, so /facturacion shows it all before anything is bought.
 */
export async function getResumenCompra(db: Db, caller: Caller, cotizacionId: number, cotizanteId: number | undefined, ahora: Date): Promise<ResumenCompra> {
  const cotizacion = await findCotizacionHold(db, cotizacionId);
  await requireHold(db, cotizacion, caller, COTIZACION_NO_ENCONTRADA);
  const entrega = await resolveEntrega(db, caller, cotizacion!, cotizanteId);
  const lineas = (await findLineasSeleccionadas(db, cotizacionId)).map((l) => ({ ...l, subtotal: Math.round(l.precio * l.cantidad) }));
  const recibibles = await findOfertasRecibibles(db, [...new Set(lineas.map((l) => l.producto_id))], entrega?.cotizante_id ?? null, ahora);
  const proveedores = (await groupPedidos(db, lineas)).grupos.map((g) => ({
    proveedor_id: g.proveedor_id,
    proveedor: g.proveedor_nombre,
    subtotal: g.subtotal,
    costo_despacho: g.costo_despacho,
    // The day crear-orden will keep on its pedido (the same rule, findOfertasRecibibles' diaDe).
    fecha_entrega: recibibles.diaDe(g.proveedor_id) ?? null,
    lineas: g.lineas.map(({ sku, producto_nombre, marca, unidad, cantidad, precio, subtotal }) => ({
      sku,
      producto_nombre,
      marca,
      unidad,
      cantidad,
      precio,
      subtotal,
    })),
  }));
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
    total: proveedores.reduce((s, p) => s + p.subtotal + p.costo_despacho, 0),
  };
}
