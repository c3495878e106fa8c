import { formatClp, formatDiaCercano } from '#common/format';
import { subtotal } from '#common/precio';
import type { ResultadoComparacion } from '#common/schemas/comparacion';
import { type ComparacionUltimaVez, compararConUltimaVez, formatVariacion, type UltimoPrecio } from '#common/ultima-vez';
import { proveido } from './seleccion';

// The price paid last time beside today's (docs/producto.md §16, docs/decisions/023), as pure
// functions over the comparison's items and the choice as it stands.

/** 'La última vez: $4.990 el 12 de noviembre' (the year only when it is not this year's). */
export const textoUltimaVez = (ultimo: UltimoPrecio, hoy: string) => `La última vez: ${formatClp(ultimo.precio)} el ${formatDiaCercano(ultimo.fecha, hoy)}`;

export interface CambioPrecio {
  sentido: 'sube' | 'baja' | 'igual';
  /** ▲ dearer, ▼ cheaper; none when equal. */
  flecha: '▲' | '▼' | null;
  /** What is read after the arrow: '3 %', 'menos de 1 %', 'mismo precio'. */
  texto: string;
  /** The arrow in words, for a screen reader ('más caro'). */
  lectura: string | null;
}

/** Today's unit price against last time's, in whole percent of last time's. */
export function cambioPrecio(hoy: number, antes: number): CambioPrecio {
  if (hoy === antes || antes <= 0) return { sentido: 'igual', flecha: null, texto: 'mismo precio', lectura: null };
  const porcentaje = Math.round((Math.abs(hoy - antes) / antes) * 100);
  const texto = porcentaje === 0 ? 'menos de 1\u00a0%' : `${porcentaje}\u00a0%`;
  return hoy > antes ? { sentido: 'sube', flecha: '▲', texto, lectura: 'más caro' } : { sentido: 'baja', flecha: '▼', texto, lectura: 'más barato' };
}

/** The choice as it stands against the same quantities at last time's prices (common/ultima-vez.ts); null when nothing in it was bought before. */
export const comparacionUltimaVez = (resultados: readonly ResultadoComparacion[]): ComparacionUltimaVez | null =>
  compararConUltimaVez(
    resultados.map((r) => ({
      cantidad: proveido(r),
      subtotal: r.opciones_seleccionadas.reduce((s, o) => s + subtotal(o.cantidad_proveida, o.precio), 0),
      ultimo_precio: r.ultimo_precio,
    })),
  );

/** The total panel's line: '−2,1 % que la última vez ($123.456 → $120.864)'. */
export const textoComparacionUltimaVez = ({ hoy, antes, variacion }: ComparacionUltimaVez) =>
  hoy === antes
    ? `mismo precio que la última vez (${formatClp(hoy)})`
    : `${formatVariacion(variacion)} que la última vez (${formatClp(antes)} → ${formatClp(hoy)})`;
