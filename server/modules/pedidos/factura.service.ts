import { hoyEnChile } from '#common/fecha';
import {
  FACTURA_DE_PEDIDO_PAGADO,
  FACTURA_DESPUES_DEL_PAGO,
  FACTURA_QUITADA,
  FACTURA_SIN_CONFIRMAR,
  FACTURA_SIN_NUMERO,
  type FacturaPedidoData,
  facturaDePedidoCerrado,
  facturaTexto,
  fechaAntesDelPedido,
  fechaFutura,
  PAGO_ANTES_DE_FACTURA,
  PAGO_QUITADO,
  PAGO_SIN_FACTURA,
  PEDIDO_NO_ENCONTRADO,
  type PedidoDetalle,
  pagoTexto,
  SOLO_PROVEEDOR_FACTURA,
} from '#common/schemas/pedidos';
import type { Db } from '#server/db/client';
import { AppError, badRequest, notFound } from '#server/errors';
import { type Factura, lockFactura, updateFactura } from './factura.repository';
import { getPedido } from './pedidos.service';

/**
 * What the pedido's invoice and payment become: a field absent stays, null clears it; clearing the
 * invoice's number clears its date too (an invoice without a number is none).
 */
export function facturaNueva(actual: Factura, cambio: FacturaPedidoData): Factura {
  const factura_numero = cambio.factura_numero === undefined ? actual.factura_numero : cambio.factura_numero;
  const factura_fecha = cambio.factura_fecha !== undefined ? cambio.factura_fecha : factura_numero === null ? null : actual.factura_fecha;
  return { factura_numero, factura_fecha, pagado_el: cambio.pagado_el === undefined ? actual.pagado_el : cambio.pagado_el };
}

/**
 * The first rule the new invoice and payment break, as [field, message] (docs/decisions/026): a date
 * needs a number, a payment an invoice; the invoice is dated from the day the pedido was placed to
 * today (Chile), the payment from the invoice's day (or the pedido's) to today. A date rule is told
 * under the date that was sent.
 */
export function reglaFacturaRota(f: Factura, cambio: FacturaPedidoData, diaPedido: string, hoy: string): [string, string] | undefined {
  if (f.factura_fecha !== null && f.factura_numero === null) return ['factura_numero', FACTURA_SIN_NUMERO];
  if (f.pagado_el !== null && f.factura_numero === null) return ['pagado_el', PAGO_SIN_FACTURA];
  if (f.factura_fecha !== null) {
    if (f.factura_fecha < diaPedido) return ['factura_fecha', fechaAntesDelPedido('factura', diaPedido)];
    if (f.factura_fecha > hoy) return ['factura_fecha', fechaFutura('factura')];
  }
  if (f.pagado_el !== null) {
    if (f.factura_fecha !== null && f.pagado_el < f.factura_fecha) {
      return cambio.pagado_el === undefined ? ['factura_fecha', FACTURA_DESPUES_DEL_PAGO] : ['pagado_el', PAGO_ANTES_DE_FACTURA];
    }
    if (f.pagado_el < diaPedido) return ['pagado_el', fechaAntesDelPedido('pago', diaPedido)];
    if (f.pagado_el > hoy) return ['pagado_el', fechaFutura('pago')];
  }
  return undefined;
}

/**
 * PATCH /api/pedidos/{id}/: its supplier records its invoice and payment (docs/producto.md §18). The
 * row is locked first, so two writes on one pedido run one after the other, and each change of the
 * invoice or the payment is one event of its history. Its buyer reads them (403 here); anyone else
 * is told the pedido does not exist.
 */
export async function saveFactura(db: Db, usuarioId: number, id: number, cambio: FacturaPedidoData): Promise<PedidoDetalle> {
  await db.transaction(async (tx) => {
    const actual = await lockFactura(tx, id);
    if (!actual || (actual.proveedor_id !== usuarioId && actual.comprador_id !== usuarioId)) throw notFound(PEDIDO_NO_ENCONTRADO);
    if (actual.proveedor_id !== usuarioId) throw new AppError(403, { detail: SOLO_PROVEEDOR_FACTURA });
    // A pedido is invoiced once its supplier confirmed it; one rejected or annulled sold nothing.
    if (actual.estado === 'pendiente') throw new AppError(409, { detail: FACTURA_SIN_CONFIRMAR });
    if (actual.estado === 'rechazado' || actual.estado === 'anulado') throw new AppError(409, { detail: facturaDePedidoCerrado(actual.estado) });

    const nueva = facturaNueva(actual, cambio);
    // A paid pedido keeps its invoice (its number may be corrected): the payment goes first, or both at once.
    if (actual.pagado_el !== null && nueva.pagado_el !== null && nueva.factura_numero === null) throw new AppError(409, { detail: FACTURA_DE_PEDIDO_PAGADO });
    const rota = reglaFacturaRota(nueva, cambio, hoyEnChile(actual.creado_en), hoyEnChile());
    if (rota) throw badRequest(...rota);

    const eventos = [];
    if (nueva.factura_numero !== actual.factura_numero || nueva.factura_fecha !== actual.factura_fecha) {
      const motivo = nueva.factura_numero === null ? FACTURA_QUITADA : facturaTexto(nueva.factura_numero, nueva.factura_fecha);
      eventos.push({ tipo: 'factura' as const, estado: actual.estado, motivo });
    }
    if (nueva.pagado_el !== actual.pagado_el) {
      eventos.push({ tipo: 'pago' as const, estado: actual.estado, motivo: nueva.pagado_el === null ? PAGO_QUITADO : pagoTexto(nueva.pagado_el) });
    }
    if (eventos.length > 0) await updateFactura(tx, id, nueva, eventos, usuarioId);
  });
  return getPedido(db, usuarioId, id);
}
