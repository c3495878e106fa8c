// Bundles the server into dist/server/main.js (our code only; packages stay in node_modules),
// with the migrations and seed data it reads beside it. Starting it skips run-time TypeScript.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The Excel parser's worker and its readers run as they are, beside main.js (server/modules/proveedor/carga-parser.ts).
for (const archivo of ['carga-excel.worker.mjs', 'carga-xlsx.mjs', 'carga-xml.mjs', 'carga-xls.mjs']) {
  fs.copyFileSync(`server/modules/proveedor/${archivo}`, `dist/server/${archivo}`);
}
fs.rmSync('dist/server/migrations', { recursive: true, force: true });
fs.cpSync('server/db/migrations', 'dist/server/migrations', { recursive: true });
fs.rmSync('dist/server/data', { recursive: true, force: true });
fs.cpSync('server/db/seed/data', 'dist/server/data', { recursive: true });
