import type { CondicionesDespacho } from '#common/despacho';
import type { ProductoComparable } from '../comparacion.repository';
import type { Oferta } from '../motor/ofertas-vivas';
import type { Rango } from '#common/precio';

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
   * The delivery terms of its offers' suppliers that saved theirs. Kept with the
   * product: migration 0013's triggers notify every product of a supplier whose terms change.
   */
  condiciones: ReadonlyMap<number, CondicionesDespacho>;
}

const CABECERA = 6;
const DIA_MS = 86_400_000;
/** The preload reads expiries as days since this day (catalogo-compacto.repository.ts). */
const DIA_CERO = Date.UTC(2000, 0, 1);
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
  const porDia = new Map<number, number>();
  const indice = (texto: string): number => {
    let i = indices.get(texto);
    if (i === undefined) {
      i = lista.length;
      lista.push(texto);
      indices.set(texto, i);
    }
    return i;
  };
  return {
    indice,
    texto: (i: number) => lista[i]!,
    /**
     * The index of a date given as days since 2000-01-01, written as PostgreSQL writes it
     * (YYYY-MM-DD; both count by the proleptic Gregorian calendar); undefined outside years
     * 1–9999, which it writes otherwise.
     */
    fecha(dias: number): number | undefined {
      let i = porDia.get(dias);
      if (i === undefined) {
        if (!Number.isSafeInteger(dias) || Math.abs(dias) > 3_000_000) return undefined;
        const fecha = new Date(DIA_CERO + dias * DIA_MS).toISOString().slice(0, 10);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha) || fecha.startsWith('0000')) return undefined;
        i = indice(fecha);
        porDia.set(dias, i);
      }
      return i;
    },
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

/** Comma-separated numbers (a FilaCompacta's texts) as numbers: split and Number are native, an array literal's parser is not. */
const numeros = (texto: string | null): number[] => (texto === null ? [] : texto.split(',').map(Number));

/**
 * The packed form of a product straight from the preload's row (catalogo-compacto.repository.ts),
 * with no object per offer, lot or tier in between: what encodeProducto makes of findOfertas' read
 * of the same product. `fila` undefined: no live offers. Undefined when something would not
 * survive packing (a number outside int32, a date outside years 1–9999, a tier or supplier it
 * cannot name): the cache then reads that product as a comparison does.
 */
export function encodeFila(
  producto: ProductoComparable | undefined,
  fila: { ofertas: string; rangos: string | null; lotes: string } | undefined,
  contexto: { nombres: ReadonlyMap<number, string>; limites: ReadonlyMap<number, number>; condiciones: ReadonlyMap<number, CondicionesDespacho> },
  textos: Textos,
): ProductoCompacto | undefined {
  if (!fila) return { producto, ofertas: 0, enteros: new Int32Array(0), reales: new Float64Array(0), condiciones: SIN_CONDICIONES };
  const ofertas = numeros(fila.ofertas);
  const rangos = numeros(fila.rangos);
  const lotes = fila.lotes.split(',');
  const n = ofertas.length / 5;
  const nRangosTotal = rangos.length / 2;
  const nLotesTotal = lotes.length / 2;
  const enteros = new Int32Array(n * CABECERA + nRangosTotal + nLotesTotal);
  const reales = new Float64Array(nRangosTotal + nLotesTotal);
  let condiciones: Map<number, CondicionesDespacho> | undefined;
  const tiers: Rango[] = [];
  let e = 0;
  let r = 0;
  let t = 0;
  let l = 0;
  for (let k = 0; k < n; k++) {
    const [id, proveedorId, tarifa, nRangos, nLotes] = [ofertas[k * 5]!, ofertas[k * 5 + 1]!, ofertas[k * 5 + 2]!, ofertas[k * 5 + 3]!, ofertas[k * 5 + 4]!];
    const nombre = contexto.nombres.get(proveedorId);
    if (nombre === undefined || !esEntero32(id) || !esEntero32(proveedorId) || !esEntero32(tarifa)) return undefined;
    enteros[e++] = id;
    enteros[e++] = proveedorId;
    enteros[e++] = tarifa;
    enteros[e++] = textos.indice(nombre);
    enteros[e++] = nRangos;
    enteros[e++] = nLotes;
    // As findOfertas: in rango_precio_id order, then stably by limite_inferior.
    tiers.length = 0;
    for (let i = 0; i < nRangos; i++, t += 2) {
      const limite = contexto.limites.get(rangos[t]!);
      if (limite === undefined || !esEntero32(rangos[t + 1]!)) return undefined;
      tiers.push({ limite_inferior: limite, precio: rangos[t + 1]! });
    }
    tiers.sort((a, b) => a.limite_inferior - b.limite_inferior);
    for (const tier of tiers) {
      reales[r++] = tier.limite_inferior;
      enteros[e++] = tier.precio;
    }
    for (let i = 0; i < nLotes; i++, l += 2) {
      const fecha = textos.fecha(Number(lotes[l + 1]));
      if (fecha === undefined) return undefined;
      enteros[e++] = fecha;
      reales[r++] = Number(lotes[l]);
    }
    const c = contexto.condiciones.get(proveedorId);
    if (c) {
      condiciones ??= new Map();
      condiciones.set(proveedorId, c);
    }
  }
  if (t !== rangos.length || l !== lotes.length) return undefined;
  return { producto, ofertas: n, enteros, reales, condiciones: condiciones ?? SIN_CONDICIONES };
}

/** The suppliers of a preload row's offers. */
export function proveedoresDeFila(fila: { ofertas: string }): number[] {
  const ofertas = numeros(fila.ofertas);
  const ids: number[] = [];
  for (let k = 1; k < ofertas.length; k += 5) ids.push(ofertas[k]!);
  return ids;
}
