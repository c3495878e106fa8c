import { costoDespacho, type TerminosDespacho } from '#common/despacho';
import type { LineaCanasta, OfertaCanasta } from '#server/modules/comparacion/canasta/canasta';
import { precioUnitario, subtotal } from '#common/precio';

/**
 * The delivered basket by brute force (test-only): every whole allocation of every line (each
 * offer 0..⌊stock⌋, each line at most its quantity), every combination of them across lines.
 * Keeps the most units supplied, then the least landed total among the baskets where every
 * supplier used reaches its minimum (and, with `maxProveedores`, that use at most that many
 * suppliers). For instances of a few lines and offers with small quantities.
 */
export function canastaFuerzaBruta(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  maxProveedores = Number.POSITIVE_INFINITY,
) {
  const proveedores = [...new Set(lineas.flatMap((l) => l.ofertas.map((o) => o.proveedor_id)))];
  const indice = new Map(proveedores.map((s, i) => [s, i]));
  // Per line, every allocation as (units, subtotal per supplier).
  const opciones = lineas.map((l) => {
    const todas: Array<{ unidades: number; subtotales: number[] }> = [];
    const q = new Array<number>(l.ofertas.length).fill(0);
    const recorrer = (k: number, resto: number) => {
      if (k === l.ofertas.length) {
        const subtotales = new Array<number>(proveedores.length).fill(0);
        let unidades = 0;
        l.ofertas.forEach((o, j) => {
          if (q[j]! <= 0) return;
          unidades += q[j]!;
          subtotales[indice.get(o.proveedor_id)!]! += subtotal(q[j]!, precioUnitario(o, q[j]!));
        });
        todas.push({ unidades, subtotales });
        return;
      }
      for (let c = 0; c <= Math.min(resto, Math.floor(l.ofertas[k]!.stock)); c++) {
        q[k] = c;
        recorrer(k + 1, resto - c);
      }
      q[k] = 0;
    };
    recorrer(0, Math.floor(l.cantidad));
    return todas;
  });
  let mejor = { cobertura: -1, total: Number.POSITIVE_INFINITY };
  const subtotales = new Array<number>(proveedores.length).fill(0);
  const combinar = (i: number, cobertura: number) => {
    if (i === lineas.length) {
      let total = 0;
      let usados = 0;
      for (let s = 0; s < proveedores.length; s++) {
        const sub = subtotales[s]!;
        if (sub <= 0) continue;
        if (++usados > maxProveedores) return;
        const t = terminos.get(proveedores[s]!);
        if (t && sub < t.monto_minimo) return;
        total += sub + (t ? costoDespacho(sub, t) : 0);
      }
      if (cobertura > mejor.cobertura || (cobertura === mejor.cobertura && total < mejor.total)) mejor = { cobertura, total };
      return;
    }
    for (const o of opciones[i]!) {
      for (let s = 0; s < proveedores.length; s++) subtotales[s]! += o.subtotales[s]!;
      combinar(i + 1, cobertura + o.unidades);
      for (let s = 0; s < proveedores.length; s++) subtotales[s]! -= o.subtotales[s]!;
    }
  };
  combinar(0, 0);
  return mejor;
}

/** How many baskets canastaFuerzaBruta would look at: keep test instances small enough. */
export function basketsPorRecorrer(lineas: readonly LineaCanasta[]): number {
  let total = 1;
  for (const l of lineas) {
    // formas[u]: the allocations of the offers seen so far that use u units.
    let formas = new Array<number>(Math.floor(l.cantidad) + 1).fill(0);
    formas[0] = 1;
    for (const o of l.ofertas) {
      const siguiente = new Array<number>(formas.length).fill(0);
      formas.forEach((n, usado) => {
        for (let c = 0; c <= Math.floor(o.stock) && usado + c < formas.length; c++) siguiente[usado + c]! += n;
      });
      formas = siguiente;
    }
    total *= formas.reduce((s, n) => s + n, 0);
  }
  return total;
}

let siguienteId = 1;
export const oferta = (
  proveedor_id: number,
  tarifa: number,
  stock: number,
  rangos: Array<[number, number]> = [],
  fecha_vencimiento = '2027-01-01',
): OfertaCanasta => ({
  proveedor_producto_id: siguienteId++,
  proveedor_id,
  tarifa,
  rangos: rangos.map(([limite_inferior, precio]) => ({ limite_inferior, precio })),
  stock,
  fecha_vencimiento,
});
export const terminos = (monto_minimo: number, costo_despacho: number, despacho_gratis_desde: number | null = null): TerminosDespacho => ({
  monto_minimo,
  costo_despacho,
  despacho_gratis_desde,
});

/** A small random instance: ≤ 5 suppliers, ≤ 4 lines, quantities ≤ 6, tiers, stock, terms. */
export function canastaAlAzar(r: () => number) {
  const entero = (a: number, b: number) => a + Math.floor(r() * (b - a + 1));
  const nProveedores = entero(1, 5);
  const mapa = new Map<number, TerminosDespacho>();
  for (let s = 1; s <= nProveedores; s++) {
    if (r() < 0.2) continue;
    mapa.set(s, terminos(r() < 0.5 ? 0 : entero(10, 80), r() < 0.4 ? 0 : entero(3, 25), r() < 0.5 ? null : entero(15, 100)));
  }
  const lineas: LineaCanasta[] = Array.from({ length: entero(1, 4) }, () => {
    const proveedores = Array.from({ length: nProveedores }, (_, i) => i + 1).sort(() => r() - 0.5);
    return {
      cantidad: entero(1, 6),
      ofertas: proveedores.slice(0, entero(1, Math.min(3, nProveedores))).map((s) => {
        const tarifa = entero(5, 20);
        const rangos: Array<[number, number]> = Array.from({ length: entero(0, 2) }, () => [
          entero(2, 5) + (r() < 0.15 ? 0.5 : 0),
          r() < 0.1 ? 0 : tarifa + entero(-6, 1),
        ]);
        return oferta(s, tarifa, entero(0, 7) + (r() < 0.15 ? 0.5 : 0), rangos, r() < 0.5 ? '2027-01-01' : '2027-03-01');
      }),
    };
  });
  // Keep the brute force fast: fewer units while it would look at too many baskets.
  while (basketsPorRecorrer(lineas) > 20_000) {
    const mayor = lineas.reduce((a, b) => (b.cantidad > a.cantidad ? b : a));
    mayor.cantidad--;
  }
  return { lineas, terminos: mapa };
}
