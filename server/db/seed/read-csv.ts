import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Reads one of the bundled, quote-free CSV files of server/db/seed/data/ as records. */
export function readSeedCsv(name: string): Record<string, string>[] {
  const text = fs.readFileSync(fileURLToPath(new URL(`./data/${name}`, import.meta.url)), 'utf8');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const keys = header!.split(',');
  return rows.map((row) => {
    const cells = row.split(',');
    return Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? '']));
  });
}
