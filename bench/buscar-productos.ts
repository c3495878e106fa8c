// GET /api/productos/buscar/'s work on 20,000 products (a few ms at most, docs/decisions/011): the
// search over the catalogue the server keeps in memory, as catalogo-cache.ts runs it. Names are the
// demo catalogue's with brands, origins and formats added, so words repeat as a real catalogue's do.
// Prints the time to build the index (once per catalogue change) and, per query, p50 and max.
import { indiceDeProductos } from '#common/buscar-productos';
import { sortByEs } from '#common/sort-es';
import { DEMO_CATALOGO } from '#server/db/seed/demo-catalogo';
import { fmt } from './lib';

const PRODUCTOS = 20_000;
const filas = Object.entries(DEMO_CATALOGO).flatMap(([categoria, fs]) => fs.map((f) => ({ categoria, f })));
// In Spanish order, as findConsolidatedData hands them to the cache.
const productos = sortByEs(
  Array.from({ length: PRODUCTOS }, (_, i) => {
    const { categoria, f } = filas[i % filas.length]!;
    const [nombre, origen, marca, unidad, formatos] = f;
    return { id: i + 1, nombre: `${nombre} ${marca} ${origen} ${formatos[i % formatos.length]} ${Math.floor(i / filas.length)}`, categoria, unidad };
  }),
  (p) => p.nombre,
);

const t0 = performance.now();
const buscar = indiceDeProductos(productos);
console.log(`Búsqueda de productos, ${fmt(PRODUCTOS)} productos`);
console.log(`  índice (una vez por cambio del catálogo)      ${fmt(performance.now() - t0, 1).padStart(8)} ms`);

// From the broadest (thousands of matches) to the narrowest, and one that matches nothing.
for (const q of ['po', 'pechuga', 'lomo vet', 'VETADO lomo', 'pavo pechuga ahumada', 'jamón serrano', 'zzz']) {
  const ms: number[] = [];
  for (let i = 0; i < 220; i++) {
    const t = performance.now();
    buscar(q);
    ms.push(performance.now() - t);
  }
  // The first 20 warm the JIT up.
  const medidos = ms.slice(20).sort((a, b) => a - b);
  const p50 = medidos[medidos.length >> 1]!;
  console.log(`  ${`'${q}'`.padEnd(24)} p50 ${fmt(p50, 2).padStart(6)} ms   máx ${fmt(medidos.at(-1)!, 2).padStart(6)} ms`);
}
