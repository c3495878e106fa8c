// Bundles the server into dist/server/main.js (our code only; packages stay in node_modules),
// with the migrations and seed data it reads beside it. Starting it skips run-time TypeScript.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  // Each worker thread is an entry of its own, <name>.worker.js beside main.js, where
  // server/workers/start-worker.ts looks for it.
  entryPoints: {
    main: 'server/main.ts',
    'canasta.worker': 'server/modules/comparacion/canasta/canasta.worker.ts',
    'excel.worker': 'server/modules/proveedor/carga/excel.worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.rmSync('dist/server/migrations', { recursive: true, force: true });
fs.cpSync('server/db/migrations', 'dist/server/migrations', { recursive: true });
fs.rmSync('dist/server/data', { recursive: true, force: true });
fs.cpSync('server/db/seed/data', 'dist/server/data', { recursive: true });
