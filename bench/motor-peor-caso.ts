// The comparison engine's worst case: crafted lines of one product (hundreds of
// offers with every tier, 9,999 kg) on which the exact search explodes. Each line runs in a process
// of its own with a time limit, since an engine without a budget may not finish, and bundled with
// esbuild as production runs it (bench/motor-solo.ts says why not under tsx). Prints, per line, the
// first call and the p50/max of the next ones, the search's nodes and steps, whether the plan is
// proven optimal and how far its total can be from the optimum (over the bound any plan pays).
// MOTOR=<engine.ts> measures another version of the engine, e.g. one taken out of an earlier commit
// with `git archive <commit> server/modules/comparacion common | tar -x -C <dir>`: a before/after.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as motor from '#server/modules/comparacion/motor/engine';
import { precioMinimo } from '#common/precio';
import { azar } from '#server/test/azar';

const CANTIDAD = 9999;
const LIMITE_MS = Number(process.env.BENCH_MOTOR_LIMITE_MS ?? 120_000);
const RANGOS = [100, 300, 700, 1000, 1500];

const oferta = (i: number, tarifa: number, precios: number[], stock: number): motor.OfertaMotor => ({
  proveedor_producto_id: i + 1,
  tarifa,
  rangos: RANGOS.map((limite_inferior, k) => ({ limite_inferior, precio: precios[k]! })),
  stock,
  fecha_vencimiento: i % 2 ? '2027-01-01' : '2027-02-01',
});

/** The crafted lines, by name: each one's offers. */
const LINEAS: Record<string, { descripcion: string; ofertas: () => motor.OfertaMotor[] }> = {
  iguales: {
    descripcion: '200 ofertas de precios iguales, 5 rangos, stock 101–1.500',
    ofertas: () => Array.from({ length: 200 }, (_, i) => oferta(i, 5000, [4700, 4400, 4100, 3800, 3500], 101 + ((i * 7919) % 1400))),
  },
  'casi-iguales': {
    descripcion: '200 ofertas de precios casi iguales (±20), stock 100–1.600',
    ofertas: () => {
      const r = azar(1);
      return Array.from({ length: 200 }, (_, i) => {
        const tarifa = 5000 + Math.floor(r() * 20);
        return oferta(
          i,
          tarifa,
          RANGOS.map((_, k) => tarifa - (k + 1) * (100 + Math.floor(r() * 5))),
          100 + Math.floor(r() * 1500),
        );
      });
    },
  },
  'bajo-umbral': {
    descripcion: '200 ofertas, stock justo bajo un umbral (99, 299, …), precios ±2',
    ofertas: () => {
      const r = azar(2);
      const stocks = [99, 299, 699, 999, 1499, 150, 350, 1100];
      return Array.from({ length: 200 }, (_, i) =>
        oferta(
          i,
          5000,
          RANGOS.map((_, k) => 5000 - (k + 1) * 300 + Math.floor(r() * 3)),
          stocks[Math.floor(r() * stocks.length)]!,
        ),
      );
    },
  },
  chicas: {
    descripcion: '200 ofertas con stock chico (50–110), 5 rangos',
    ofertas: () => {
      const r = azar(3);
      return Array.from({ length: 200 }, (_, i) => {
        const tarifa = 5000 + Math.floor(r() * 20);
        return oferta(
          i,
          tarifa,
          RANGOS.map((_, k) => tarifa - (k + 1) * (10 + Math.floor(r() * 5))),
          50 + Math.floor(r() * 60),
        );
      });
    },
  },
  unidades: {
    descripcion: '10.000 ofertas de 1 a 2 kg (una cota recorre ofertas × llenados)',
    ofertas: () => Array.from({ length: 10_000 }, (_, i) => oferta(i, 5000 + (i % 7), [4900, 4800, 4700, 4600, 4500], 1 + (i % 2))),
  },
  'prueba-50': {
    descripcion: 'control: las 50 ofertas de engine.test.ts, como un catálogo real',
    ofertas: () =>
      Array.from({ length: 50 }, (_, i) => {
        const tarifa = 4000 + ((i * 7919) % 1000);
        return oferta(
          i,
          tarifa,
          RANGOS.map((_, k) => tarifa - (k + 1) * (50 + ((i * 31) % 40))),
          100 + ((i * 104729) % 1900),
        );
      }),
  },
};

/** What no plan can beat: every unit at the cheapest price its offer reaches, cheapest first. */
function cotaInferior(ofertas: motor.OfertaMotor[], objetivo: number): number {
  const mejores = ofertas
    .map((o) => {
      const cap = Math.min(Math.floor(o.stock), objetivo);
      const precio = precioMinimo(o, cap);
      return { cap, precio };
    })
    .sort((a, b) => a.precio - b.precio);
  let falta = objetivo;
  let costo = 0;
  for (const { cap, precio } of mejores) {
    const q = Math.min(cap, falta);
    costo += q * precio;
    falta -= q;
  }
  return costo;
}

interface Medicion {
  primeraMs: number;
  ms: number[];
  total: number;
  cota: number;
  plan: Partial<motor.Plan>;
}

/** In the bundled process: one line, called until 2 s have gone by (at least 3 times, at most 20). */
function correr(nombre: string): Medicion {
  const ofertas = LINEAS[nombre]!.ofertas();
  let t = performance.now();
  const r = motor.compararLinea(CANTIDAD, ofertas);
  const primeraMs = performance.now() - t;
  const ms: number[] = [];
  const desde = performance.now();
  while (ms.length < 3 || (ms.length < 20 && performance.now() - desde < 2000)) {
    t = performance.now();
    motor.compararLinea(CANTIDAD, ofertas);
    ms.push(performance.now() - t);
  }
  const objetivo = r.seleccionadas.reduce((s, a) => s + a.cantidad, 0);
  // An engine from before the budget answers the quantities alone.
  const plan = motor.asignacionOptima(ofertas, objetivo) as motor.Plan | number[];
  return { primeraMs, ms, total: r.total, cota: cotaInferior(ofertas, objetivo), plan: Array.isArray(plan) ? {} : plan };
}

if (process.argv[2]) {
  process.stdout.write(JSON.stringify(correr(process.argv[2])));
} else {
  const { build } = await import('esbuild');
  const { fmt } = await import('./lib');
  const motorPath = path.resolve(process.env.MOTOR ?? 'server/modules/comparacion/motor/engine.ts');
  // Inside node_modules/.cache, not the system's temp dir: the bundle imports zod from node_modules.
  fs.mkdirSync('node_modules/.cache', { recursive: true });
  const dir = fs.mkdtempSync(path.join('node_modules', '.cache', 'abastece-motor-peor-'));
  try {
    const script = path.join(dir, 'motor-peor-caso.mjs');
    await build({
      entryPoints: ['bench/motor-peor-caso.ts'],
      outfile: script,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      // The bundled process runs from a temporary directory: it must not load what only this one uses.
      external: ['./lib'],
      logLevel: 'warning',
      plugins: [
        {
          name: 'motor',
          setup: (build) => build.onResolve({ filter: /comparacion\/engine$/ }, () => ({ path: motorPath })),
        },
      ],
    });
    console.log(`\nEl peor caso del motor (${path.relative(process.cwd(), motorPath)}), ${fmt(CANTIDAD)} kg de un producto, empaquetado con esbuild`);
    console.log(
      `  carga del equipo: ${os
        .loadavg()
        .map((x) => fmt(x, 1))
        .join(' / ')} (1, 5, 15 min) en ${os.cpus().length} núcleos`,
    );
    for (const [nombre, { descripcion }] of Object.entries(LINEAS)) {
      let m: Medicion;
      try {
        m = JSON.parse(execFileSync(process.execPath, [script, nombre], { encoding: 'utf8', timeout: LIMITE_MS }));
      } catch (error) {
        if ((error as { code?: string }).code !== 'ETIMEDOUT') throw error;
        console.log(`  ${descripcion}\n    no terminó en ${fmt(LIMITE_MS / 1000)} s`);
        continue;
      }
      const s = [...m.ms].sort((a, b) => a - b);
      const exacta = m.plan.exacta === undefined ? 'exacta (sin presupuesto)' : m.plan.exacta ? 'exacta' : 'no probada óptima';
      const busqueda = m.plan.nodos === undefined ? '' : `, ${fmt(m.plan.nodos)} nodos, ${fmt(m.plan.pasos!)} pasos`;
      console.log(`  ${descripcion}`);
      console.log(
        `    primera ${fmt(m.primeraMs, 1)} ms, luego p50 ${fmt(s[Math.floor(s.length / 2)]!, 1)} ms, máx ${fmt(s.at(-1)!, 1)} ms (${s.length} veces)${busqueda}; ` +
          `${exacta}, total ${fmt(m.total)} = cota + ${fmt(((m.total - m.cota) / m.cota) * 100, 3)} %`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
