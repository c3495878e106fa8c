// Spanish collation ('Ñuñoa' after 'Nunoa', accents ignored), the same on every database:
// the embedded engine sorts text in C order, where 'Ñ' and 'Á' land after 'Z'.
const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

export const compareEs = (a: string, b: string) => collator.compare(a, b);
export const sortByEs = <T>(items: T[], key: (item: T) => string): T[] => items.sort((a, b) => compareEs(key(a), key(b)));
