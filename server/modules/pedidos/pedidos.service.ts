import { cotizarDeNuevoPath, type LineaRepetir, lineasARepetir } from '#common/repetir';
import {
  type CambioEstadoData,
  ESTADOS_DEL_COMPRADOR,
  ESTADOS_DEL_PROVEEDOR,
  ESTADOS_QUE_DEVUELVEN,
  LINEAS_SOLO_PENDIENTE,
  MOTIVO_SIN_CANTIDADES,
  ORDEN_NO_ENCONTRADA,
  type OrdenDetalle,
  type OrdenesPage,
  PEDIDO_NO_ENCONTRADO,
  type PedidoDetalle,
  type PedidosPage,
  type PedidosQuery,
  puedeAnular,
  type Seguimiento,
  SOLO_COMPRADOR,
  SOLO_PROVEEDOR,
  transicionRechazada,
} from '#common/schemas/pedidos';
import type { Db } from '#server/db/client';
import { AppError, badRequest, notFound } from '#server/errors';
import type { Mailer } from '#server/mail/mailer';
import { correoEstadoPedido, correoPedidoAnulado } from '#server/mail/pedido-templates';
import { hashClave } from '#server/http/clave';
import type { FirmaSeguimiento } from './seguimiento';
import { type LineaCorta, motivoConfirmacionParcial, planConfirmacion } from './confirmacion-parcial';
import {
  findCorreosProveedores,
  findLineasDePedido,
  findOrdenCabecera,
  findOrdenesDeUsuario,
  findPedidoAcceso,
  findPedidosCompletos,
  findPedidosDeProveedor,
  montosOrden,
  type OrdenCabecera,
  ordenPorId,
  ordenPorSeguimiento,
  type PedidoAcceso,
  type PedidoCompleto,
  pedidoPorId,
  pedidosDeOrden,
  restockPedido,
  saveCantidadesConfirmadas,
  updateEstadoPedido,
} from './pedidos.repository';

/** Links in e-mails point at the public address of the app. */
export const enlaces = (publicUrl: string) => ({
  pedido: (id: number) => `${publicUrl}/pedidos-recibidos/${id}`,
  orden: (id: number) => `${publicUrl}/ordenes/${id}`,
  seguimiento: (token: string) => `${publicUrl}/seguimiento/${token}`,
  cotizarDeNuevo: (lineas: readonly LineaRepetir[]) => `${publicUrl}${cotizarDeNuevoPath(lineas)}`,
});

const detalle = (orden: OrdenCabecera, p: PedidoCompleto): PedidoDetalle => ({
  id: p.id,
  orden_id: p.orden_id,
  numero: p.numero,
  estado: p.estado,
  creado_en: p.creado_en,
  eventos: p.eventos,
  proveedor: p.proveedor,
  proveedor_empresa: p.proveedor_empresa,
  comprador: orden.comprador,
  // Its own delivery day: each supplier of an order may come another day.
  entrega: { ...orden.entrega, fecha_entrega: p.fecha_entrega },
  facturacion: orden.facturacion,
  lineas: p.lineas,
  costo_despacho: p.costo_despacho,
  total: p.total,
  parcial: p.parcial,
  recibido_en: p.recibido_en,
  recepcion_hasta: p.recepcion_hasta,
  reclamo: p.reclamo,
  factura_numero: p.factura_numero,
  factura_fecha: p.factura_fecha,
  pagado_el: p.pagado_el,
  neto: p.neto,
  iva: p.iva,
  total_con_iva: p.total_con_iva,
});

/** Its supplier or the buyer whose order it is; anyone else is told it does not exist. */
const participa = (p: PedidoAcceso | undefined, usuarioId: number): p is PedidoAcceso =>
  p !== undefined && (p.proveedor_id === usuarioId || p.comprador_id === usuarioId);

async function readPedido(db: Db, id: number): Promise<PedidoDetalle> {
  const [p] = await findPedidosCompletos(db, pedidoPorId(id));
  const orden = await findOrdenCabecera(db, ordenPorId(p!.orden_id));
  return detalle(orden!, p!);
}

export const listPedidos = (db: Db, proveedorId: number, query: PedidosQuery): Promise<PedidosPage> => findPedidosDeProveedor(db, proveedorId, query);

export async function getPedido(db: Db, usuarioId: number, id: number): Promise<PedidoDetalle> {
  if (!participa(await findPedidoAcceso(db, id), usuarioId)) throw notFound(PEDIDO_NO_ENCONTRADO);
  return readPedido(db, id);
}

export interface CambioDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  firma: FirmaSeguimiento;
}

/**
 * Moves a pedido in ONE transaction with its event, the stock it gives back and its
 * e-mails: the row is locked first, so of two changes racing on one pedido the second sees the
 * first's state (and repeating it changes nothing and sends nothing). The supplier moves its own
 * pedido; the buyer only annuls. A pendiente pedido may be confirmed with less of some lines
 * (`lineas`, docs/decisions/026 §Confirmación parcial): what is not confirmed goes back to its
 * lots now, and with every line at 0 it is a rejection.
 */
export async function changeEstado(deps: CambioDeps, usuarioId: number, id: number, cambio: CambioEstadoData): Promise<PedidoDetalle> {
  const { db, mailer, publicUrl, firma } = deps;
  const links = enlaces(publicUrl);
  await db.transaction(async (tx) => {
    const p = await findPedidoAcceso(tx, id, { lock: true });
    if (!participa(p, usuarioId)) throw notFound(PEDIDO_NO_ENCONTRADO);
    const comoProveedor = p.proveedor_id === usuarioId && ESTADOS_DEL_PROVEEDOR.includes(cambio.estado);
    const comoComprador = p.comprador_id === usuarioId && ESTADOS_DEL_COMPRADOR.includes(cambio.estado);
    if (!comoProveedor && !comoComprador) throw new AppError(403, { detail: ESTADOS_DEL_COMPRADOR.includes(cambio.estado) ? SOLO_COMPRADOR : SOLO_PROVEEDOR });
    // Quantities are a way of confirming: of a pedido confirmed already, not a repetition but another change.
    if (cambio.lineas !== undefined && p.estado !== 'pendiente') throw badRequest('lineas', LINEAS_SOLO_PENDIENTE);
    if (p.estado === cambio.estado) return;
    // A pedido confirmed partially its buyer may still annul (puedeAnular, docs/decisions/026 §Confirmación parcial).
    const rechazo = cambio.estado === 'anulado' && puedeAnular(p) ? undefined : transicionRechazada(p.estado, cambio.estado);
    if (rechazo) throw new AppError(409, { detail: rechazo });

    let estado = cambio.estado;
    let motivo = cambio.motivo ?? null;
    let cortas: LineaCorta[] = [];
    if (cambio.lineas !== undefined) {
      const plan = planConfirmacion(await findLineasDePedido(tx, id), cambio.lineas);
      if (plan.rechazo) {
        estado = 'rechazado';
        motivo ??= MOTIVO_SIN_CANTIDADES;
      } else cortas = plan.cortas;
    }
    await updateEstadoPedido(tx, id, estado, usuarioId, cortas.length > 0 ? motivoConfirmacionParcial(cortas, motivo) : motivo);
    if (cortas.length > 0) {
      await saveCantidadesConfirmadas(tx, id, cortas);
      await restockPedido(tx, id, new Map(cortas.map((c) => [c.id, c.devuelta])));
    }
    if (ESTADOS_QUE_DEVUELVEN.includes(estado)) await restockPedido(tx, id);

    const [completo] = await findPedidosCompletos(tx, pedidoPorId(id));
    const orden = (await findOrdenCabecera(tx, ordenPorId(p.orden_id)))!;
    if (orden.correo_comprador) {
      // Every one carries the tracking link, signed (the receipt's token is kept only as a hash);
      // an order of an account also links to its full page; a rejected pedido, to quoting its products again.
      const enlacesOrden = {
        seguimiento: links.seguimiento(firma.token(orden.id)),
        orden: orden.usuario_id !== null ? links.orden(orden.id) : undefined,
        cotizarDeNuevo: estado === 'rechazado' ? links.cotizarDeNuevo(lineasARepetir(completo!.lineas)) : undefined,
      };
      // A partial confirmation's e-mail shows its short lines itself; the reason is the supplier's own.
      await mailer.enqueue(tx, correoEstadoPedido(orden.correo_comprador, orden, completo!, { estado, motivo }, enlacesOrden));
    }
    if (estado === 'anulado' && p.proveedor_id !== null) {
      const correo = (await findCorreosProveedores(tx, [p.proveedor_id])).get(p.proveedor_id);
      if (correo) await mailer.enqueue(tx, correoPedidoAnulado(correo, orden, completo!, motivo, links.pedido(id)));
    }
  });
  void mailer.kick();
  return readPedido(db, id);
}

export const listOrdenes = (db: Db, usuarioId: number, page: number): Promise<OrdenesPage> => findOrdenesDeUsuario(db, usuarioId, page);

async function readOrden(db: Db, orden: OrdenCabecera): Promise<OrdenDetalle> {
  const pedidos = await findPedidosCompletos(db, pedidosDeOrden(orden.id));
  return {
    id: orden.id,
    creado_en: orden.creado_en,
    comprador: orden.comprador,
    entrega: orden.entrega,
    facturacion: orden.facturacion,
    total: orden.total,
    ...montosOrden(pedidos),
    pedidos: pedidos.map((p) => detalle(orden, p)),
  };
}

/** The logged-in buyer's own order; another's answers 404, as a missing one. */
export async function getOrden(db: Db, usuarioId: number, id: number): Promise<OrdenDetalle> {
  const orden = await findOrdenCabecera(db, ordenPorId(id));
  if (!orden || orden.usuario_id !== usuarioId) throw notFound(ORDEN_NO_ENCONTRADA);
  return readOrden(db, orden);
}

/**
 * The order of a tracking link, for whoever holds it (docs/decisions/011 §Enlace de seguimiento):
 * the receipt's random token (only its hash is stored) or the signed one of the status e-mails,
 * both 43 URL-safe characters. Each pedido's state, day, comuna and lines, and nothing that
 * identifies or reaches the buyer: a link can be forwarded. Built field by field, so a column
 * added to the order's header never leaks here by accident.
 */
export async function getSeguimiento(db: Db, firma: FirmaSeguimiento, token: string): Promise<Seguimiento> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound(ORDEN_NO_ENCONTRADA);
  let orden = await findOrdenCabecera(db, ordenPorSeguimiento(hashClave(token)));
  const firmada = orden ? undefined : firma.ordenId(token);
  if (firmada !== undefined) orden = await findOrdenCabecera(db, ordenPorId(firmada));
  if (!orden) throw notFound(ORDEN_NO_ENCONTRADA);
  const pedidos = await findPedidosCompletos(db, pedidosDeOrden(orden.id));
  return {
    id: orden.id,
    creado_en: orden.creado_en,
    total: orden.total,
    ...montosOrden(pedidos),
    pedidos: pedidos.map((p) => ({
      estado: p.estado,
      fecha_entrega: p.fecha_entrega,
      comuna_nombre: orden.entrega.comuna_nombre,
      id: p.id,
      proveedor: p.proveedor,
      lineas: p.lineas,
      costo_despacho: p.costo_despacho,
      total: p.total,
      parcial: p.parcial,
      neto: p.neto,
      iva: p.iva,
      total_con_iva: p.total_con_iva,
      eventos: p.eventos,
    })),
  };
}
