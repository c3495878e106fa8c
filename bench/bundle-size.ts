// Initial JavaScript and CSS a first visit downloads, from the last `vite build`: gzip, and the
// brotli copy the server actually sends to browsers that accept it (scripts/client-build.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fmt } from './lib';

const dist = 'dist/client';
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
console.log(`\nTamaño inicial de la SPA${''.padEnd(34)} gzip    brotli`);
let totalGz = 0;
let totalBr = 0;
for (const file of initial) {
  const source = path.join(dist, file);
  const gz = zlib.gzipSync(fs.readFileSync(source)).length;
  const br = fs.existsSync(`${source}.br`) ? fs.statSync(`${source}.br`).size : fs.statSync(source).size;
  totalGz += gz;
  totalBr += br;
  console.log(`  ${file.padEnd(50)} ${fmt(gz / 1024, 1).padStart(7)} KB ${fmt(br / 1024, 1).padStart(7)} KB`);
}
console.log(`  ${'total'.padEnd(50)} ${fmt(totalGz / 1024, 1).padStart(7)} KB ${fmt(totalBr / 1024, 1).padStart(7)} KB`);
