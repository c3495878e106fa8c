import type { LineaCanasta, OfertaCanasta } from './canasta-plan';

/**
 * A basket's lines as the solver's thread receives them: one Float64Array (handed over, not
 * copied) and the expiry dates once each. postMessage cloned ~1,500 offer objects (each with a
 * supplier's name and its tiers the solver never reads) in ~4 ms per comparison on the request
 * thread; packed, well under one.
 *
 * Layout, per line: cantidad, number of offers; per offer: proveedor_producto_id, proveedor_id,
 * tarifa, stock, index of fecha_vencimiento in `fechas`, number of tiers; per tier:
 * limite_inferior, precio.
 */
export interface LineasEmpaquetadas {
  numeros: Float64Array<ArrayBuffer>;
  fechas: string[];
}

export function empaquetar(lineas: readonly LineaCanasta[]): LineasEmpaquetadas {
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
  return { numeros: Float64Array.from(numeros), fechas };
}

export function desempaquetar({ numeros, fechas }: LineasEmpaquetadas): LineaCanasta[] {
  let k = 0;
  const siguiente = () => numeros[k++]!;
  return Array.from({ length: siguiente() }, () => {
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
}
