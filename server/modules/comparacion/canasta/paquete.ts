import type { TerminosDespacho } from '#common/despacho';
import type { LineaCanasta, OfertaCanasta } from './plan';
import type { Rango } from '#common/precio';

/**
 * A basket as the solver's thread receives it: one Float64Array (handed over, not copied) and the
 * expiry dates once each. postMessage cloned ~1,500 offer objects (each with a supplier's name
 * the solver never reads) and every supplier's delivery terms (with the ids of its comunas, up to
 * 346) in ~4 ms per comparison on the request thread; packed, a fraction of one.
 *
 * Layout: number of lines; per line: cantidad, number of offers; per offer: proveedor_producto_id,
 * proveedor_id, tarifa, stock, index of fecha_vencimiento in `fechas`, number of tiers; per tier:
 * limite_inferior, precio. Then the number of suppliers with terms among the offers'; per
 * supplier: proveedor_id, monto_minimo, costo_despacho, despacho_gratis_desde (−1: none).
 */
export interface CanastaEmpaquetada {
  numeros: Float64Array<ArrayBuffer>;
  fechas: string[];
}

export function empaquetar(lineas: readonly LineaCanasta[], terminos: ReadonlyMap<number, TerminosDespacho>): CanastaEmpaquetada {
  // The size first, then one typed array written in place (a growing array of ~20,000 numbers
  // copied into one took ~0.7 ms of the request thread per comparison).
  let largo = 2;
  const suyos = new Set<number>();
  for (const l of lineas) {
    largo += 2;
    for (const o of l.ofertas) {
      largo += 6 + 2 * o.rangos.length;
      if (terminos.has(o.proveedor_id)) suyos.add(o.proveedor_id);
    }
  }
  const numeros = new Float64Array(largo + 4 * suyos.size);
  const fechas: string[] = [];
  const indiceFecha = new Map<string, number>();
  let k = 0;
  const poner = (x: number) => {
    numeros[k++] = x;
  };
  poner(lineas.length);
  for (const l of lineas) {
    poner(l.cantidad);
    poner(l.ofertas.length);
    for (const o of l.ofertas) {
      let f = indiceFecha.get(o.fecha_vencimiento);
      if (f === undefined) {
        f = fechas.push(o.fecha_vencimiento) - 1;
        indiceFecha.set(o.fecha_vencimiento, f);
      }
      poner(o.proveedor_producto_id);
      poner(o.proveedor_id);
      poner(o.tarifa);
      poner(o.stock);
      poner(f);
      poner(o.rangos.length);
      for (const r of o.rangos) {
        poner(r.limite_inferior);
        poner(r.precio);
      }
    }
  }
  poner(suyos.size);
  for (const id of suyos) {
    const t = terminos.get(id)!;
    poner(id);
    poner(t.monto_minimo);
    poner(t.costo_despacho);
    poner(t.despacho_gratis_desde ?? -1);
  }
  return { numeros, fechas };
}

export function desempaquetar({ numeros, fechas }: CanastaEmpaquetada): { lineas: LineaCanasta[]; terminos: Map<number, TerminosDespacho> } {
  // Plain loops: Array.from({ length }, f) took ~1 ms of the solver's thread per basket, these ~0.1.
  let k = 0;
  const lineas: LineaCanasta[] = [];
  for (let nLineas = numeros[k++]!; nLineas > 0; nLineas--) {
    const cantidad = numeros[k++]!;
    const ofertas: OfertaCanasta[] = [];
    for (let nOfertas = numeros[k++]!; nOfertas > 0; nOfertas--) {
      const proveedor_producto_id = numeros[k++]!;
      const proveedor_id = numeros[k++]!;
      const tarifa = numeros[k++]!;
      const stock = numeros[k++]!;
      const fecha_vencimiento = fechas[numeros[k++]!]!;
      const rangos: Rango[] = [];
      for (let nRangos = numeros[k++]!; nRangos > 0; nRangos--) rangos.push({ limite_inferior: numeros[k++]!, precio: numeros[k++]! });
      ofertas.push({ proveedor_producto_id, proveedor_id, tarifa, rangos, stock, fecha_vencimiento });
    }
    lineas.push({ cantidad, ofertas });
  }
  const terminos = new Map<number, TerminosDespacho>();
  for (let n = numeros[k++]!; n > 0; n--) {
    const id = numeros[k++]!;
    const monto_minimo = numeros[k++]!;
    const costo_despacho = numeros[k++]!;
    const gratis = numeros[k++]!;
    terminos.set(id, { monto_minimo, costo_despacho, despacho_gratis_desde: gratis < 0 ? null : gratis });
  }
  return { lineas, terminos };
}
