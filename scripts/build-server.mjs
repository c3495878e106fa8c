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
// The Excel parser's worker runs as it is, beside main.js (server/modules/proveedor/carga-parser.ts).
fs.copyFileSync('server/modules/proveedor/carga-excel.worker.mjs', 'dist/server/carga-excel.worker.mjs');
fs.rmSync('dist/server/migrations', { recursive: true, force: true });
fs.cpSync('server/db/migrations', 'dist/server/migrations', { recursive: true });
fs.rmSync('dist/server/data', { recursive: true, force: true });
fs.cpSync('server/db/seed/data', 'dist/server/data', { recursive: true });
