/**
 * Matching uploaded names against the catalogue (DESIGN §4): trigram similarity on
 * normalised names, computed as pg_trgm computes it (each word padded with two spaces before and
 * one after; similarity = shared trigrams / trigrams of either), but in memory over the catalogue
 * read once per upload. pg_trgm's GIN index answered one name in 11–34 ms on the embedded engine
 * (a common word such as "pollo" brings thousands of candidates), which made a 50,000-row file
 * take many minutes; here an inverted index of trigrams does the same in milliseconds
 * (docs/decisions/008). Pure: no I/O.
 */
import { foldForSearch } from '#common/search-es';
import type { Yielder } from './upload-queue';

/** Unit, pack and filler words that say nothing about which product it is. */
const UNIDADES = new Set('kg kgs kilo kilos k gr grs g gramos lt lts litro litros cc ml'.split(' '));
const RELLENO = new Set('caja cajas cj un und unid unidad unidades de del la el los las con en al y x'.split(' '));
const PALABRA = /[a-z]+|[0-9]+/g;
const DIGITO = /^[0-9]/;

/**
 * The name as matching sees it: accents and case folded, anything but letters and digits a space,
 * numbers apart from letters, a pack size ('10kg', '500 g': a unit word and the number just
 * before it) and unit and filler words (kg, kilo, caja, de, con…) dropped, words joined by one
 * space. 'Pechuga de Pollo 10kg' → 'pechuga pollo'. Word by word, not by regular expressions
 * over the name: it runs for every row and every catalogue product (9 → 4 µs a name, measured).
 */
export function normalizarNombre(nombre: string): string {
  const palabras = foldForSearch(nombre).match(PALABRA) ?? [];
  const out: string[] = [];
  let anterior = '';
  for (const p of palabras) {
    if (UNIDADES.has(p)) {
      // '10 kg': the number right before a unit is the pack size (a number is always kept, so it is the last one out).
      if (DIGITO.test(anterior)) out.pop();
    } else if (!RELLENO.has(p)) out.push(p);
    anterior = p;
  }
  return out.join(' ');
}

/** pg_trgm's trigrams of a normalised name: per word, '  w' … 'w ' (a set). */
export function trigramas(normalizado: string): string[] {
  const out = new Set<string>();
  for (const palabra of normalizado.split(' ')) {
    if (palabra === '') continue;
    const p = `  ${palabra} `;
    for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  }
  return [...out];
}

export interface ProductoCatalogo {
  id: number;
  nombre: string;
  marca: string;
  origen: string;
  formatos: string[];
}

export interface Busqueda {
  nombre: string;
  marca: string | null;
  origen: string | null;
  formato: string | null;
}

export interface Coincidencia {
  producto: ProductoCatalogo;
  similitud: number;
}

/**
 * The catalogue indexed by trigram. `buscar` answers the most similar product at `umbral` or
 * more: similarity rounded to two decimals first, then the same marca, the same origen, a
 * formato it comes in, the lowest id (DESIGN §4: marca/origen/formato break ties).
 */
export async function createMatcher(catalogo: ProductoCatalogo[], umbral: number, yielder?: Yielder) {
  // Trigrams as numbers; per product its trigram ids, per trigram the products that have it.
  const idDe = new Map<string, number>();
  const listas: number[][] = [];
  const deProducto: Int32Array[] = [];
  // Most rows name a product exactly as the catalogue does once normalised: found by the name alone.
  const exactos = new Map<string, number[]>();
  // 10,000 products are ~0.2 s of the request thread: in slices.
  for (const [k, p] of catalogo.entries()) {
    if (yielder?.due()) await yielder.yieldNow();
    const n = normalizarNombre(p.nombre);
    exactos.set(n, [...(exactos.get(n) ?? []), k]);
    const ids = trigramas(n).map((t) => {
      let id = idDe.get(t);
      if (id === undefined) {
        id = listas.length;
        idDe.set(t, id);
        listas.push([]);
      }
      listas[id]!.push(k);
      return id;
    });
    deProducto[k] = Int32Array.from(ids);
  }
  // Marca and origen are only compared to break a tie: normalised the first time they are.
  const marcas: Array<string | undefined> = [];
  const origenes: Array<string | undefined> = [];
  const visto = new Uint8Array(catalogo.length);
  const enBusqueda = new Uint8Array(listas.length);

  /** The best of candidates at `umbral` or more; marca, origen and formato are only looked at to break a tie. */
  function elegir(candidatos: Array<{ k: number; similitud: number }>, b: Busqueda): Coincidencia | undefined {
    let tope = -1;
    for (const c of candidatos) tope = Math.max(tope, Math.round(c.similitud * 100));
    const empatados = candidatos.filter((c) => Math.round(c.similitud * 100) === tope);
    if (empatados.length === 0) return undefined;
    let mejor = empatados[0]!;
    if (empatados.length > 1) {
      const marca = b.marca ? normalizarNombre(b.marca) : null;
      const origen = b.origen ? normalizarNombre(b.origen) : null;
      const formato = b.formato?.trim().toUpperCase() ?? null;
      const clave = (k: number) => {
        const p = catalogo[k]!;
        marcas[k] ??= normalizarNombre(p.marca);
        origenes[k] ??= normalizarNombre(p.origen);
        return [marcas[k] === marca ? 1 : 0, origenes[k] === origen ? 1 : 0, formato && p.formatos.includes(formato) ? 1 : 0, -p.id];
      };
      let mejorClave = clave(mejor.k);
      for (const c of empatados.slice(1)) {
        const otra = clave(c.k);
        if (mayor(otra, mejorClave)) [mejor, mejorClave] = [c, otra];
      }
    }
    return { producto: catalogo[mejor.k]!, similitud: mejor.similitud };
  }

  return function buscar(b: Busqueda): Coincidencia | undefined {
    const n = normalizarNombre(b.nombre);
    if (n === '') return undefined;
    // Most rows name a product exactly as the catalogue does once normalised: the same trigrams, similarity 1.
    const exacto = exactos.get(n);
    if (exacto)
      return elegir(
        exacto.map((k) => ({ k, similitud: 1 })),
        b,
      );
    const ts = trigramas(n);
    const ids: number[] = [];
    for (const t of ts) {
      const id = idDe.get(t);
      if (id !== undefined) ids.push(id);
    }
    // Candidates. Similarity ≥ umbral needs ≥ ceil(umbral × |A|) shared trigrams, so a candidate
    // has one of A's |A| − that + 1 rarest trigrams (prefix filtering): only their lists are read.
    const leer = ts.length - Math.ceil(umbral * ts.length) + 1 - (ts.length - ids.length);
    if (leer <= 0) return undefined;
    const rarezaDe = (id: number) => listas[id]!.length;
    const candidatos: number[] = [];
    for (const id of [...ids].sort((x, y) => rarezaDe(x) - rarezaDe(y)).slice(0, leer)) {
      for (const k of listas[id]!) {
        if (visto[k] === 0) {
          visto[k] = 1;
          candidatos.push(k);
        }
      }
    }
    for (const k of candidatos) visto[k] = 0;
    if (candidatos.length === 0) return undefined;
    for (const id of ids) enBusqueda[id] = 1;
    const pasan: Array<{ k: number; similitud: number }> = [];
    for (const k of candidatos) {
      const propios = deProducto[k]!;
      let c = 0;
      for (const id of propios) c += enBusqueda[id]!;
      const similitud = c / (ts.length + propios.length - c);
      if (similitud >= umbral) pasan.push({ k, similitud });
    }
    for (const id of ids) enBusqueda[id] = 0;
    return elegir(pasan, b);
  };
}

export type Matcher = Awaited<ReturnType<typeof createMatcher>>;

const mayor = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
};
