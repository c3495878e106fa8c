// The price paid last time (findUltimosPrecios, docs/decisions/023): the one query comparar-precios
// runs for a logged-in buyer beside the catalogue's read, for 30 products (20 bought before, 10
// never), by a buyer with BENCH_ULTIMO_ORDENES orders of 30 lines (a weekly order for ten years by
// default) among 20,000 orders of another account; p50 and p99 in this process, straight on the
// database. On PostgreSQL when DATABASE_URL is set (a scratch database, dropped afterwards), else
// on the embedded engine in a temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, openPostgres, queryRows } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { findUltimosPrecios } from '#server/modules/pedidos/pedidos.repository';
import { withDatabase } from '#server/test/template-db';
import { adminQuery, dropDatabase, fmt } from './lib';

const ORDENES = Number(process.env.BENCH_ULTIMO_ORDENES ?? 520);
const OTRAS = 20_000;
const LINEAS = 30;
const VECES = 200;
const databaseUrl = process.env.DATABASE_URL;

/** The buyer's orders and another account's, one pedido each (one in six rejected or annulled), 30 lines each over the demo catalogue. */
async function prepare(database: Database): Promise<{ comprador: number; otro: number; productos: number[] }> {
  await prepareDatabase(database, { seedDemo: true });
  const { db } = database;
  const [u] = await queryRows<{ comprador: number; otro: number }>(
    db,
    sql`select (select id from usuario where email = 'comprador@abastece.cl') as comprador, (select id from usuario where email = 'moderador@abastece.cl') as otro`,
  );
  const productos = (await queryRows<{ id: number }>(db, sql`select id from producto order by id`)).map((p) => p.id);
  const { comprador, otro } = u!;
  await db.execute(sql`
    with s as (insert into solicitud (clave_hash) select md5(g::text) from generate_series(1, ${ORDENES + OTRAS}) g returning id),
    c as (insert into cotizacion (solicitud_id) select id from s returning id)
    insert into orden (cotizacion_id, usuario_id, total, comprador, creado_en)
    select c.id, case when row_number() over (order by c.id) <= ${ORDENES} then ${comprador}::integer else ${otro}::integer end, 0, 'Restaurante', now() - make_interval(mins => c.id) from c`);
  await db.execute(sql`
    insert into pedido (orden_id, proveedor_nombre, estado, subtotal, creado_en)
    select o.id, 'Proveedor', (array['pendiente','confirmado','despachado','entregado','rechazado','anulado'])[1 + o.id % 6]::estado_pedido, 150000, o.creado_en from orden o`);
  await db.execute(sql`
    insert into orden_linea (orden_id, pedido_id, producto_id, proveedor_nombre, producto_nombre, cantidad, precio, subtotal)
    select p.orden_id, p.id, (${sql.raw(`array[${productos.join(',')}]`)})[1 + (p.orden_id * 7 + g) % ${productos.length}], 'Proveedor', 'Producto', 10, 5000 + g, 50000
    from pedido p cross join generate_series(1, ${LINEAS}) g`);
  await db.execute(sql`analyze`);
  return { comprador, otro, productos };
}

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  try {
    const { comprador, productos } = await prepare(database);
    const [n] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orden_linea`);
    console.log(
      `\nfindUltimosPrecios (${label}): ${LINEAS} productos, un comprador con ${fmt(ORDENES)} órdenes de ${LINEAS} líneas; ${fmt(n!.n)} líneas en la base; ${VECES} veces`,
    );
    // 20 products the buyer bought (the catalogue's first ones), 10 ids no order names.
    const ids = [...productos.slice(0, 20), ...Array.from({ length: 10 }, (_, i) => 900_000_000 + i)];
    for (const [nombre, usuario] of [
      ['comprador con historia', comprador],
      ['cuenta sin órdenes', 987_654_321],
    ] as const) {
      const tiempos: number[] = [];
      let encontrados = 0;
      for (let i = 0; i < VECES + 10; i++) {
        const t = performance.now();
        encontrados = (await findUltimosPrecios(database.db, usuario, ids)).size;
        if (i >= 10) tiempos.push(performance.now() - t);
      }
      tiempos.sort((a, b) => a - b);
      const p = (q: number) => tiempos[Math.min(tiempos.length - 1, Math.floor(q * tiempos.length))]!;
      console.log(`  ${nombre.padEnd(24)} p50 ${fmt(p(0.5), 2)} ms   p99 ${fmt(p(0.99), 2)} ms   (${encontrados} con precio)`);
    }
  } finally {
    await database.close();
  }
}

if (databaseUrl) {
  const name = `abastece_bench_ultimo_${process.pid}`;
  await adminQuery(databaseUrl, `CREATE DATABASE ${name}`);
  try {
    await run('PostgreSQL', async () => openPostgres(withDatabase(databaseUrl, name)));
  } finally {
    await dropDatabase(databaseUrl, name);
  }
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-bench-ultimo-'));
  try {
    await run('base embebida', () => openDatabase({ dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
