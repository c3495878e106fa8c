import { errorCantidadConfirmada } from '#common/confirmacion-parcial';
import { cantidadEs, formatCantidad } from '#common/format';
import { centesimas } from '#common/numeros';
import { subtotal } from '#common/precio';
import { LINEA_REPETIDA, lineaAjena, MOTIVO_MAX } from '#common/schemas/pedidos';
import { AppError, badRequest } from '#server/errors';

/** An order line as a confirmation weighs it (pedidos.repository.ts findLineasDePedido). */
export interface LineaAConfirmar {
  id: number;
  producto_nombre: string;
  unidad: string;
  cantidad: number;
  precio: number;
}

/** A line confirmed for less than ordered: what is confirmed and charged, and the hundredths that go back to stock. */
export interface LineaCorta extends LineaAConfirmar {
  cantidad_confirmada: number;
  subtotal: number;
  devuelta: number;
}

/**
 * What a confirmation with quantities does to a pedido's lines (docs/producto.md §18, docs/decisions/026
 * §Confirmación parcial): a line not named is confirmed whole, a line named with all it ordered is not
 * short; every line at 0 is a rejection. Refuses (400, changing nothing) a line of another pedido or
 * named twice, under `lineas`, and a quantity its rule refuses under `lineas.{i}.cantidad`, the path
 * of the value in the body, so the supplier's form puts it under its input.
 */
export function planConfirmacion(
  lineas: readonly LineaAConfirmar[],
  pedidas: readonly { id: number; cantidad: number }[],
): { rechazo: boolean; cortas: LineaCorta[] } {
  const porId = new Map(lineas.map((l) => [l.id, l]));
  const vistas = new Set<number>();
  for (const p of pedidas) {
    if (!porId.has(p.id)) throw badRequest('lineas', lineaAjena(p.id));
    if (vistas.has(p.id)) throw badRequest('lineas', LINEA_REPETIDA);
    vistas.add(p.id);
  }
  const errores: Record<string, string[]> = {};
  pedidas.forEach((p, i) => {
    const l = porId.get(p.id)!;
    const error = errorCantidadConfirmada(p.cantidad, l.cantidad, l.unidad);
    if (error) errores[`lineas.${i}.cantidad`] = [error];
  });
  if (Object.keys(errores).length > 0) throw new AppError(400, errores);

  const confirmada = new Map(pedidas.map((p) => [p.id, centesimas(p.cantidad)]));
  const cortas = lineas.flatMap((l) => {
    const c = confirmada.get(l.id) ?? centesimas(l.cantidad);
    const devuelta = centesimas(l.cantidad) - c;
    return devuelta > 0 ? [{ ...l, cantidad_confirmada: c / 100, subtotal: subtotal(c / 100, l.precio), devuelta }] : [];
  });
  return { rechazo: lineas.every((l) => (confirmada.get(l.id) ?? centesimas(l.cantidad)) === 0), cortas };
}

/**
 * The 'confirmado' event's reason: each short line, confirmed of ordered ('Confirmado parcial:
 * Lomo vetado 80 de 100 kg'), then the supplier's own reason when it gave one; cut to what the
 * history keeps.
 */
export function motivoConfirmacionParcial(cortas: readonly LineaCorta[], motivo: string | null): string {
  const lineas = cortas.map((c) => `${c.producto_nombre} ${cantidadEs(c.cantidad_confirmada)} de ${formatCantidad(c.cantidad, c.unidad)}`).join('; ');
  const texto = `Confirmado parcial: ${lineas}${motivo ? `. ${motivo}` : ''}`;
  return texto.length <= MOTIVO_MAX ? texto : `${texto.slice(0, MOTIVO_MAX - 1)}…`;
}
