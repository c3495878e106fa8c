import type { TerminosDespacho } from '../../../common/despacho';
import type { LineaCanasta, OfertaCanasta } from './canasta-plan';

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
  const numeros: number[] = [lineas.length];
  const fechas: string[] = [];
  const indiceFecha = new Map<string, number>();
  for (const l of lineas) {
    numeros.push(l.cantidad, l.ofertas.length);
    for (const o of l.ofertas) {
      let f = indiceFecha.get(o.fecha_vencimiento);
      if (f === undefined) {
        f = fechas.push(o.fecha_vencimiento) - 1;
        indiceFecha.set(o.fecha_vencimiento, f);
      }
      numeros.push(o.proveedor_producto_id, o.proveedor_id, o.tarifa, o.stock, f, o.rangos.length);
      for (const r of o.rangos) numeros.push(r.limite_inferior, r.precio);
    }
  }
  const suyos = new Set(lineas.flatMap((l) => l.ofertas.map((o) => o.proveedor_id)).filter((id) => terminos.has(id)));
  numeros.push(suyos.size);
  for (const id of suyos) {
    const t = terminos.get(id)!;
    numeros.push(id, t.monto_minimo, t.costo_despacho, t.despacho_gratis_desde ?? -1);
  }
  return { numeros: Float64Array.from(numeros), fechas };
}

export function desempaquetar({ numeros, fechas }: CanastaEmpaquetada): { lineas: LineaCanasta[]; terminos: Map<number, TerminosDespacho> } {
  let k = 0;
  const siguiente = () => numeros[k++]!;
  const lineas = Array.from({ length: siguiente() }, () => {
    const cantidad = siguiente();
    const ofertas: OfertaCanasta[] = Array.from({ length: siguiente() }, () => {
      const proveedor_producto_id = siguiente();
      const proveedor_id = siguiente();
      const tarifa = siguiente();
      const stock = siguiente();
      const fecha_vencimiento = fechas[siguiente()]!;
      const rangos = Array.from({ length: siguiente() }, () => ({ limite_inferior: siguiente(), precio: siguiente() }));
      return { proveedor_producto_id, proveedor_id, tarifa, rangos, stock, fecha_vencimiento };
    });
    return { cantidad, ofertas };
  });
  const terminos = new Map<number, TerminosDespacho>();
  for (let n = siguiente(); n > 0; n--) {
    const id = siguiente();
    const monto_minimo = siguiente();
    const costo_despacho = siguiente();
    const gratis = siguiente();
    terminos.set(id, { monto_minimo, costo_despacho, despacho_gratis_desde: gratis < 0 ? null : gratis });
  }
  return { lineas, terminos };
}
