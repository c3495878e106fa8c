// Initial JavaScript and CSS a first visit downloads (gzip), from the last `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fmt } from './lib';

const dist = 'dist/client';
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
console.log('\nTamaño inicial de la SPA (gzip)');
let total = 0;
for (const file of initial) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
  total += gz;
  console.log(`  ${file.padEnd(50)} ${fmt(gz / 1024, 1).padStart(7)} KB`);
}
console.log(`  ${'total'.padEnd(50)} ${fmt(total / 1024, 1).padStart(7)} KB`);
