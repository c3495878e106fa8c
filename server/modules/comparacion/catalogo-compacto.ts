import type { CondicionesDespacho } from '../../../common/despacho';
import type { ProductoComparable } from './comparacion.repository';
import type { Oferta } from './ofertas-vivas';
import type { Rango } from './precio';

/**
 * How the comparison cache holds a product (docs/decisions/015): its offers, their tiers and lots
 * as numbers in two typed arrays, and the texts they repeat (suppliers' names, expiry dates) as
 * indexes into one table of the cache. As JS objects the whole live catalogue at 1,000,000 offers
 * would not fit (~600 bytes an offer: an object per offer, per tier and per lot); packed, an offer
 * with two lots and three or four tiers is ~90 bytes. A comparison decodes only the ~30 products it
 * asks for (~1,500 offers, well under a millisecond).
 *
 * Per offer, in `enteros`: proveedor_producto_id, proveedor_id, tarifa, the supplier's name (text
 * index), how many tiers, how many lots; then per tier its precio, and per lot its expiry (text
 * index). In `reales`, in the same order: per tier its limite_inferior, per lot its cantidad (both
 * numeric(12,2) read as float8: kept as the same doubles).
 */
export interface ProductoCompacto {
  producto: ProductoComparable | undefined;
  /** Offers held: the cache's bound counts them. */
  ofertas: number;
  enteros: Int32Array;
  reales: Float64Array;
  condiciones: ReadonlyMap<number, CondicionesDespacho>;
}

/** What a comparison reads of a product, as the database read gives it (comparacion-cache.ts). */
export interface ProductoConOfertas {
  producto: ProductoComparable | undefined;
  ofertas: Oferta[];
  /**
   * The delivery terms of its offers' suppliers that saved theirs (issue #22). Kept with the
   * product: migration 0013's triggers notify every product of a supplier whose terms change.
   */
  condiciones: ReadonlyMap<number, CondicionesDespacho>;
}

const CABECERA = 6;
const INT32_MAX = 2 ** 31 - 1;
/** Most products are read without terms: one empty map for all of them. */
const SIN_CONDICIONES: ReadonlyMap<number, CondicionesDespacho> = new Map();

/**
 * Texts kept once for every product of a cache: a supplier's name is on ~5,000 offers, an expiry
 * date on thousands of lots. Only grows, by the distinct names and dates seen; the cache starts a
 * new one whenever it forgets everything.
 */
export function createTextos() {
  const lista: string[] = [];
  const indices = new Map<string, number>();
  return {
    indice(texto: string): number {
      let i = indices.get(texto);
      if (i === undefined) {
        i = lista.length;
        lista.push(texto);
        indices.set(texto, i);
      }
      return i;
    },
    texto: (i: number) => lista[i]!,
    size: () => lista.length,
  };
}
export type Textos = ReturnType<typeof createTextos>;

const esEntero32 = (n: number) => Number.isInteger(n) && n >= -INT32_MAX - 1 && n <= INT32_MAX;

/**
 * The packed form of a product read from the database, or undefined when some number would not
 * survive it (an id or price outside int32, which the schema's integer columns never hold): the
 * cache then keeps it as read, so what it answers never differs from the database.
 */
export function encodeProducto(valor: ProductoConOfertas, textos: Textos): ProductoCompacto | ProductoConOfertas {
  let nEnteros = 0;
  let nReales = 0;
  for (const o of valor.ofertas) {
    nEnteros += CABECERA + o.rangos.length + o.lotes.length;
    nReales += o.rangos.length + o.lotes.length;
  }
  const enteros = new Int32Array(nEnteros);
  const reales = new Float64Array(nReales);
  let e = 0;
  let r = 0;
  const entero = (n: number) => {
    if (!esEntero32(n)) return false;
    enteros[e++] = n;
    return true;
  };
  for (const o of valor.ofertas) {
    const cabecera =
      entero(o.proveedor_producto_id) &&
      entero(o.proveedor_id) &&
      entero(o.tarifa) &&
      entero(textos.indice(o.proveedor)) &&
      entero(o.rangos.length) &&
      entero(o.lotes.length);
    if (!cabecera || o.producto_id !== valor.producto?.id) return valor;
    for (const t of o.rangos) {
      if (!entero(t.precio)) return valor;
      reales[r++] = t.limite_inferior;
    }
    for (const l of o.lotes) {
      enteros[e++] = textos.indice(l.fecha_expiracion);
      reales[r++] = l.cantidad;
    }
  }
  return {
    producto: valor.producto,
    ofertas: valor.ofertas.length,
    enteros,
    reales,
    condiciones: valor.condiciones.size === 0 ? SIN_CONDICIONES : valor.condiciones,
  };
}

export const isCompacto = (v: ProductoCompacto | ProductoConOfertas): v is ProductoCompacto => !Array.isArray(v.ofertas);

/** The product as the database read gave it: new offer, tier and lot objects, built field by field (docs/decisions/010). */
export function decodeProducto(c: ProductoCompacto, textos: Textos): ProductoConOfertas {
  const { enteros, reales } = c;
  const productoId = c.producto?.id ?? 0;
  const ofertas: Oferta[] = new Array(c.ofertas);
  let e = 0;
  let r = 0;
  for (let k = 0; k < c.ofertas; k++) {
    const proveedor_producto_id = enteros[e]!;
    const proveedor_id = enteros[e + 1]!;
    const tarifa = enteros[e + 2]!;
    const proveedor = textos.texto(enteros[e + 3]!);
    const nRangos = enteros[e + 4]!;
    const nLotes = enteros[e + 5]!;
    e += CABECERA;
    const rangos: Rango[] = new Array(nRangos);
    for (let i = 0; i < nRangos; i++) rangos[i] = { limite_inferior: reales[r++]!, precio: enteros[e++]! };
    const lotes: Oferta['lotes'] = new Array(nLotes);
    for (let i = 0; i < nLotes; i++) lotes[i] = { cantidad: reales[r++]!, fecha_expiracion: textos.texto(enteros[e++]!) };
    ofertas[k] = { proveedor_producto_id, producto_id: productoId, proveedor_id, proveedor, tarifa, rangos, lotes };
  }
  return { producto: c.producto, ofertas, condiciones: c.condiciones };
}
