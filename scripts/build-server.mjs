// Bundles the server into dist/server/main.js (our code only; packages stay in node_modules),
// with the migrations and seed data it reads beside it. Starting it skips run-time TypeScript.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  // The delivered basket's solver thread (server/modules/comparacion/canasta/thread.ts) runs canasta.worker.js beside main.js.
  entryPoints: { main: 'server/main.ts', 'canasta.worker': 'server/modules/comparacion/canasta/canasta.worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The Excel parser's worker and its readers run as they are, beside main.js: the parser
// (server/modules/proveedor/carga/parser.ts) resolves the worker next to itself, which in the bundle is main.js.
for (const archivo of ['excel.worker.mjs', 'xlsx.mjs', 'xml.mjs', 'xls.mjs']) {
  fs.copyFileSync(`server/modules/proveedor/carga/${archivo}`, `dist/server/${archivo}`);
}
fs.rmSync('dist/server/migrations', { recursive: true, force: true });
fs.cpSync('server/db/migrations', 'dist/server/migrations', { recursive: true });
fs.rmSync('dist/server/data', { recursive: true, force: true });
fs.cpSync('server/db/seed/data', 'dist/server/data', { recursive: true });
