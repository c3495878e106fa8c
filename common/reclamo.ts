import { formatCantidad } from './format';
import { centesimas } from './numeros';
import { subtotal } from './precio';
import { HORAS_PARA_RECEPCION } from './schemas/pedidos';

/**
 * A receipt's claim (docs/decisions/026): what a line received short is worth, net. The server's
 * claim and the buyer's form, live, price it with this one rule.
 */

/** What the supplier confirmed of a line: all of it unless it confirmed less. */
export const cantidadConfirmada = (l: { cantidad: number; cantidad_confirmada: number | null }) => l.cantidad_confirmada ?? l.cantidad;

/** What confirmed and not received is worth, net: subtotal(confirmed − received, price), exact to the hundredth before the price. */
export function montoFaltante(l: { cantidad: number; cantidad_confirmada: number | null; precio: number }, recibida: number): number {
  const falta = (centesimas(cantidadConfirmada(l)) - centesimas(recibida)) / 100;
  return falta > 0 ? subtotal(falta, l.precio) : 0;
}

/** Until when the buyer may record what arrived of a pedido delivered at `entregadoEn` (docs/producto.md §18). */
export const recepcionHasta = (entregadoEn: Date): Date => new Date(entregadoEn.getTime() + HORAS_PARA_RECEPCION * 3_600_000);

export const recibidaExcesiva = (confirmada: number, unidad: string) =>
  `La cantidad recibida no puede superar la confirmada (${formatCantidad(confirmada, unidad)}).`;
export const RECIBIDA_DECIMALES = 'La cantidad recibida puede tener como máximo 2 decimales.';
