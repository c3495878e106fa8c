import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ESTADOS_QUE_DEVUELVEN,
  type EmpresaDePedido,
  type EstadoPedido,
  type EventoPedido,
  type FiltroCobro,
  type LineaPedido,
  type OrdenResumen,
  PEDIDOS_POR_PAGINA,
  type PedidoResumen,
  type PedidosQuery,
  type TipoEvento,
} from '#common/schemas/pedidos';
import { hoyEnChile } from '#common/fecha';
import { recepcionHasta } from '#common/reclamo';
import { centesimas } from '#common/numeros';
import type { UltimoPrecio } from '#common/ultima-vez';
import { conIva, type MontosIva } from '#common/iva';
import type { Db } from '#server/db/client';
import { contienePlegado } from '#server/db/plegado';
import { orden, ordenLinea, ordenLineaLote, pedido, pedidoEvento } from '#server/db/schema/ordenes';
import { empresaProveedor, lote } from '#server/db/schema/proveedor';
import { comuna, region } from '#server/db/schema/ubicacion';
import { usuario } from '#server/db/schema/usuario';

export interface PedidoNuevo {
  proveedor_id: number;
  proveedor_nombre: string;
  subtotal: number;
  /** The supplier's delivery fee on its part. */
  costo_despacho: number;
  /** The day it delivers (schema: pedido.fecha_entrega). */
  fecha_entrega: string | null;
}

/**
 * A supplier's company as its purchase order prints it, as saved now; null when it never saved one.
 * What crear-orden copies into each pedido, and what a pedido placed before that copy existed reads
 * instead (docs/decisions/024).
 */
const empresaActual = (proveedorId: SQLWrapper | number) =>
  sql<EmpresaDePedido | null>`(select jsonb_build_object(
      'razon_social', ${empresaProveedor.razon_social}, 'rut', ${empresaProveedor.rut}, 'giro', ${empresaProveedor.giro},
      'direccion', ${empresaProveedor.direccion}, 'comuna_nombre', ${comuna.nombre}, 'region_nombre', ${region.nombre},
      'telefono', ${empresaProveedor.telefono}, 'correo_ventas', ${empresaProveedor.correo_ventas})
    from ${empresaProveedor} join ${comuna} on ${comuna.id} = ${empresaProveedor.comuna_id} join ${region} on ${region.id} = ${comuna.region_id}
    where ${empresaProveedor.proveedor_id} = ${proveedorId})`;

/**
 * Writes an order's pedidos, each with a copy of its supplier's company as it is now (its purchase
 * order prints what it was when placed, docs/decisions/024), and their first event ('pendiente',
 * by the buyer); ids in the order given.
 */
export async function insertPedidos(db: Db, ordenId: number, compradorId: number | null, pedidos: PedidoNuevo[]): Promise<number[]> {
  const filas = await db
    .insert(pedido)
    .values(pedidos.map((p) => ({ ...p, orden_id: ordenId, empresa_proveedor: empresaActual(p.proveedor_id) })))
    .returning({ id: pedido.id });
  const ids = filas.map((f) => f.id);
  await db.insert(pedidoEvento).values(ids.map((id) => ({ pedido_id: id, estado: 'pendiente' as const, usuario_id: compradorId })));
  return ids;
}

/**
 * A pedido's column named with its table, as a subquery must name the outer row's: drizzle writes the
 * columns of a select from one table bare ("id"), and inside a subquery a bare "id" is the
 * subquery's own table's.
 */
const dePedido = (columna: PgColumn) => sql`${pedido}.${sql.identifier(columna.name)}`;

const total = sql<number>`(${pedido.subtotal} + ${pedido.costo_despacho})::integer`;
/** Some line confirmed for less than ordered. */
const parcial = sql<boolean>`exists (select 1 from ${ordenLinea} where ${ordenLinea.pedido_id} = ${dePedido(pedido.id)} and ${ordenLinea.cantidad_confirmada} is not null)`;
/** The credit a claim's supplier accepted, net (0 without one). */
const credito = sql<number>`(case when ${pedido.reclamo_estado} = 'aceptado' then coalesce(${pedido.monto_credito}, 0) else 0 end)::integer`;
/** A pedido's amounts as its documents show them: net after any credit, IVA once on that (common/iva.ts). */
export const montosPedido = (p: { total: number; credito: number }): MontosIva => conIva(p.total - p.credito);

/**
 * An order's amounts now: its pedidos that stand (not rejected nor annulled), each as confirmed and
 * less its credit, and IVA once on their sum — the order is one document (common/iva.ts).
 */
export const montosOrden = (pedidos: readonly { estado: EstadoPedido; neto: number }[]): MontosIva =>
  conIva(pedidos.filter((p) => !ESTADOS_QUE_DEVUELVEN.includes(p.estado)).reduce((suma, p) => suma + p.neto, 0));

/** Search: a number is a pedido's or its order's number; text is part of the buyer's name. */
function busqueda(q: string): SQL {
  const texto = contienePlegado(orden.comprador, q);
  if (!/^\d{1,9}$/.test(q)) return texto;
  const n = Number(q);
  return sql`(${pedido.id} = ${n} or ${pedido.orden_id} = ${n} or ${texto})`;
}

/**
 * The supplier's bookkeeping filters (docs/decisions/026): 'por_facturar', on its way or delivered
 * and without an invoice; 'por_cobrar', invoiced and not paid (a pedido rejected after its invoice
 * is not owed).
 */
const COBRO: Record<FiltroCobro, SQL> = {
  por_facturar: and(inArray(pedido.estado, ['despachado', 'entregado']), isNull(pedido.factura_numero))!,
  por_cobrar: and(isNotNull(pedido.factura_numero), isNull(pedido.pagado_el), notInArray(pedido.estado, [...ESTADOS_QUE_DEVUELVEN]))!,
};

type FiltroPedidos = Pick<PedidosQuery, 'estado' | 'q' | 'cobro'>;

const wherePedidos = (proveedorId: number, query: FiltroPedidos) =>
  and(
    eq(pedido.proveedor_id, proveedorId),
    query.estado ? eq(pedido.estado, query.estado) : undefined,
    query.q ? busqueda(query.q) : undefined,
    query.cobro ? COBRO[query.cobro] : undefined,
  );

/** How many of a supplier's pedidos match: the inbox's count, and with estado 'pendiente' the menu's and the panel's. */
export async function countPedidosDeProveedor(db: Db, proveedorId: number, query: FiltroPedidos): Promise<number> {
  // Only a search needs the order's columns to count them.
  const contar = db.select({ n: count() }).from(pedido);
  const [cuenta] = await (query.q ? contar.innerJoin(orden, eq(orden.id, pedido.orden_id)) : contar).where(wherePedidos(proveedorId, query));
  return cuenta?.n ?? 0;
}

/** One page of a supplier's pedidos, newest first, with how many match in all. */
export async function findPedidosDeProveedor(db: Db, proveedorId: number, query: PedidosQuery): Promise<{ count: number; results: PedidoResumen[] }> {
  const where = wherePedidos(proveedorId, query);
  const n = await countPedidosDeProveedor(db, proveedorId, query);
  // The page's ids first, from the (proveedor_id, id) index: the columns and the line count are then
  // read for those 20 only, not for every row an OFFSET skips.
  const ids = db.select({ id: pedido.id }).from(pedido);
  const pagina = (query.q ? ids.innerJoin(orden, eq(orden.id, pedido.orden_id)) : ids)
    .where(where)
    .orderBy(desc(pedido.id))
    .limit(PEDIDOS_POR_PAGINA)
    .offset((query.page - 1) * PEDIDOS_POR_PAGINA);
  const filas = await db
    .select({
      id: pedido.id,
      orden_id: pedido.orden_id,
      estado: pedido.estado,
      creado_en: pedido.creado_en,
      fecha_entrega: pedido.fecha_entrega,
      comprador: orden.comprador,
      comuna_nombre: orden.comuna_nombre,
      total,
      credito,
      lineas: sql<number>`(select count(*)::integer from ${ordenLinea} where ${ordenLinea.pedido_id} = ${dePedido(pedido.id)})`,
      parcial,
      reclamo_estado: pedido.reclamo_estado,
      factura_numero: pedido.factura_numero,
      pagado_el: pedido.pagado_el,
    })
    .from(pedido)
    .innerJoin(orden, eq(orden.id, pedido.orden_id))
    .where(inArray(pedido.id, pagina))
    .orderBy(desc(pedido.id));
  return {
    count: n,
    results: filas.map(({ credito: c, ...f }) => ({ ...f, ...montosPedido({ total: f.total, credito: c }), creado_en: f.creado_en.toISOString() })),
  };
}

/** Who may see or move a pedido, and where it stands; with `lock`, its row stays locked until the transaction ends. */
export interface PedidoAcceso {
  id: number;
  orden_id: number;
  estado: EstadoPedido;
  proveedor_id: number | null;
  comprador_id: number | null;
  /** Confirmed for less of some line: its buyer may still annul it (puedeAnular). */
  parcial: boolean;
}

export async function findPedidoAcceso(db: Db, id: number, { lock = false } = {}): Promise<PedidoAcceso | undefined> {
  const query = db
    .select({ id: pedido.id, orden_id: pedido.orden_id, estado: pedido.estado, proveedor_id: pedido.proveedor_id, comprador_id: orden.usuario_id, parcial })
    .from(pedido)
    .innerJoin(orden, eq(orden.id, pedido.orden_id))
    .where(eq(pedido.id, id));
  const [fila] = lock ? await query.for('update', { of: pedido }) : await query;
  return fila;
}

/** Moves a pedido to `estado` and records the event. Run it in the transaction that locked the pedido. */
export async function updateEstadoPedido(db: Db, id: number, estado: EstadoPedido, usuarioId: number, motivo: string | null): Promise<void> {
  await db.update(pedido).set({ estado, actualizado_en: sql`now()` }).where(eq(pedido.id, id));
  await insertEvento(db, { pedidoId: id, estado, tipo: 'estado', usuarioId, motivo });
}

/** One step of a pedido's history, with the state the pedido stands in; at `en` (the service's clock) or, without it, now. */
export async function insertEvento(
  db: Db,
  evento: { pedidoId: number; estado: EstadoPedido; tipo: TipoEvento; usuarioId: number; motivo: string | null; en?: Date },
): Promise<void> {
  await db.insert(pedidoEvento).values({
    pedido_id: evento.pedidoId,
    estado: evento.estado,
    tipo: evento.tipo,
    usuario_id: evento.usuarioId,
    motivo: evento.motivo,
    creado_en: evento.en,
  });
}

/**
 * Gives stock of a pedido back to the lots it was taken from, exactly: all it still holds (a
 * rejection, an annulment), or with `cuanto` only so many hundredths of each line named (a partial
 * confirmation, docs/decisions/026 §Confirmación parcial). A line gives back from the lot expiring
 * last first, the reverse of the FEFO that took it, so what it keeps is what it would have taken of
 * the smaller quantity. Its `orden_linea_lote` rows shrink by what went back (or go): they always
 * say what the line still holds, so a later rejection or annulment gives exactly the rest, and a
 * repeated one nothing. Archived offer or not; a lot deleted since is recreated with its expiry and
 * what is left of the row points at it. The lots are locked in id order first, as orders lock them,
 * so a return and an order never deadlock. Run it in the pedido's transaction.
 */
export async function restockPedido(db: Db, pedidoId: number, cuanto?: ReadonlyMap<number, number>): Promise<void> {
  const tomas = await db
    .select({
      id: ordenLineaLote.id,
      orden_linea_id: ordenLineaLote.orden_linea_id,
      lote_id: ordenLineaLote.lote_id,
      proveedor_producto_id: ordenLineaLote.proveedor_producto_id,
      fecha_expiracion: ordenLineaLote.fecha_expiracion,
      cantidad: ordenLineaLote.cantidad,
    })
    .from(ordenLineaLote)
    .innerJoin(ordenLinea, eq(ordenLinea.id, ordenLineaLote.orden_linea_id))
    .where(and(eq(ordenLinea.pedido_id, pedidoId), cuanto ? inArray(ordenLinea.id, [...cuanto.keys()]) : undefined))
    .orderBy(asc(ordenLineaLote.orden_linea_id), desc(ordenLineaLote.fecha_expiracion), desc(ordenLineaLote.id));

  // What each row gives back, in hundredths: all of it, or the line's rest from the latest expiry on.
  const falta = new Map(cuanto);
  const devueltas = tomas
    .map((t) => {
      const tiene = centesimas(t.cantidad);
      const devuelve = cuanto ? Math.min(tiene, falta.get(t.orden_linea_id) ?? 0) : tiene;
      if (cuanto) falta.set(t.orden_linea_id, (falta.get(t.orden_linea_id) ?? 0) - devuelve);
      return { ...t, devuelve, queda: tiene - devuelve };
    })
    .filter((t) => t.devuelve > 0);

  const porLote = new Map<number, number>();
  for (const t of devueltas) if (t.lote_id !== null) porLote.set(t.lote_id, (porLote.get(t.lote_id) ?? 0) + t.devuelve);
  const loteIds = [...porLote.keys()].sort((a, b) => a - b);
  if (loteIds.length > 0) {
    await db.select({ id: lote.id }).from(lote).where(inArray(lote.id, loteIds)).orderBy(asc(lote.id)).for('update');
    for (const id of loteIds) {
      await db
        .update(lote)
        .set({ cantidad: sql`${lote.cantidad} + ${porLote.get(id)! / 100}` })
        .where(eq(lote.id, id));
    }
  }
  for (const t of devueltas) {
    let loteId = t.lote_id;
    if (loteId === null && t.proveedor_producto_id !== null) {
      const [nuevo] = await db
        .insert(lote)
        .values({ proveedor_producto_id: t.proveedor_producto_id, cantidad: t.devuelve / 100, fecha_expiracion: t.fecha_expiracion })
        .returning({ id: lote.id });
      loteId = nuevo!.id;
    }
    if (t.queda === 0) await db.delete(ordenLineaLote).where(eq(ordenLineaLote.id, t.id));
    else
      await db
        .update(ordenLineaLote)
        .set({ cantidad: t.queda / 100, lote_id: loteId })
        .where(eq(ordenLineaLote.id, t.id));
  }
}

/** A pedido's lines as a confirmation weighs them and a receipt checks them: what each ordered and was confirmed of it, of what, at what price. */
export const findLineasDePedido = (db: Db, pedidoId: number) =>
  db
    .select({
      id: ordenLinea.id,
      producto_nombre: ordenLinea.producto_nombre,
      marca: ordenLinea.marca,
      unidad: ordenLinea.unidad,
      cantidad: ordenLinea.cantidad,
      cantidad_confirmada: ordenLinea.cantidad_confirmada,
      precio: ordenLinea.precio,
    })
    .from(ordenLinea)
    .where(eq(ordenLinea.pedido_id, pedidoId))
    .orderBy(asc(ordenLinea.id));
export type LineaDePedido = Awaited<ReturnType<typeof findLineasDePedido>>[number];

/**
 * Writes what its supplier confirmed of each short line and what it is charged, and the pedido's
 * subtotal as their sum (docs/decisions/026). Run it in the pedido's transaction.
 */
export async function saveCantidadesConfirmadas(
  db: Db,
  pedidoId: number,
  cortas: readonly { id: number; cantidad_confirmada: number; subtotal: number }[],
): Promise<void> {
  for (const c of cortas) {
    await db.update(ordenLinea).set({ cantidad_confirmada: c.cantidad_confirmada, subtotal: c.subtotal }).where(eq(ordenLinea.id, c.id));
  }
  await db
    .update(pedido)
    .set({ subtotal: sql`(select coalesce(sum(${ordenLinea.subtotal}), 0)::integer from ${ordenLinea} where ${ordenLinea.pedido_id} = ${pedidoId})` })
    .where(eq(pedido.id, pedidoId));
}

/** The billing data an order copied, as its pages show it. */
const facturacionDeOrden = {
  rut_facturacion: orden.rut_facturacion,
  razon_social: orden.razon_social,
  giro_comercial: orden.giro_comercial,
  direccion_facturacion: orden.direccion_facturacion,
  telefono_facturacion: orden.telefono_facturacion,
  email_facturacion: orden.email_facturacion,
  region_nombre: orden.region_nombre_facturacion,
  comuna_nombre: orden.comuna_nombre_facturacion,
  rubro_nombre: orden.rubro_nombre,
  metodo_pago_nombre: orden.metodo_pago_nombre,
};

/** Orders as their pages, e-mails and exports show them: who bought, delivery and billing data. */
export async function findOrdenesCabecera(db: Db, where: SQL) {
  const filas = await db
    .select({
      id: orden.id,
      usuario_id: orden.usuario_id,
      creado_en: orden.creado_en,
      comprador: orden.comprador,
      correo_comprador: orden.correo_comprador,
      // Whom the buyer's e-mails greet when it bought with an account (they go to its address).
      nombre_cuenta: usuario.first_name,
      total: orden.total,
      entrega: {
        nombre_contacto: orden.nombre_contacto,
        correo_contacto: orden.correo_contacto,
        telefono_contacto: orden.telefono_contacto,
        direccion_envio: orden.direccion_envio,
        comuna_nombre: orden.comuna_nombre,
        region_nombre: orden.region_nombre,
        fecha_entrega: orden.fecha_entrega,
      },
      facturacion: facturacionDeOrden,
    })
    .from(orden)
    .leftJoin(usuario, eq(usuario.id, orden.usuario_id))
    .where(where);
  return filas.map((fila) => ({ ...fila, creado_en: fila.creado_en.toISOString() }));
}
export type OrdenCabecera = Awaited<ReturnType<typeof findOrdenesCabecera>>[number];

/** One order as its pages and e-mails show it. */
export const findOrdenCabecera = async (db: Db, where: SQL): Promise<OrdenCabecera | undefined> => (await findOrdenesCabecera(db, where))[0];

export const ordenPorId = (id: number) => eq(orden.id, id);
export const ordenPorSeguimiento = (hash: string) => and(isNotNull(orden.seguimiento_hash), eq(orden.seguimiento_hash, hash))!;

/** The pedidos of some orders with their lines and events, in id order. */
export async function findPedidosCompletos(db: Db, where: SQL) {
  const pedidos = await db
    .select({
      id: pedido.id,
      orden_id: pedido.orden_id,
      estado: pedido.estado,
      creado_en: pedido.creado_en,
      proveedor: pedido.proveedor_nombre,
      costo_despacho: pedido.costo_despacho,
      fecha_entrega: pedido.fecha_entrega,
      total,
      credito,
      parcial,
      // Its place in its order: the purchase order's 'N° {orden}-{n}'.
      posicion: sql<number>`(select count(*)::integer from ${pedido} as otro where otro.orden_id = ${dePedido(pedido.orden_id)} and otro.id <= ${dePedido(pedido.id)})`,
      recibido_en: pedido.recibido_en,
      // The day it was delivered: its receipt may be recorded until recepcionHasta of it.
      entregado_en: sql<
        string | null
      >`(select max(${pedidoEvento.creado_en}) from ${pedidoEvento} where ${pedidoEvento.pedido_id} = ${dePedido(pedido.id)} and ${pedidoEvento.estado} = 'entregado' and ${pedidoEvento.tipo} = 'estado')`,
      reclamo_estado: pedido.reclamo_estado,
      reclamo_monto: pedido.reclamo_monto,
      monto_credito: pedido.monto_credito,
      reclamo_motivo: pedido.reclamo_motivo,
      reclamo_resuelto_en: pedido.reclamo_resuelto_en,
      factura_numero: pedido.factura_numero,
      factura_fecha: pedido.factura_fecha,
      pagado_el: pedido.pagado_el,
      // The supplier's company for the purchase order: the pedido's copy; a pedido placed before
      // pedidos kept one reads it as saved now (docs/decisions/024).
      proveedor_empresa: sql<EmpresaDePedido | null>`coalesce(${pedido.empresa_proveedor}, ${empresaActual(dePedido(pedido.proveedor_id))})`,
    })
    .from(pedido)
    .where(where)
    .orderBy(asc(pedido.id));
  if (pedidos.length === 0) return [];
  const ids = pedidos.map((p) => p.id);
  const lineas = await db
    .select({
      pedido_id: ordenLinea.pedido_id,
      id: ordenLinea.id,
      producto: ordenLinea.producto_id,
      sku: ordenLinea.sku,
      producto_nombre: ordenLinea.producto_nombre,
      marca: ordenLinea.marca,
      unidad: ordenLinea.unidad,
      cantidad: ordenLinea.cantidad,
      cantidad_confirmada: ordenLinea.cantidad_confirmada,
      cantidad_recibida: ordenLinea.cantidad_recibida,
      problema: ordenLinea.problema,
      comentario: ordenLinea.comentario,
      precio: ordenLinea.precio,
      subtotal: ordenLinea.subtotal,
    })
    .from(ordenLinea)
    .where(inArray(ordenLinea.pedido_id, ids))
    .orderBy(asc(ordenLinea.id));
  const eventos = await db
    .select({
      pedido_id: pedidoEvento.pedido_id,
      estado: pedidoEvento.estado,
      tipo: pedidoEvento.tipo,
      creado_en: pedidoEvento.creado_en,
      motivo: pedidoEvento.motivo,
    })
    .from(pedidoEvento)
    .where(inArray(pedidoEvento.pedido_id, ids))
    .orderBy(asc(pedidoEvento.id));
  const lineasDe = agrupar(lineas, ({ pedido_id: _, ...l }) => l);
  const eventosDe = agrupar(eventos, ({ pedido_id: _, creado_en, ...e }) => ({ ...e, creado_en: creado_en.toISOString() }));
  return pedidos.map(({ posicion, entregado_en, reclamo_estado, reclamo_monto, monto_credito, reclamo_motivo, reclamo_resuelto_en, credito: c, ...p }) => ({
    ...p,
    ...montosPedido({ total: p.total, credito: c }),
    numero: `${p.orden_id}-${posicion}`,
    creado_en: p.creado_en.toISOString(),
    recibido_en: p.recibido_en?.toISOString() ?? null,
    recepcion_hasta: p.estado === 'entregado' && entregado_en !== null ? recepcionHasta(new Date(entregado_en)).toISOString() : null,
    reclamo:
      reclamo_estado === null
        ? null
        : {
            estado: reclamo_estado,
            monto: reclamo_monto ?? 0,
            monto_credito,
            motivo: reclamo_motivo,
            resuelto_en: reclamo_resuelto_en?.toISOString() ?? null,
          },
    lineas: (lineasDe.get(p.id) ?? []) as LineaPedido[],
    eventos: (eventosDe.get(p.id) ?? []) as EventoPedido[],
  }));
}
export type PedidoCompleto = Awaited<ReturnType<typeof findPedidosCompletos>>[number];

function agrupar<T extends { pedido_id: number }, U>(filas: T[], map: (fila: T) => U): Map<number, U[]> {
  const out = new Map<number, U[]>();
  for (const f of filas) out.set(f.pedido_id, [...(out.get(f.pedido_id) ?? []), map(f)]);
  return out;
}

export const pedidoPorId = (id: number) => eq(pedido.id, id);
export const pedidosDeOrden = (ordenId: number) => eq(pedido.orden_id, ordenId);

/** Where each supplier's e-mails go: its company's sales address (docs/decisions/024), else its contact address, else its account's. */
export async function findCorreosProveedores(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const filas = await db
    .select({
      id: usuario.id,
      correo: sql<string>`coalesce(${empresaProveedor.correo_ventas}, nullif(trim(${usuario.correo_contacto}), ''), ${usuario.email})`,
    })
    .from(usuario)
    .leftJoin(empresaProveedor, eq(empresaProveedor.proveedor_id, usuario.id))
    .where(inArray(usuario.id, ids));
  return new Map(filas.map((f) => [f.id, f.correo]));
}

/** One page of a user's orders, newest first, each with its pedidos' suppliers and states. */
export async function findOrdenesDeUsuario(db: Db, usuarioId: number, page: number): Promise<{ count: number; results: OrdenResumen[] }> {
  const [cuenta] = await db.select({ n: count() }).from(orden).where(eq(orden.usuario_id, usuarioId));
  const ordenes = await db
    .select({
      id: orden.id,
      creado_en: orden.creado_en,
      fecha_entrega: orden.fecha_entrega,
      comuna_nombre: orden.comuna_nombre,
      total: orden.total,
      facturacion: facturacionDeOrden,
    })
    .from(orden)
    .where(eq(orden.usuario_id, usuarioId))
    .orderBy(desc(orden.id))
    .limit(PEDIDOS_POR_PAGINA)
    .offset((page - 1) * PEDIDOS_POR_PAGINA);
  const ids = ordenes.map((o) => o.id);
  const pedidos =
    ids.length === 0
      ? []
      : await db
          .select({
            orden_id: pedido.orden_id,
            id: pedido.id,
            proveedor: pedido.proveedor_nombre,
            estado: pedido.estado,
            total,
            credito,
            parcial,
            reclamo_estado: pedido.reclamo_estado,
          })
          .from(pedido)
          .where(inArray(pedido.orden_id, ids))
          .orderBy(asc(pedido.id));
  return {
    count: cuenta?.n ?? 0,
    results: ordenes.map((o) => {
      const suyos = pedidos
        .filter((p) => p.orden_id === o.id)
        .map(({ orden_id: _, credito: c, ...p }) => ({ ...p, ...montosPedido({ total: p.total, credito: c }) }));
      return { ...o, ...montosOrden(suyos), creado_en: o.creado_en.toISOString(), pedidos: suyos };
    }),
  };
}

/**
 * What an account last paid for each of these products (docs/producto.md §16, docs/decisions/023): the unit
 * price of its newest order's line of that product, in a pedido its supplier did not reject nor its
 * buyer annul (one that gave its stock back was never bought), with the Chile day the order was
 * placed and the supplier's name as the line copied it. A product split between suppliers in that
 * order answers its largest line (then the cheaper). One statement for every product: the
 * comparison runs it beside the catalogue's read.
 */
export async function findUltimosPrecios(db: Db, usuarioId: number, productoIds: readonly number[]): Promise<Map<number, UltimoPrecio>> {
  if (productoIds.length === 0) return new Map();
  // The account's orders, then their pedidos, each as one array: the planner then reads them, and
  // only their lines, by index (orden_usuario_idx, pedido_orden_proveedor, orden_linea_pedido_idx).
  // As joins it scanned every account's pedidos and lines: 120 ms against 7–9 for a buyer with 520
  // orders among 20,000 (bench/ultimo-precio.ts, docs/decisions/023).
  const ordenesDeCuenta = db.select({ id: orden.id }).from(orden).where(eq(orden.usuario_id, usuarioId));
  const pedidosDeCuenta = db
    .select({ id: pedido.id })
    .from(pedido)
    .where(and(sql`${pedido.orden_id} = any(array(${ordenesDeCuenta}))`, notInArray(pedido.estado, [...ESTADOS_QUE_DEVUELVEN])));
  const ultimas = db
    .selectDistinctOn([ordenLinea.producto_id], {
      producto_id: ordenLinea.producto_id,
      precio: ordenLinea.precio,
      proveedor: ordenLinea.proveedor_nombre,
      orden_id: ordenLinea.orden_id,
    })
    .from(ordenLinea)
    .where(and(sql`${ordenLinea.pedido_id} = any(array(${pedidosDeCuenta}))`, inArray(ordenLinea.producto_id, [...productoIds])))
    .orderBy(ordenLinea.producto_id, desc(ordenLinea.orden_id), desc(ordenLinea.cantidad), asc(ordenLinea.precio))
    .as('ultimas');
  const filas = await db
    .select({ producto_id: ultimas.producto_id, precio: ultimas.precio, proveedor: ultimas.proveedor, creado_en: orden.creado_en })
    .from(ultimas)
    .innerJoin(orden, eq(orden.id, ultimas.orden_id));
  return new Map(filas.map((f) => [f.producto_id!, { precio: f.precio, fecha: hoyEnChile(f.creado_en), proveedor: f.proveedor }]));
}
