import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TerminosDespacho } from '#common/despacho';
import { canastaOptima, type LineaCanasta, PRESUPUESTO_CANASTA_MS, PRESUPUESTO_TOPE_MS } from '#server/modules/comparacion/canasta/canasta';
import { fmt, runBundled } from './lib';
import { azar } from '#server/test/azar';

// CANASTA_CESTAS and CANASTA_PRESUPUESTO_MS change the run (e.g. 20 baskets with no real budget: what a proof costs);
// CANASTA_TOPE=N solves them with at most N suppliers only ('Menos proveedores', docs/decisions/014).
const CESTAS = Number(process.env.CANASTA_CESTAS ?? 300);
const CALENTAR = Math.min(20, CESTAS);
const PRESUPUESTO_MS = process.env.CANASTA_PRESUPUESTO_MS ? Number(process.env.CANASTA_PRESUPUESTO_MS) : undefined;
/** The cap this run solves under (`--tope=N`, passed by the parent below), none by default. */
const TOPE = Number(process.argv.find((a) => a.startsWith('--tope='))?.slice('--tope='.length)) || undefined;
/** The runs: without a cap, then the same baskets with at most 2 suppliers (CANASTA_TOPE=N: that cap only). */
const TOPES = process.env.CANASTA_TOPE ? [Number(process.env.CANASTA_TOPE)] : [undefined, 2];
const LINEAS = 30;
const PROVEEDORES = 200;
const RANGOS = [100, 300, 700, 1000, 1500];
const LOTES = [40, 80, 150, 250, 400, 600, 900, 1200, 2000];

/** Half the suppliers set terms: a minimum, a fee and, for 60 % of them, an amount from which delivery is free. */
function terminosDelCatalogo(): Map<number, TerminosDespacho> {
  const r = azar(22);
  const terminos = new Map<number, TerminosDespacho>();
  for (let s = 1; s <= PROVEEDORES; s++) {
    if (s % 2) continue;
    const monto_minimo = 1000 * Math.round(30 + r() * 120);
    const costo_despacho = 10 * Math.round(500 + r() * 1000);
    const despacho_gratis_desde = r() < 0.6 ? 1000 * Math.round(monto_minimo / 1000 + 50 + r() * 350) : null;
    terminos.set(s, { monto_minimo, costo_despacho, despacho_gratis_desde });
  }
  return terminos;
}

/** A basket of 30 random products, each with its 50 offers (one in ten or so with no live lot). */
function cesta(semilla: number): LineaCanasta[] {
  const r = azar(semilla);
  return Array.from({ length: LINEAS }, (_, i) => {
    const producto = Math.floor(r() * 2000);
    const ofertas = [];
    for (let k = 0; k < 50; k++) {
      const tarifa = 3000 + Math.floor(r() * 2000);
      const rangos = RANGOS.flatMap((limite_inferior, rk) =>
        r() < 0.7 ? [{ limite_inferior, precio: Math.floor(tarifa * (1 - 0.03 * (rk + 1) - r() * 0.02)) }] : [],
      );
      // Two lots, each expired by the delivery date one time in ten.
      const stock = [0, 1].reduce((s) => s + (r() < 0.1 ? 0 : LOTES[Math.floor(r() * LOTES.length)]!), 0);
      if (stock === 0) continue;
      ofertas.push({
        proveedor_producto_id: producto * 50 + k + 1,
        proveedor_id: 1 + ((producto * 7 + k) % PROVEEDORES),
        tarifa,
        rangos,
        stock,
        fecha_vencimiento: `2027-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 10)}`,
      });
    }
    return { cantidad: 100 + ((i * 397 + semilla) % 1401), ofertas };
  });
}

async function medir() {
  const terminos = terminosDelCatalogo();
  const ms: number[] = [];
  const vias: Record<string, number> = {};
  const porVia: Record<string, number[]> = {};
  let optimos = 0;
  const sinProbar: Array<{ semilla: number; total: number }> = [];
  // What each unproven answer says about itself: at most this much over the optimum (null: it cannot say).
  const diferencias: Array<number | null> = [];
  for (let b = 0; b < CALENTAR + CESTAS; b++) {
    const lineas = cesta(1000 + (b % CESTAS));
    const t = performance.now();
    const c = await canastaOptima(lineas, terminos, { presupuestoMs: PRESUPUESTO_MS, maxProveedores: TOPE });
    const tiempo = performance.now() - t;
    if (b < CALENTAR) continue;
    ms.push(tiempo);
    vias[c.via] = (vias[c.via] ?? 0) + 1;
    porVia[c.via] = [...(porVia[c.via] ?? []), tiempo];
    if (c.optimo) optimos++;
    else {
      sinProbar.push({ semilla: 1000 + (b % CESTAS), total: c.total });
      diferencias.push(c.diferencia_maxima);
    }
  }
  // What answering within the budget cost the unproven ones: each solved again with 5 s, off the clock.
  const brechas: number[] = [];
  for (const { semilla, total } of sinProbar) {
    const c = await canastaOptima(cesta(semilla), terminos, { presupuestoMs: 5000, maxProveedores: TOPE });
    if (c.optimo) brechas.push(total - c.total);
  }
  process.stdout.write(JSON.stringify({ ms, vias, optimos, porVia, brechas, diferencias }));
}

const percentil = (ordenados: number[], p: number) => ordenados[Math.min(ordenados.length - 1, Math.floor(ordenados.length * p))]!;

if (process.argv.includes('--medir')) await medir();
else {
  // Inside node_modules/.cache, not the system's temp dir: the bundle imports `highs` from node_modules.
  fs.mkdirSync('node_modules/.cache', { recursive: true });
  const dir = fs.mkdtempSync(path.join('node_modules', '.cache', 'abastece-canasta-'));
  try {
    for (const tope of TOPES) informar(runBundled(fileURLToPath(import.meta.url), dir, ['--medir', ...(tope ? [`--tope=${tope}`] : [])]), tope);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints one run's measurements (`tope`: the cap it solved under). */
function informar(salida: string, tope: number | undefined) {
  const { ms, vias, optimos, porVia, brechas, diferencias } = JSON.parse(salida) as {
    ms: number[];
    vias: Record<string, number>;
    optimos: number;
    porVia: Record<string, number[]>;
    brechas: number[];
    diferencias: Array<number | null>;
  };
  const s = [...ms].sort((a, b) => a - b);
  const cuenta = (via: string) => {
    const t = [...(porVia[via] ?? [])].sort((a, b) => a - b);
    return `${via} ${fmt(((vias[via] ?? 0) / ms.length) * 100, 1)} %${t.length ? ` (p50 ${fmt(percentil(t, 0.5), 1)} ms)` : ''}`;
  };
  console.log(
    `\ncanasta entregada (${CESTAS} cestas de ${LINEAS} líneas × ~45 ofertas, ${PROVEEDORES} proveedores, la mitad con mínimo y despacho; presupuesto ${PRESUPUESTO_MS ?? (tope ? PRESUPUESTO_TOPE_MS : PRESUPUESTO_CANASTA_MS)} ms${tope ? `; máximo ${tope} proveedores` : ''}):\n` +
      `  p50 ${fmt(percentil(s, 0.5), 1)} ms, p99 ${fmt(percentil(s, 0.99), 1)} ms, máx ${fmt(s.at(-1)!, 1)} ms; ` +
      `óptimo probado ${fmt((optimos / ms.length) * 100, 1)} %\n` +
      `  respondidas: ${['por-linea', 'cota', 'conjuntos', 'busqueda', 'mip', 'presupuesto'].map(cuenta).join(', ')}`,
  );
  const sinProbar = ms.length - optimos;
  const conCota = diferencias.filter((d) => d !== null);
  if (sinProbar > 0)
    console.log(
      `  no probadas: ${fmt(sinProbar)}; dicen estar a lo más (diferencia_maxima) ` +
        (conCota.length ? `media $${fmt(conCota.reduce((s, d) => s + d, 0) / conCota.length)}, máx $${fmt(Math.max(...conCota))}` : '—') +
        ` sobre el óptimo${conCota.length < sinProbar ? ` (${fmt(sinProbar - conCota.length)} sin cota)` : ''}`,
    );
  if (sinProbar > 0)
    console.log(
      `  las ${fmt(sinProbar)} no probadas, resueltas de nuevo con 5 s: ${fmt(brechas.length)} probadas, ` +
        `${fmt(brechas.filter((b) => b === 0).length)} ya eran el óptimo` +
        (brechas.length ? `; sobre el óptimo: media $${fmt(brechas.reduce((s, b) => s + b, 0) / brechas.length)}, máx $${fmt(Math.max(0, ...brechas))}` : ''),
    );
}
