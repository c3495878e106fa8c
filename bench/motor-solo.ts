// The engine alone (≤ 2 ms for 30 lines of ~50 offers), as production runs it: bench/
// comparacion.ts bundles this file with esbuild and starts it with node. Under tsx each closure the
// engine makes per line passes through a name-keeping helper: ~0.7 ms more per comparison that no
// built server pays. Reads {fecha, lineas} from the JSON file named first; prints the times in ms.
import fs from 'node:fs';
import { compararLinea } from '#server/modules/comparacion/motor/engine';
import { type Oferta, ofertasVivas } from '#server/modules/comparacion/motor/ofertas-vivas';

const { fecha, lineas } = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { fecha: string; lineas: Array<{ cantidad: number; ofertas: Oferta[] }> };
const ms: number[] = [];
for (let i = 0; i < 1100; i++) {
  const t = performance.now();
  for (const l of lineas) compararLinea(l.cantidad, ofertasVivas(l.ofertas, fecha));
  ms.push(performance.now() - t);
}
// The first 100 warm the JIT up.
process.stdout.write(JSON.stringify(ms.slice(100)));
