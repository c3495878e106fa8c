import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import highsLoader, { type Highs } from 'highs';
import { hoyEnChile, sumarDias } from '#common/fecha';
import { type Database, queryRows } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { canastaOptima, cargarHighs, PRESUPUESTO_DESCOMPOSICION_MS } from '#server/modules/comparacion/canasta/canasta';
import { canastaIshopU, type InstanciaIshopU, ISHOP_U_DIR, leerIshopU, optimosIshopU } from '#server/test/ishop-u';
import {
  closeConnections,
  enSuBase,
  fmt,
  mensajeDelServidor,
  postBytes,
  runBundled,
  solicitudComparable,
  startServer,
  stop,
  tiemposDelServidor,
  waitUntilUp,
} from './lib';

/**
 * The public ISHOP-U instances (../shared/bench/ishop-u/, its README; server/test/ishop-u.ts loads
 * them) against their proven optima (optimos.json):
 * 1. every instance through the solver (canastaOptima, its default budget), in units and in 100 kg,
 *    each solved ISHOP_U_REPETICIONES times after one solve off the clock, in a bundled process of
 *    its own (no TypeScript loader in the measured process);
 * 2. in that same process, with the same warm HiGHS, each instance as HiGHS's exact program alone:
 *    what the solver's own method buys over the plain program;
 * 3. the Large ones (ISHOP_U_SERVIDOR_TALLAS=S,M,L: every size) through the server as a buyer asks (100 kg per unit): a database seeded with
 *    their suppliers, fees, offers and lots, comparar-precios over HTTP, the server's own clock.
 * Environment: ISHOP_U_INSTANCIAS (e.g. GaussianS1,UniformL1), ISHOP_U_REPETICIONES (5),
 * ISHOP_U_PRESUPUESTO_MS (the solver's budget; default its own), ISHOP_U_HIGHS (0: without HiGHS),
 * ISHOP_U_HIGHS_FORMAS (unidades,kilos), ISHOP_U_HIGHS_LIMITE_S (30), ISHOP_U_SERVIDOR (0: without
 * the server), ISHOP_U_SERVIDOR_TALLAS (L), ISHOP_U_PORT (8799); DATABASE_URL: the server on PostgreSQL, else on the embedded database.
 */

const FORMAS = ['unidades', 'kilos'] as const;
type Forma = (typeof FORMAS)[number];
const ESCALA: Record<Forma, number> = { unidades: 1, kilos: 100 };
const NOMBRE_FORMA: Record<Forma, string> = { unidades: 'unidades', kilos: '×100 kg' };

const REPETICIONES = Number(process.env.ISHOP_U_REPETICIONES ?? 5);
const PRESUPUESTO_MS = process.env.ISHOP_U_PRESUPUESTO_MS ? Number(process.env.ISHOP_U_PRESUPUESTO_MS) : undefined;
// Every ISHOP-U supplier only charges a fee: the solver's budget for such a basket is its own.
const PRESUPUESTO_EFECTIVO_MS = PRESUPUESTO_MS ?? PRESUPUESTO_DESCOMPOSICION_MS;
/** An answer later than this is a defect: the budget is a promise to the request. */
const TARDE_MS = 1.2 * PRESUPUESTO_EFECTIVO_MS;
const CON_HIGHS = process.env.ISHOP_U_HIGHS !== '0';
const FORMAS_HIGHS = (process.env.ISHOP_U_HIGHS_FORMAS ?? FORMAS.join(',')).split(',') as Forma[];
const LIMITE_HIGHS_S = Number(process.env.ISHOP_U_HIGHS_LIMITE_S ?? 30);
const CON_SERVIDOR = process.env.ISHOP_U_SERVIDOR !== '0';
const PORT = Number(process.env.ISHOP_U_PORT ?? 8799);
/** The sizes asked through the server (ISHOP_U_SERVIDOR_TALLAS, e.g. S,M,L; the Large by default). */
const TALLAS_SERVIDOR = (process.env.ISHOP_U_SERVIDOR_TALLAS ?? 'L').split(',');
const TALLAS = [
  ['S', 'Small'],
  ['M', 'Medium'],
  ['L', 'Large'],
] as const;

interface Respuesta {
  ms: number;
  optimo: boolean;
  total: number;
  diferencia_maxima: number | null;
  via: string;
  proveedores: number;
}
interface ResultadoHighs {
  ms: number;
  estado: string;
  /** The program's objective when it has a solution, else null. */
  objetivo: number | null;
}
/** One instance in one form: its optimum in that form, the solver's answers, HiGHS's. */
interface Medida {
  nombre: string;
  forma: Forma;
  referencia: number;
  respuestas: Respuesta[];
  highs: ResultadoHighs | null;
}

const talla = (nombre: string) => nombre.at(-2)!;
const variante = (nombre: string) => (nombre.startsWith('Gaussian') ? 'Gaussian' : 'Uniform');

function instancias(): string[] {
  const todas = Object.keys(optimosIshopU(ISHOP_U_DIR)).sort();
  const pedidas = process.env.ISHOP_U_INSTANCIAS?.split(',').map((n) => n.trim());
  if (!pedidas) return todas;
  const desconocidas = pedidas.filter((n) => !todas.includes(n));
  if (desconocidas.length) throw new Error(`ISHOP_U_INSTANCIAS: no existen ${desconocidas.join(', ')} (hay ${todas.join(', ')})`);
  return pedidas;
}

/**
 * The instance as an exact mixed-integer program, in HiGHS's LP format: per offer an integer
 * x ≤ min(stock, quantity)·y of its store, per store a binary y that pays its fee, per product
 * Σ x = its quantity. `escala` 100 is the ×100-kg form.
 */
function programaIshopU(inst: InstanciaIshopU, escala: number): string {
  const objetivo: string[] = [];
  const filas: string[] = [];
  const enteras: string[] = [];
  const binarias: string[] = [];
  inst.despachos.forEach((d, s) => {
    objetivo.push(`${d * escala} y${s}`);
    binarias.push(`y${s}`);
  });
  inst.cantidades.forEach((c, j) => {
    const cantidad = c * escala;
    const suma: string[] = [];
    inst.precios.forEach((fila, s) => {
      const stock = inst.unidades[s]![j]! * escala;
      if (fila[j]! <= 0 || stock <= 0) return;
      const x = `x${s}_${j}`;
      objetivo.push(`${fila[j]} ${x}`);
      suma.push(x);
      enteras.push(x);
      filas.push(`${x} - ${Math.min(stock, cantidad)} y${s} <= 0`);
    });
    filas.push(`${suma.join(' + ')} = ${cantidad}`);
  });
  return [
    'Minimize',
    ` obj: ${objetivo.join(' + ')}`,
    'Subject To',
    ...filas.map((f, i) => ` c${i}: ${f}`),
    'Generals',
    ` ${enteras.join(' ')}`,
    'Binaries',
    ` ${binarias.join(' ')}`,
    'End',
  ].join('\n');
}

function resolverConHighs(highs: Highs, inst: InstanciaIshopU, forma: Forma): ResultadoHighs {
  const programa = programaIshopU(inst, ESCALA[forma]);
  // Timed as the solver is: reading the program is part of HiGHS's work, as building it is of ours.
  const t = performance.now();
  let r: ReturnType<Highs['solve']>;
  try {
    r = highs.solve(programa, { output_flag: false, mip_rel_gap: 0, mip_abs_gap: 0.5, time_limit: LIMITE_HIGHS_S });
  } catch (e) {
    return { ms: performance.now() - t, estado: `error: ${(e as Error).message}`, objetivo: null };
  }
  const ms = performance.now() - t;
  const conSolucion = r.Status === 'Optimal' || (r.Status === 'Time limit reached' && Number.isFinite(r.ObjectiveValue));
  return { ms, estado: r.Status, objetivo: conSolucion ? Math.round(r.ObjectiveValue) : null };
}

/** Parts 1 and 2, in the bundled process: a JSON array of Medida on stdout. */
async function medir(dir: string, nombres: string[]) {
  const optimos = optimosIshopU(dir);
  const medidas: Medida[] = [];
  for (const nombre of nombres) {
    const inst = leerIshopU(nombre, dir);
    for (const forma of FORMAS) {
      const { lineas, terminos } = canastaIshopU(inst, forma);
      const respuestas: Respuesta[] = [];
      for (let r = 0; r <= REPETICIONES; r++) {
        const t = performance.now();
        const c = await canastaOptima(lineas, terminos, { presupuestoMs: PRESUPUESTO_MS });
        const ms = performance.now() - t;
        // The first one off the clock: the JIT and the caches of this instance's shape.
        if (r === 0) continue;
        respuestas.push({ ms, optimo: c.optimo, total: c.total, diferencia_maxima: c.diferencia_maxima, via: c.via, proveedores: c.proveedores.length });
      }
      medidas.push({ nombre, forma, referencia: optimos[nombre]!.optimo * ESCALA[forma], respuestas, highs: null });
    }
  }
  // HiGHS after the solver, so its memory and collections do not land on the solver's times; the
  // instance the solver loaded and warmed (cargarHighs), as warm as it is for the solver.
  if (CON_HIGHS) {
    let highs = await cargarHighs();
    for (const m of medidas) {
      if (!FORMAS_HIGHS.includes(m.forma)) continue;
      m.highs = resolverConHighs(highs, leerIshopU(m.nombre, dir), m.forma);
      // A WebAssembly instance that threw is not reused (as the solver does).
      if (m.highs.estado.startsWith('error')) highs = await highsLoader();
    }
  }
  process.stdout.write(JSON.stringify(medidas));
}

const percentil = (ms: readonly number[], p: number) => {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const pct = (x: number, ref: number) => `${fmt((x / ref) * 100, 3)} %`;
const pesos = (x: number) => `$${fmt(x)}`;
const ms = (x: number) => `${fmt(x, x < 10 ? 2 : 1)} ms`;
const media = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** What one answer says about itself against the true optimum. */
function juzgar(r: { optimo: boolean; total: number; diferencia_maxima: number | null }, referencia: number) {
  const brecha = r.total - referencia;
  const defectos: string[] = [];
  if (brecha < 0) defectos.push(`total ${pesos(r.total)} bajo el óptimo ${pesos(referencia)}: una canasta inválida`);
  if (r.optimo && brecha > 0) defectos.push(`dice optimo: true a ${pesos(brecha)} sobre el óptimo`);
  if (!r.optimo && r.diferencia_maxima !== null && r.diferencia_maxima < brecha)
    defectos.push(`diferencia_maxima ${pesos(r.diferencia_maxima)} bajo la brecha real ${pesos(brecha)}: una cota falsa`);
  // diferencia_maxima / true gap: how much the answer overstates how far it may be (≤ 2× wanted);
  // an unproven answer already at the optimum has no ratio (any bound over 0 is "infinitely" loose).
  const razon = r.optimo || r.diferencia_maxima === null || brecha <= 0 ? null : r.diferencia_maxima / brecha;
  return { brecha, defectos, razon };
}

/** How the unproven answers' diferencia_maxima compares with their true gap, as one cell of a table. */
function cotas(respuestas: ReadonlyArray<{ optimo: boolean; total: number; diferencia_maxima: number | null }>, referencia: (i: number) => number) {
  const noProbadas = respuestas.flatMap((r, i) => (r.optimo ? [] : [{ ...r, ...juzgar(r, referencia(i)) }]));
  const razones = noProbadas.flatMap((r) => (r.razon === null ? [] : [r.razon]));
  const sinCota = noProbadas.filter((r) => r.diferencia_maxima === null).length;
  const enOptimo = noProbadas.filter((r) => r.diferencia_maxima !== null && r.brecha === 0).length;
  const partes = [
    ...(razones.length ? [`${fmt(Math.max(...razones), 1)}× máx, ${razones.filter((x) => x > 2).length} > 2×`] : []),
    ...(enOptimo ? [`${enOptimo} ya en el óptimo`] : []),
    ...(sinCota ? [`${sinCota} sin cota`] : []),
  ];
  const diferencias = noProbadas.flatMap((r) => (r.diferencia_maxima === null ? [] : [r.diferencia_maxima]));
  return {
    texto: partes.join(', ') || '—',
    diferenciaMaxima: diferencias.length ? Math.max(...diferencias) : null,
    razonMaxima: razones.length ? Math.max(...razones) : null,
    sobre2x: razones.filter((x) => x > 2).length,
    enOptimo,
    sinCota,
  };
}

/** One row of the solver's table: the answers of some instances in one form. */
function filaSolver(label: string, grupo: readonly Medida[]) {
  const respuestas = grupo.flatMap((m) => m.respuestas.map((r) => ({ ...r, ...juzgar(r, m.referencia), referencia: m.referencia })));
  const probadas = respuestas.filter((r) => r.optimo).length;
  const brechas = respuestas.map((r) => r.brecha);
  const porcentajes = respuestas.map((r) => (r.brecha / r.referencia) * 100);
  const cota = cotas(respuestas, (i) => respuestas[i]!.referencia);
  const tiempos = respuestas.map((r) => r.ms);
  const tarde = respuestas.filter((r) => r.ms > TARDE_MS).length;
  const highs = grupo.flatMap((m) => (m.highs ? [m.highs.ms] : []));
  const razonHighs = highs.length ? `${fmt(percentil(highs, 50) / percentil(tiempos, 50), 1)}×` : '—';
  console.log(
    `  ${label.padEnd(26)} ${`${fmt((probadas / respuestas.length) * 100, 1)} %`.padStart(8)}` +
      `  ${`${fmt(Math.max(...porcentajes), 3)} % / ${fmt(media(porcentajes), 3)} %`.padStart(19)}` +
      `  ${`${pesos(Math.max(...brechas))} / ${pesos(media(brechas))}`.padStart(21)}` +
      `  ${cota.texto.padStart(34)}` +
      `  ${ms(percentil(tiempos, 50)).padStart(9)}  ${ms(percentil(tiempos, 99)).padStart(9)}  ${String(tarde).padStart(5)}` +
      `  ${(highs.length ? ms(percentil(highs, 50)) : '—').padStart(11)}  ${razonHighs.padStart(7)}`,
  );
  return {
    respuestas: respuestas.length,
    probado: probadas / respuestas.length,
    brecha_max: Math.max(...brechas),
    brecha_media: media(brechas),
    brecha_max_pct: Math.max(...porcentajes),
    brecha_media_pct: media(porcentajes),
    razon_diferencia_max: cota.razonMaxima,
    sobre_2x: cota.sobre2x,
    ya_en_el_optimo: cota.enOptimo,
    sin_cota: cota.sinCota,
    p50_ms: percentil(tiempos, 50),
    p99_ms: percentil(tiempos, 99),
    tarde,
    highs_p50_ms: highs.length ? percentil(highs, 50) : null,
    razon_highs: highs.length ? percentil(highs, 50) / percentil(tiempos, 50) : null,
  };
}

function imprimirSolver(medidas: readonly Medida[]) {
  const n = new Set(medidas.map((m) => m.nombre)).size;
  console.log(
    `\nISHOP-U por el solucionador (${n} instancias públicas, cada una ${REPETICIONES} veces tras 1 fuera del reloj; ` +
      `presupuesto ${PRESUPUESTO_EFECTIVO_MS} ms, tarde sobre ${fmt(TARDE_MS)} ms):`,
  );
  console.log(
    `  carga del equipo al medir: ${os
      .loadavg()
      .map((x) => fmt(x, 1))
      .join(' / ')} (1, 5, 15 min) en ${os.cpus().length} núcleos`,
  );
  // Per instance: what the lead reads when one goes wrong.
  console.log(
    `\n  ${'instancia'.padEnd(11)} ${'forma'.padEnd(9)} probado  ${'sobre el óptimo'.padStart(24)}  ${'diferencia_maxima: / brecha real'.padStart(44)}  ${'p50'.padStart(9)}  ${'máx'.padStart(9)}  ${'HiGHS solo'.padEnd(32)} vía`,
  );
  for (const m of medidas) {
    const juicios = m.respuestas.map((r) => juzgar(r, m.referencia));
    const peor = Math.max(...juicios.map((j) => j.brecha));
    const cota = cotas(m.respuestas, () => m.referencia);
    const vias = [...new Set(m.respuestas.map((r) => r.via))].join(',');
    const tiempos = m.respuestas.map((r) => r.ms);
    const highs = m.highs
      ? `${ms(m.highs.ms)} ${m.highs.estado}${m.highs.objetivo !== null && m.highs.objetivo !== m.referencia ? ` (objetivo ${pesos(m.highs.objetivo)}, ≠ óptimo)` : ''}`
      : '—';
    console.log(
      `  ${m.nombre.padEnd(11)} ${NOMBRE_FORMA[m.forma].padEnd(9)} ${`${m.respuestas.filter((r) => r.optimo).length}/${m.respuestas.length}`.padStart(7)}` +
        `  ${`${pct(peor, m.referencia)} (${pesos(peor)})`.padStart(24)}` +
        `  ${(cota.diferenciaMaxima === null ? cota.texto : `${pesos(cota.diferenciaMaxima)}: ${cota.texto}`).padStart(44)}` +
        `  ${ms(percentil(tiempos, 50)).padStart(9)}  ${ms(Math.max(...tiempos)).padStart(9)}  ${highs.padEnd(32)} ${vias}`,
    );
  }
  console.log(
    `\n  ${'talla'.padEnd(26)} ${'probado'.padStart(8)}  ${'sobre el óptimo máx/medio'.padStart(19)}  ${'en pesos máx/medio'.padStart(21)}` +
      `  ${'diferencia_maxima / brecha real'.padStart(34)}  ${'p50'.padStart(9)}  ${'p99'.padStart(9)}  tarde  ${'HiGHS p50'.padStart(11)}  HiGHS/nuestro`,
  );
  const resumen: Record<string, unknown> = {};
  for (const [letra, nombreTalla] of TALLAS) {
    for (const forma of FORMAS) {
      const deTalla = medidas.filter((m) => talla(m.nombre) === letra && m.forma === forma);
      if (!deTalla.length) continue;
      resumen[`${nombreTalla}/${forma}`] = filaSolver(`${nombreTalla} ${NOMBRE_FORMA[forma]}`, deTalla);
      for (const v of ['Gaussian', 'Uniform']) {
        const deVariante = deTalla.filter((m) => variante(m.nombre) === v);
        if (deVariante.length) resumen[`${nombreTalla}/${v}/${forma}`] = filaSolver(`  ${v}`, deVariante);
      }
    }
  }
  // Defects, loudly: an answer past the budget, a false claim, a false bound.
  const defectos = medidas.flatMap((m) =>
    m.respuestas.flatMap((r, i) => [
      ...(r.ms > TARDE_MS ? [`${m.nombre} ${NOMBRE_FORMA[m.forma]} #${i + 1}: ${ms(r.ms)}, más de 1,2 × el presupuesto (${fmt(TARDE_MS)} ms)`] : []),
      ...juzgar(r, m.referencia).defectos.map((d) => `${m.nombre} ${NOMBRE_FORMA[m.forma]} #${i + 1}: ${d}`),
    ]),
  );
  for (const d of defectos) console.log(`  !!! DEFECTO: ${d}`);
  const highsNoOptimo = medidas.filter((m) => m.highs && (m.highs.estado !== 'Optimal' || m.highs.objetivo !== m.referencia));
  for (const m of highsNoOptimo) console.log(`  HiGHS solo no probó ${m.nombre} ${NOMBRE_FORMA[m.forma]}: ${m.highs!.estado} en ${ms(m.highs!.ms)}`);
  return { resumen, defectos: defectos.length };
}

// ——— Part 3: the Large instances through the server ———

/** The request's suppliers, products, offers and lots of one instance, tagged by its name (distinct per instance). */
async function sembrar(database: Database, inst: InstanciaIshopU) {
  const { nombre } = inst;
  const email = (s: number) => `ishop-u-${nombre.toLowerCase()}-${s + 1}@abastece.cl`;
  const productoDe = (j: number) => `ISHOP-U ${nombre} producto ${j + 1}`;
  const tiendas = inst.despachos.map((d, s) => ({ email: email(s), empresa: `${nombre} tienda ${s + 1}`, despacho: d * 100 }));
  const ofertas = inst.precios.flatMap((fila, s) =>
    fila.flatMap((precio, j) =>
      precio > 0 && inst.unidades[s]![j]! > 0
        ? [{ email: email(s), producto: productoDe(j), sku: `ISHOP-U-${j + 1}`, tarifa: precio, cantidad: inst.unidades[s]![j]! * 100 }]
        : [],
    ),
  );
  await database.db.transaction(async (db) => {
    await db.execute(sql`INSERT INTO origen (descripcion) VALUES ('Nacional') ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO marca (nombre) VALUES ('Marca bench') ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO usuario (email, password, first_name, last_name, empresa, is_active, is_comprador, is_proveedor)
      SELECT t.email, '!', 'Proveedor', t.empresa, t.empresa, true, false, true FROM json_to_recordset(${JSON.stringify(tiendas)}::json) AS t(email text, empresa text)`);
    // Compared only once set up (docs/decisions/024): a company, and terms of a fee only (never
    // free, no minimum) to every comuna, every day.
    await db.execute(sql`INSERT INTO empresa_proveedor (proveedor_id, razon_social, nombre_fantasia, rut, giro, direccion, comuna_id, telefono, correo_ventas)
      SELECT u.id, u.empresa || ' SpA', u.empresa, '76.086.428-5', 'Venta al por mayor de alimentos', 'Av. Bench 123', (SELECT min(id) FROM comuna), '+56912345678', u.email
      FROM json_to_recordset(${JSON.stringify(tiendas)}::json) AS t(email text) JOIN usuario u ON u.email = t.email`);
    await db.execute(sql`INSERT INTO condiciones_proveedor (proveedor_id, todas_las_comunas, dias_despacho, anticipacion_dias, hora_corte, monto_minimo, costo_despacho, despacho_gratis_desde)
      SELECT u.id, true, '{1,2,3,4,5,6,7}', 0, '23:59', 0, t.despacho, NULL
      FROM json_to_recordset(${JSON.stringify(tiendas)}::json) AS t(email text, despacho int) JOIN usuario u ON u.email = t.email`);
    await db.execute(sql`INSERT INTO producto (nombre, categoria_id, origen_id, marca_id, unidad_id, estado_moderacion)
      SELECT t.nombre, (SELECT min(id) FROM categoria), (SELECT min(id) FROM origen), (SELECT min(id) FROM marca), (SELECT id FROM unidad WHERE descripcion = 'KILO'), 'aprobado'
      FROM json_to_recordset(${JSON.stringify(inst.cantidades.map((_, j) => ({ nombre: productoDe(j) })))}::json) AS t(nombre text)`);
    // No tiers: the price per kg is the offer's tarifa at any quantity.
    await db.execute(sql`INSERT INTO proveedor_producto (proveedor_id, producto_id, sku, tarifa)
      SELECT u.id, p.id, t.sku, t.tarifa FROM json_to_recordset(${JSON.stringify(ofertas)}::json) AS t(email text, producto text, sku text, tarifa int)
      JOIN usuario u ON u.email = t.email JOIN producto p ON p.nombre = t.producto`);
    await db.execute(sql`INSERT INTO lote (proveedor_producto_id, cantidad, fecha_expiracion)
      SELECT pp.id, t.cantidad, current_date + 365 FROM json_to_recordset(${JSON.stringify(ofertas)}::json) AS t(email text, sku text, cantidad int)
      JOIN usuario u ON u.email = t.email JOIN proveedor_producto pp ON pp.proveedor_id = u.id AND pp.sku = t.sku`);
  });
  const ids = await queryRows<{ id: number; nombre: string }>(
    database.db,
    sql`SELECT id, nombre FROM producto WHERE nombre LIKE ${`ISHOP-U ${nombre} producto %`}`,
  );
  const idDe = new Map(ids.map((p) => [p.nombre, p.id]));
  return inst.cantidades.map((cantidad, j) => ({ producto: idDe.get(productoDe(j))!, cantidad: cantidad * 100 }));
}

interface RespuestaServidor {
  optimo: boolean;
  diferencia_maxima: number | null;
  total: number;
  proveedores: unknown[];
}

async function medirServidor(nombres: string[]) {
  const grandes = nombres.filter((n) => TALLAS_SERVIDOR.includes(talla(n)));
  if (!grandes.length) {
    console.log(`\nISHOP-U por el servidor: solo las de talla ${TALLAS_SERVIDOR.join(', ')}, y no hay ninguna en ISHOP_U_INSTANCIAS`);
    return null;
  }
  const optimos = optimosIshopU(ISHOP_U_DIR);
  let resultado: Record<string, unknown> | null = null;
  await enSuBase('ishopu', async (label, open, env) => {
    const t0 = performance.now();
    const database = await open();
    const solicitudes: Array<{ nombre: string; productos: Array<{ producto: number; cantidad: number }> }> = [];
    try {
      await prepareDatabase(database, { seedDemo: false });
      for (const nombre of grandes) solicitudes.push({ nombre, productos: await sembrar(database, leerIshopU(nombre, ISHOP_U_DIR)) });
      // As bench/catalogo-bench.ts: the index-only scans count on a vacuumed table.
      await database.db.execute(sql`VACUUM (ANALYZE) proveedor_producto, proveedor_producto_rango, lote`);
      await database.db.execute(sql`ANALYZE`);
    } finally {
      // The embedded database has one owner at a time: the server's process, next.
      await database.close();
    }
    console.log(
      `\nISHOP-U por el servidor (${label}, ×100 kg, como lo pide un comprador: ${grandes.length} solicitudes, talla ${TALLAS_SERVIDOR.join(', ')}, ` +
        `sembradas en ${fmt((performance.now() - t0) / 1000, 1)} s; cada una ${REPETICIONES} veces tras 1 fuera del reloj):`,
    );
    const t1 = performance.now();
    const app = startServer(PORT, { ...env, LOG_LEVEL: 'info' }, 'pipe');
    const reloj = tiemposDelServidor(app, '/api/cotizaciones/comparar-precios/');
    const precarga = mensajeDelServidor(app, 'caché de comparación:');
    const base = `http://127.0.0.1:${PORT}`;
    try {
      await waitUntilUp(`${base}/api/ready`, t1);
      console.log(`  ${await precarga}`);
      const fecha = sumarDias(hoyEnChile(), 7);
      const servidor: number[] = [];
      const porTalla = new Map<string, number[]>();
      const cliente: number[] = [];
      const filas: Array<Record<string, unknown>> = [];
      console.log(
        `  ${'instancia'.padEnd(11)} ${'total'.padStart(14)} ${'100 × óptimo'.padStart(14)} ${'sobre el óptimo'.padStart(24)}  probado  ${'dif_max'.padStart(12)}  ${'proveedores'.padStart(11)}  ${'servidor p50'.padStart(12)}  ${'máx'.padStart(9)}`,
      );
      const defectos: string[] = [];
      for (const { nombre, productos } of solicitudes) {
        const referencia = optimos[nombre]!.optimo * 100;
        const { cuerpo, headers } = await solicitudComparable(base, productos, fecha);
        const comparar = async () =>
          JSON.parse((await postBytes(`${base}/api/cotizaciones/comparar-precios/`, cuerpo, headers)).toString()) as RespuestaServidor;
        const desde = reloj.length;
        await comparar();
        const respuestas: RespuestaServidor[] = [];
        for (let r = 0; r < REPETICIONES; r++) {
          const t = performance.now();
          respuestas.push(await comparar());
          cliente.push(performance.now() - t);
        }
        // The log lines may trail the answers; the first of them is the answer off the clock.
        for (let t = 0; reloj.length < desde + 1 + REPETICIONES && t < 500; t++) await new Promise((r) => setTimeout(r, 10));
        const tiempos = reloj.slice(desde + 1, desde + 1 + REPETICIONES);
        servidor.push(...tiempos);
        porTalla.set(talla(nombre), [...(porTalla.get(talla(nombre)) ?? []), ...tiempos]);
        const peor = respuestas.reduce((a, b) => (b.total > a.total ? b : a));
        const juicios = respuestas.map((r) => juzgar(r, referencia));
        defectos.push(...juicios.flatMap((j) => j.defectos.map((d) => `${nombre}: ${d}`)));
        console.log(
          `  ${nombre.padEnd(11)} ${pesos(peor.total).padStart(14)} ${pesos(referencia).padStart(14)} ${`${pct(peor.total - referencia, referencia)} (${pesos(peor.total - referencia)})`.padStart(24)}` +
            `  ${`${respuestas.filter((r) => r.optimo).length}/${respuestas.length}`.padStart(7)}  ${(peor.optimo ? '—' : peor.diferencia_maxima === null ? 'sin cota' : pesos(peor.diferencia_maxima)).padStart(12)}` +
            `  ${`${peor.proveedores.length} (${optimos[nombre]!.tiendas_usadas})`.padStart(11)}  ${ms(percentil(tiempos, 50)).padStart(12)}  ${ms(Math.max(...tiempos)).padStart(9)}`,
        );
        filas.push({
          nombre,
          total: peor.total,
          optimo_x100: referencia,
          probadas: respuestas.filter((r) => r.optimo).length,
          diferencia_maxima: peor.diferencia_maxima,
          p50_ms: percentil(tiempos, 50),
        });
      }
      const probadas = filas.reduce((s, f) => s + (f.probadas as number), 0);
      console.log(
        `  todas: óptimo probado ${fmt((probadas / (filas.length * REPETICIONES)) * 100, 1)} %; reloj del servidor p50 ${ms(percentil(servidor, 50))}, p99 ${ms(percentil(servidor, 99))}, máx ${ms(Math.max(...servidor))}; ` +
          `ida y vuelta p50 ${ms(percentil(cliente, 50))}, p99 ${ms(percentil(cliente, 99))}`,
      );
      if (porTalla.size > 1)
        for (const [t, tiempos] of porTalla)
          console.log(`  talla ${t}: reloj del servidor p50 ${ms(percentil(tiempos, 50))}, p99 ${ms(percentil(tiempos, 99))}`);
      for (const d of defectos) console.log(`  !!! DEFECTO: ${d}`);
      resultado = {
        base: label,
        probado: probadas / (filas.length * REPETICIONES),
        p50_ms: percentil(servidor, 50),
        p99_ms: percentil(servidor, 99),
        instancias: filas,
        defectos: defectos.length,
      };
    } finally {
      closeConnections();
      await stop(app);
    }
  });
  return resultado;
}

if (process.argv.includes('--medir')) {
  const i = process.argv.indexOf('--medir');
  await medir(process.argv[i + 1]!, process.argv[i + 2]!.split(','));
} else {
  const nombres = instancias();
  // Inside node_modules/.cache, not the system's temp dir: the bundle imports `highs` from node_modules.
  fs.mkdirSync('node_modules/.cache', { recursive: true });
  const dir = fs.mkdtempSync(path.join('node_modules', '.cache', 'abastece-ishop-u-'));
  let medidas: Medida[];
  try {
    // The bundle's import.meta.url is not this file's: the instances' folder goes as an argument.
    medidas = JSON.parse(runBundled(fileURLToPath(import.meta.url), dir, ['--medir', ISHOP_U_DIR, nombres.join(',')]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const { resumen, defectos } = imprimirSolver(medidas);
  const servidor = CON_SERVIDOR ? await medirServidor(nombres) : null;
  // One line for a script to read: `npm run bench | grep '"bench":"ishop-u"'`.
  console.log(
    JSON.stringify({
      bench: 'ishop-u',
      presupuesto_ms: PRESUPUESTO_EFECTIVO_MS,
      repeticiones: REPETICIONES,
      instancias: nombres.length,
      solucionador: resumen,
      defectos,
      servidor,
    }),
  );
}
