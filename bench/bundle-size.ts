// Initial JavaScript and CSS a first visit downloads, from the last `vite build`: gzip, and the
// brotli copy the server actually sends to browsers that accept it (scripts/client-build.ts).
// Then, per landing page, what its first paint waits for: the above plus the chunks and
// stylesheets the build's preload script adds for that path.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fmt } from './lib';

const dist = 'dist/client';
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);

function size(file: string) {
  const source = path.join(dist, file);
  const gz = zlib.gzipSync(fs.readFileSync(source)).length;
  const br = fs.existsSync(`${source}.br`) ? fs.statSync(`${source}.br`).size : fs.statSync(source).size;
  return { gz, br };
}
const kb = (bytes: number) => `${fmt(bytes / 1024, 1).padStart(7)} KB`;

console.log(`\nTamaño inicial de la SPA${''.padEnd(34)} gzip    brotli`);
let totalGz = 0;
let totalBr = 0;
for (const file of initial) {
  const { gz, br } = size(file);
  totalGz += gz;
  totalBr += br;
  console.log(`  ${file.padEnd(50)} ${kb(gz)} ${kb(br)}`);
}
console.log(`  ${'total'.padEnd(50)} ${kb(totalGz)} ${kb(totalBr)}`);

// The preload script's table (scripts/client-build.ts): per path, [its JS chunks, its stylesheets].
const preload = initial.find((f) => /\/preload-[^/]+\.js$/.test(f));
const table = preload && /\((\{.*?\})\)/.exec(fs.readFileSync(path.join(dist, preload), 'utf8'))?.[1];
if (table) {
  console.log(`\nLo que espera la primera pintura de cada página de entrada (lo anterior más lo suyo)`);
  for (const [route, [js, css]] of Object.entries(JSON.parse(table) as Record<string, [string[], string[]]>)) {
    const own = [...js, ...css].map((href) => size(href.slice(1)));
    const gz = own.reduce((sum, s) => sum + s.gz, 0);
    const br = own.reduce((sum, s) => sum + s.br, 0);
    console.log(
      `  ${route.padEnd(10)} ${String(own.length).padStart(2)} archivos propios ${kb(gz)} ${kb(br)}   en total ${kb(totalGz + gz)} ${kb(totalBr + br)}`,
    );
  }
}
