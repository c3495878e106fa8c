// crear-orden under contention: 20 buyers (BENCH_ORDENES_BUYERS) at once placing orders that take
// stock from the same lots, for BENCH_ORDENES_SECONDS (30 by default). Prints orders per second
// and proves that no unit was oversold: per lot, what orders took ≤ its initial stock, no lot
// below zero, and initial = left + taken. On PostgreSQL when DATABASE_URL is set (a scratch
// database on that server, dropped afterwards), else on the embedded engine in a temporary folder.
// The buyers are logged in (the demo buyer's account): an order without an account waits for its
// e-mail and takes its stock when confirmed (docs/decisions/007), through the same transaction.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { centesimas } from '#common/numeros';
import { DEMO_CUENTAS, DEMO_PASSWORD } from '#server/db/seed/demo-catalogo';
import { usuario } from '#server/db/schema/usuario';
import { type Database, openDatabase, openPostgres, queryRows } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { cotizacion, cotizante, opcion, solicitud } from '#server/db/schema/cotizaciones';
import { condicionesProveedor, lote } from '#server/db/schema/proveedor';
import { createOfertaDePrueba, createProductoDePrueba, findProveedorIds } from '#server/test/ofertas';
import { withDatabase } from '#server/test/template-db';
import { adminQuery, dropDatabase, fmt, startServer, stop, waitUntilUp } from './lib';

const PORT = 8795;
const BUYERS = Number(process.env.BENCH_ORDENES_BUYERS ?? 20);
const DURATION_S = Number(process.env.BENCH_ORDENES_SECONDS ?? 30);
/** Quotations ready per buyer: more than one buyer can order in the time given on these machines. */
const POR_COMPRADOR = Number(process.env.BENCH_ORDENES_POOL ?? 400);
const databaseUrl = process.env.DATABASE_URL;

const admin = (query: string) => adminQuery(databaseUrl!, query);

interface Cotizacion {
  id: number;
}

/**
 * Two plentiful offers (four lots each, different expiries) that every order takes 1–5 kg from,
 * and one scarce lot of 100 kg that every fifth order also wants 5 kg of: that lot runs out
 * during the run, so refusals (409) happen while other orders still succeed on the same lots.
 * Quotations are written here as comparar-precios would leave them for the demo buyer.
 */
async function prepare(database: Database): Promise<{ porComprador: Cotizacion[][]; loteIds: number[]; inicial: Map<number, number> }> {
  await prepareDatabase(database, { seedDemo: true });
  const { db } = database;
  const producto = await createProductoDePrueba(db);
  const [a, b, c] = await findProveedorIds(db);
  // The demo suppliers' terms (minimums of $50.000 and more, some comunas only) would refuse every
  // order of a few kg: without terms a supplier sells anywhere, any day, with no minimum (decision 013).
  await db.delete(condicionesProveedor).where(inArray(condicionesProveedor.proveedor_id, [a!, b!, c!]));
  const base = { productoId: producto.id, categoriaId: producto.categoria_id };
  const abundante = (proveedorId: number) =>
    createOfertaDePrueba(db, {
      ...base,
      proveedorId,
      tarifa: 5000,
      rangos: { 100: 4800 },
      lotes: [
        [6000, '2099-04-01'],
        [6000, '2099-02-01'],
        [6000, '2099-03-01'],
        [6000, '2099-05-01'],
      ],
    });
  const ofertas = [
    await abundante(a!),
    await abundante(b!),
    await createOfertaDePrueba(db, { ...base, proveedorId: c!, tarifa: 7000, lotes: [[100, '2099-02-15']] }),
  ];
  const lotes = await db.select({ id: lote.id, cantidad: lote.cantidad }).from(lote).where(inArray(lote.proveedor_producto_id, ofertas));

  const [comprador] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, DEMO_CUENTAS.comprador.email));
  const usuario_id = comprador!.id;
  const porComprador: Cotizacion[][] = [];
  for (let k = 0; k < BUYERS; k++) {
    const solicitudes = await db
      .insert(solicitud)
      .values(Array.from({ length: POR_COMPRADOR }, () => ({ usuario_id })))
      .returning({ id: solicitud.id });
    const entregas = await db
      .insert(cotizante)
      .values(
        solicitudes.map((s) => ({
          usuario_id,
          solicitud_id: s.id,
          nombre_contacto: `Comprador ${k}`,
          correo_contacto: 'bench@prueba.cl',
          telefono_contacto: '+56912345678',
        })),
      )
      .returning({ id: cotizante.id });
    const cotizaciones = await db
      .insert(cotizacion)
      .values(solicitudes.map((s, i) => ({ solicitud_id: s.id, cotizante_id: entregas[i]!.id })))
      .returning({ id: cotizacion.id });
    const opciones = cotizaciones.flatMap((q, i) => {
      const linea = (proveedor_producto_id: number, cantidad: number, precio: number) => ({
        cotizacion_id: q.id,
        producto_id: producto.id,
        proveedor_producto_id,
        cantidad_solicitada: cantidad,
        cantidad_proveida: cantidad,
        precio,
        estado: 'seleccionado' as const,
      });
      const filas = [linea(ofertas[0]!, 1 + ((i + k) % 5), 5000), linea(ofertas[1]!, 1 + ((i * 3 + k) % 5), 5000)];
      if ((i + k) % 5 === 0) filas.push(linea(ofertas[2]!, 5, 7000));
      return filas;
    });
    for (let i = 0; i < opciones.length; i += 2000) await db.insert(opcion).values(opciones.slice(i, i + 2000));
    porComprador.push(cotizaciones.map((q) => ({ id: q.id })));
  }
  return { porComprador, loteIds: lotes.map((l) => l.id), inicial: new Map(lotes.map((l) => [l.id, l.cantidad])) };
}

/** Per lot: initial stock, left now, and what order lines took from it. */
async function audit(database: Database, loteIds: number[], inicial: Map<number, number>) {
  const rows = await queryRows<{ id: number; cantidad: string; tomado: string }>(
    database.db,
    sql`select l.id, l.cantidad, coalesce((select sum(x.cantidad) from orden_linea_lote x where x.lote_id = l.id), 0) as tomado
        from lote l where l.id in ${sql.raw(`(${loteIds.join(',')})`)}`,
  );
  const [ordenes] = await queryRows<{ n: string }>(database.db, sql`select count(*) as n from orden`);
  let vendidoDeMas = 0;
  let negativos = 0;
  let descuadres = 0;
  let tomadoTotal = 0;
  for (const r of rows) {
    const [ini, queda, tomado] = [inicial.get(r.id)!, Number(r.cantidad), Number(r.tomado)];
    tomadoTotal += tomado;
    vendidoDeMas += Math.max(0, tomado - ini);
    if (queda < 0) negativos++;
    if (centesimas(queda + tomado) !== centesimas(ini)) descuadres++;
  }
  return { lotes: rows.length, vendidoDeMas, negativos, descuadres, tomadoTotal, ordenes: Number(ordenes!.n) };
}

async function run(label: string, open: () => Promise<Database>, env: Record<string, string>) {
  console.log(`\ncrear-orden: ${BUYERS} compradores simultáneos sobre los mismos lotes, ${DURATION_S} s (${label})`);
  let database = await open();
  const { porComprador, loteIds, inicial } = await prepare(database);
  await database.close();

  const app = startServer(PORT, env);
  const latencias: number[] = [];
  const estados = new Map<number, number>();
  let agotados = 0;
  let segundos = 0;
  try {
    await waitUntilUp(`http://127.0.0.1:${PORT}/api/health/`, performance.now());
    const login = await fetch(`http://127.0.0.1:${PORT}/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_CUENTAS.comprador.email, password: DEMO_PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const t0 = performance.now();
    const fin = t0 + DURATION_S * 1000;
    await Promise.all(
      porComprador.map(async (cola) => {
        for (const q of cola) {
          if (performance.now() >= fin) return;
          const t = performance.now();
          const res = await fetch(`http://127.0.0.1:${PORT}/api/facturacion/crear-orden/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `JWT ${access}` },
            body: JSON.stringify({ cotizacion_id: q.id, razon_social: 'Comercial Bench SpA', metodo_pago: 1 }),
          });
          await res.arrayBuffer();
          latencias.push(performance.now() - t);
          estados.set(res.status, (estados.get(res.status) ?? 0) + 1);
        }
        agotados++;
      }),
    );
    segundos = (performance.now() - t0) / 1000;
  } finally {
    await stop(app);
  }

  database = await open();
  try {
    const a = await audit(database, loteIds, inicial);
    latencias.sort((x, y) => x - y);
    const p = (q: number) => latencias[Math.min(latencias.length - 1, Math.floor(q * latencias.length))] ?? 0;
    const creadas = estados.get(201) ?? 0;
    const otros = [...estados].filter(([s]) => s !== 201 && s !== 409).map(([s, n]) => `${s}×${n}`);
    console.log(
      `  órdenes creadas ${fmt(creadas)} (${fmt(creadas / segundos, 1)} órdenes/s)   rechazadas por stock (409) ${fmt(estados.get(409) ?? 0)}   otras respuestas ${otros.join(' ') || 0}`,
    );
    console.log(
      `  latencia p50 ${fmt(p(0.5), 1)} ms   p99 ${fmt(p(0.99), 1)} ms${agotados > 0 ? `   (${agotados} compradores agotaron sus ${POR_COMPRADOR} cotizaciones)` : ''}`,
    );
    console.log(`  órdenes en la base ${fmt(a.ordenes)} (respuestas 201: ${fmt(creadas)})   ${fmt(a.tomadoTotal)} kg tomados de ${a.lotes} lotes`);
    console.log(
      `  unidades vendidas de más: ${fmt(a.vendidoDeMas)}   lotes negativos: ${a.negativos}   lotes descuadrados (inicial ≠ queda + tomado): ${a.descuadres}`,
    );
    if (a.vendidoDeMas > 0 || a.negativos > 0 || a.descuadres > 0 || a.ordenes !== creadas) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (databaseUrl) {
  const name = `abastece_bench_ordenes_${process.pid}`;
  await admin(`CREATE DATABASE ${name}`);
  try {
    await run('PostgreSQL', async () => openPostgres(withDatabase(databaseUrl, name)), { DATABASE_URL: withDatabase(databaseUrl, name) });
  } finally {
    await dropDatabase(databaseUrl, name);
  }
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-bench-ordenes-'));
  try {
    await run('base embebida', () => openDatabase({ dataDir }), { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
