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
