// Accent folding for search and for matching names, the same on the server and in the browser.

/**
 * Lower case without Spanish accents ('Jamón' → 'jamon', 'Ñuñoa' → 'nunoa'): what a search compares,
 * so 'jamon' finds 'Jamón'. Only text with something beyond printable ASCII can carry accents, so
 * the rest skips the Unicode decomposition (the upload's matching folds every row's name).
 */
export const foldForSearch = (s: string) => (/[^ -~]/.test(s) ? s.normalize('NFD').replace(/\p{M}/gu, '') : s).toLowerCase();

/** Two names are the same when their keys are: folded, spaces collapsed ('categoria ' is 'Categoría'). */
export const nameKey = (s: string) => foldForSearch(s).replace(/\s+/g, ' ').trim();

/** The words of a search, folded: what `matchesWords` looks for. */
export const searchWords = (query: string) => foldForSearch(query).split(/\s+/).filter(Boolean);

/** Every word of the search is somewhere in `text` ('las co' finds 'Las Condes'); no words match everything. */
export const matchesWords = (text: string, words: readonly string[]) => {
  const folded = foldForSearch(text);
  return words.every((w) => folded.includes(w));
};

let plegadas: ReadonlyMap<string, string> | undefined;

/**
 * Every letter foldForSearch turns into another single letter ('Á' and 'á' → 'a', 'ñ' → 'n',
 * 'ç' → 'c', 'ø' stays: it has no accent to drop), with what it becomes: the table a database
 * query folds by (server/db/plegado.ts), so a search there finds what foldForSearch finds here. Read
 * off foldForSearch itself, so the two cannot disagree; built on first use (a few tens of ms), never
 * in the browser, which folds with foldForSearch.
 */
export function letrasPlegadas(): ReadonlyMap<string, string> {
  if (plegadas) return plegadas;
  const tabla = new Map<string, string>();
  for (let cp = 0xc0; cp <= 0xffff; cp++) {
    // No letter of the CJK ideographs decomposes, and a Hangul syllable decomposes into several: skipped.
    if (cp === 0x3400) cp = 0xa000;
    if (cp === 0xac00) cp = 0xe000;
    const letra = String.fromCharCode(cp);
    // A letter foldForSearch changes beyond its case is one that Unicode decomposes.
    if (letra.normalize('NFD') === letra || !/\p{L}/u.test(letra)) continue;
    const plegada = foldForSearch(letra);
    if (plegada.length === 1 && plegada !== letra.toLowerCase()) tabla.set(letra, plegada);
  }
  plegadas = tabla;
  return tabla;
}
