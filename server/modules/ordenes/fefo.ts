import { centesimas } from '#common/numeros';

/**
 * First-expired-first-out allocation of stock lots to order lines (DESIGN §2), a pure function
 * so it can be tested alone. Quantities have two decimals (numeric(12,2)): the arithmetic is done
 * in hundredths, as integers, so 0.1 + 0.2 never leaves a lot at -0.0000001.
 */

export interface LoteUsable {
  id: number;
  proveedor_producto_id: number;
  cantidad: number;
  fecha_expiracion: string;
}

/** An order line's ask: a quantity of one offer (not a pedido, which is a supplier's part of an order). */
export interface LineaATomar {
  proveedor_producto_id: number;
  cantidad: number;
}

export interface Toma {
  lote_id: number;
  cantidad: number;
}

export interface Faltante {
  /** Position of the line in the lines given. */
  indice: number;
  /** What the offer's usable lots still held for this line. */
  disponible: number;
}

/**
 * Takes each line's quantity from its offer's lots, the one expiring first first (ties by lot id,
 * so the result never depends on the order the database returned them in). Lines of the same
 * offer share its lots. Either every line is covered (`faltantes` empty) or the caller must
 * write nothing.
 */
export function asignarFefo(lineas: readonly LineaATomar[], lotes: readonly LoteUsable[]): { tomas: Toma[][]; faltantes: Faltante[] } {
  const restante = new Map(lotes.map((l) => [l.id, centesimas(l.cantidad)]));
  const porOferta = new Map<number, LoteUsable[]>();
  for (const l of lotes) porOferta.set(l.proveedor_producto_id, [...(porOferta.get(l.proveedor_producto_id) ?? []), l]);
  for (const grupo of porOferta.values()) grupo.sort((a, b) => a.fecha_expiracion.localeCompare(b.fecha_expiracion) || a.id - b.id);

  const tomas: Toma[][] = [];
  const faltantes: Faltante[] = [];
  lineas.forEach((linea, indice) => {
    const grupo = porOferta.get(linea.proveedor_producto_id) ?? [];
    const disponible = grupo.reduce((s, l) => s + restante.get(l.id)!, 0);
    let falta = centesimas(linea.cantidad);
    if (disponible < falta) {
      faltantes.push({ indice, disponible: disponible / 100 });
      tomas.push([]);
      return;
    }
    const deLaLinea: Toma[] = [];
    for (const l of grupo) {
      if (falta === 0) break;
      const toma = Math.min(falta, restante.get(l.id)!);
      if (toma === 0) continue;
      restante.set(l.id, restante.get(l.id)! - toma);
      falta -= toma;
      deLaLinea.push({ lote_id: l.id, cantidad: toma / 100 });
    }
    tomas.push(deLaLinea);
  });
  return { tomas, faltantes };
}
