/**
 * Matching uploaded names against the catalogue (issue #10, DESIGN §4): trigram similarity on
 * normalised names, computed as pg_trgm computes it (each word padded with two spaces before and
 * one after; similarity = shared trigrams / trigrams of either), but in memory over the catalogue
 * read once per upload. pg_trgm's GIN index answered one name in 11–34 ms on the embedded engine
 * (a common word such as "pollo" brings thousands of candidates), which made a 50.000-row file
 * take many minutes; here an inverted index of trigrams does the same in milliseconds
 * (docs/decisions/008). Pure: no I/O.
 */

/** Unit, pack and filler words that say nothing about which product it is. */
const UNIDADES = 'kg|kgs|kilo|kilos|k|gr|grs|g|gramos|lt|lts|litro|litros|cc|ml';
const RELLENO = 'caja|cajas|cj|un|und|unid|unidad|unidades|de|del|la|el|los|las|con|en|al|y|x';
const SIN_UNIDAD = new RegExp(`(?:^| )(?:[0-9]+ )?(?:${UNIDADES})(?= |$)|(?:^| )(?:${RELLENO})(?= |$)`, 'g');

/**
 * The name as matching sees it: accents and case folded, anything but letters and digits a space,
 * numbers apart from letters, a pack size ('10kg', '500 g') and unit and filler words (kg, kilo,
 * caja, de, con…) dropped, spaces collapsed. 'Pechuga de Pollo 10kg' → 'pechuga pollo'.
 */
export function normalizarNombre(nombre: string): string {
  let s = nombre
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/([0-9])([a-z])/g, '$1 $2')
    .replace(/([a-z])([0-9])/g, '$1 $2');
  // Twice: a removed word's leading space is the next one's separator ('de la' → both go).
  s = ` ${s} `.replace(SIN_UNIDAD, ' ').replace(SIN_UNIDAD, ' ');
  return s.replace(/\s+/g, ' ').trim();
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
export function createBuscador(catalogo: ProductoCatalogo[], umbral: number) {
  const tamano = new Int32Array(catalogo.length);
  const indice = new Map<string, number[]>();
  // Most rows name a product exactly as the catalogue does once normalised: found by the name alone.
  const exactos = new Map<string, number[]>();
  catalogo.forEach((p, k) => {
    const n = normalizarNombre(p.nombre);
    exactos.set(n, [...(exactos.get(n) ?? []), k]);
    const ts = trigramas(n);
    tamano[k] = ts.length;
    for (const t of ts) {
      const lista = indice.get(t);
      if (lista) lista.push(k);
      else indice.set(t, [k]);
    }
  });
  const marcas = catalogo.map((p) => normalizarNombre(p.marca));
  const origenes = catalogo.map((p) => normalizarNombre(p.origen));
  const comunes = new Int32Array(catalogo.length);

  return function buscar(b: Busqueda): Coincidencia | undefined {
    const n = normalizarNombre(b.nombre);
    const ts = trigramas(n);
    if (ts.length === 0) return undefined;
    const tocados: number[] = [];
    const exacto = exactos.get(n);
    if (exacto) {
      // Similarity 1: only ties among these are left to break.
      for (const k of exacto) {
        tocados.push(k);
        comunes[k] = ts.length;
      }
    } else {
      for (const t of ts) {
        for (const k of indice.get(t) ?? []) {
          if (comunes[k] === 0) tocados.push(k);
          comunes[k]! += 1;
        }
      }
    }
    const marca = b.marca ? normalizarNombre(b.marca) : null;
    const origen = b.origen ? normalizarNombre(b.origen) : null;
    const formato = b.formato?.trim().toUpperCase() ?? null;
    let mejor: { k: number; clave: number[]; similitud: number } | undefined;
    for (const k of tocados) {
      const c = comunes[k]!;
      comunes[k] = 0;
      const similitud = c / (ts.length + tamano[k]! - c);
      if (similitud < umbral) continue;
      const p = catalogo[k]!;
      const clave = [
        Math.round(similitud * 100),
        marcas[k] === marca ? 1 : 0,
        origenes[k] === origen ? 1 : 0,
        formato && p.formatos.includes(formato) ? 1 : 0,
        -p.id,
      ];
      if (!mejor || mayor(clave, mejor.clave)) mejor = { k, clave, similitud };
    }
    return mejor && { producto: catalogo[mejor.k]!, similitud: mejor.similitud };
  };
}

const mayor = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
};
