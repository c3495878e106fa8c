// Finding a product by name, the same on the server (the whole catalogue) and in the browser (a
// category's products): docs/producto.md §16, docs/decisions/011 §Buscar productos por nombre.
import { foldForSearch } from './search-es';
import { compareEs } from './sort-es';

/** The most products a search answers. */
export const MAX_RESULTADOS = 20;
/** What a search must have once trimmed (the server answers 400 otherwise), and what the buyer reads. */
export const MIN_BUSQUEDA = 2;
export const MAX_BUSQUEDA = 100;
export const BUSQUEDA_CORTA = `Escribe al menos ${MIN_BUSQUEDA} caracteres para buscar.`;
export const BUSQUEDA_LARGA = `La búsqueda puede tener como máximo ${MAX_BUSQUEDA} caracteres.`;

/** The words of a name or a search, folded: runs of letters and digits ('Lomo vetado c/hueso' → lomo, vetado, c, hueso). */
export const palabrasDe = (texto: string) =>
  foldForSearch(texto)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** How well a name matches, best first. */
const EMPIEZA = 0;
const EN_ORDEN = 1;
const EN_CUALQUIER_ORDEN = 2;

interface Entrada<T> {
  producto: T;
  palabras: string[];
  /** The words joined by one space: what 'starts with the query' and the quick filter read. */
  texto: string;
  largo: number;
  /** Its place in Spanish alphabetical order, so ties compare integers, not strings. */
  alfabetico: number;
}

/**
 * How `palabras` of a name match the search's words, or undefined when one of them is no word's
 * prefix. Every search word must start some word of the name; then, best first: the name starts
 * with the search ('lomo vet' in 'Lomo vetado'), its words are found in the search's order
 * ('lomo vet' in 'Bife de lomo vetado'), in any order ('vetado lomo').
 */
function calce(entrada: Entrada<unknown>, busqueda: string[], unida: string): number | undefined {
  // Most names lack some search word altogether: one native substring test rules them out.
  for (const w of busqueda) if (!entrada.texto.includes(w)) return undefined;
  if (entrada.texto.startsWith(unida)) return EMPIEZA;
  const { palabras } = entrada;
  let desde = 0;
  let enOrden = true;
  for (const w of busqueda) {
    // The earliest word after the previous one's: if the words can be found in order, this finds them.
    let i = enOrden ? desde : palabras.length;
    while (i < palabras.length && !palabras[i]!.startsWith(w)) i++;
    if (i < palabras.length) desde = i + 1;
    else {
      enOrden = false;
      if (!palabras.some((p) => p.startsWith(w))) return undefined;
    }
  }
  return enOrden ? EN_ORDEN : EN_CUALQUIER_ORDEN;
}

/**
 * An index of `productos` by name: `buscar(q)` answers at most `limite` of them, best first.
 * Accents, case and word order aside, every word of `q` must be the start of a word of the name
 * ('lomo vet', 'VETADO lomo' and 'lomo vetádo' find 'Lomo vetado'; 'omo' finds nothing). Ranking:
 * the name starts with the query > its words in the query's order > in any order; then the shorter
 * name (the closer to what was typed); then Spanish alphabetical order. A query without letters or
 * digits finds nothing. Built once per catalogue (one sort); a search is one pass over the names,
 * keeping the best `limite` as it goes: under 1 ms p50 over 20,000 products, the index ~0.1 s once per catalogue change (bench/buscar-productos.ts).
 */
export function indiceDeProductos<T extends { nombre: string }>(productos: readonly T[]) {
  const porNombre = [...productos].sort((a, b) => compareEs(a.nombre, b.nombre));
  const entradas: Entrada<T>[] = porNombre.map((producto, alfabetico) => {
    const palabras = palabrasDe(producto.nombre);
    return { producto, palabras, texto: palabras.join(' '), largo: producto.nombre.length, alfabetico };
  });

  return function buscar(q: string, limite = MAX_RESULTADOS): T[] {
    const busqueda = palabrasDe(q);
    if (busqueda.length === 0 || limite < 1) return [];
    const unida = busqueda.join(' ');
    // The best so far, in order, with their keys: [calce, largo, alfabetico].
    const mejores: { entrada: Entrada<T>; clave: [number, number, number] }[] = [];
    const antes = (a: [number, number, number], b: [number, number, number]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
    for (const entrada of entradas) {
      const nivel = calce(entrada, busqueda, unida);
      if (nivel === undefined) continue;
      const clave: [number, number, number] = [nivel, entrada.largo, entrada.alfabetico];
      if (mejores.length === limite && antes(clave, mejores[limite - 1]!.clave) >= 0) continue;
      let i = mejores.length;
      while (i > 0 && antes(clave, mejores[i - 1]!.clave) < 0) i--;
      mejores.splice(i, 0, { entrada, clave });
      if (mejores.length > limite) mejores.pop();
    }
    return mejores.map((m) => m.entrada.producto);
  };
}
