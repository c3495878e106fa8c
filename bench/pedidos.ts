import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { DEMO_PASSWORD } from '#server/db/seed/demo-catalogo';
import { enSuBase, fmt, startServer, stop, waitUntilUp } from './lib';

const PORT = 8796;
const PEDIDOS = Number(process.env.BENCH_PEDIDOS ?? 10_000);
const VECES = 200;
const PROVEEDOR = 'proveedor@abastece.cl';

/**
 * PEDIDOS orders, each with a pedido of 3 lines for the bench's supplier and one for another supplier
 * (so the table holds twice as many), spread over 500 buyers and the life cycle's states, written
 * in bulk as crear-orden leaves them.
 */
async function prepare(database: Database) {
  await prepareDatabase(database, { seedDemo: true });
  const { db } = database;
  await db.execute(sql`
    with s as (insert into solicitud (clave_hash) select md5(g::text) from generate_series(1, ${PEDIDOS}) g returning id),
    c as (insert into cotizacion (solicitud_id) select id from s returning id)
    insert into orden (cotizacion_id, total, comprador, comuna_nombre, fecha_entrega, creado_en)
    select c.id, 0, 'Restaurante ' || (c.id % 500), 'Providencia', date '2099-01-15', now() - make_interval(mins => c.id) from c`);
  await db.execute(sql`
    insert into pedido (orden_id, proveedor_id, proveedor_nombre, estado, subtotal, creado_en)
    select o.id, u.id, 'Proveedor', (array['pendiente','confirmado','despachado','entregado','rechazado','anulado'])[1 + o.id % 6]::estado_pedido, 150000, o.creado_en
    from orden o cross join (select id from usuario where email in (${PROVEEDOR}, 'ventas@frigorificolosandes.cl')) u`);
  await db.execute(sql`
    insert into orden_linea (orden_id, pedido_id, proveedor_id, proveedor_nombre, producto_nombre, cantidad, precio, subtotal)
    select p.orden_id, p.id, p.proveedor_id, 'Proveedor', 'Producto ' || g, 10, 5000, 50000 from pedido p cross join generate_series(1, 3) g`);
  await db.execute(sql`insert into pedido_evento (pedido_id, estado, creado_en) select id, estado, creado_en from pedido`);
  await db.execute(sql`analyze`);
}

async function run(label: string, open: () => Promise<Database>, env: Record<string, string>) {
  console.log(`\nGET /api/pedidos/ de un proveedor con ${fmt(PEDIDOS)} pedidos, ${VECES} veces cada consulta (${label})`);
  const database = await open();
  await prepare(database);
  await database.close();

  const app = startServer(PORT, env);
  try {
    await waitUntilUp(`http://127.0.0.1:${PORT}/api/health/`, performance.now());
    const login = await fetch(`http://127.0.0.1:${PORT}/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: PROVEEDOR, password: DEMO_PASSWORD }),
    });
    const { access } = await login.json();
    for (const [nombre, query] of [
      ['primera página', 'page=1'],
      ['pendientes', 'estado=pendiente'],
      ['buscar comprador', 'q=restaurante%2042'],
      ['página 250', 'page=250'],
    ] as const) {
      const tiempos: number[] = [];
      let count = 0;
      for (let i = 0; i < VECES + 10; i++) {
        const t = performance.now();
        const res = await fetch(`http://127.0.0.1:${PORT}/api/pedidos/?${query}`, { headers: { authorization: `JWT ${access}` } });
        const body = await res.json();
        if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
        count = body.count;
        if (i >= 10) tiempos.push(performance.now() - t); // the first ones warm the plans and the pool
      }
      tiempos.sort((a, b) => a - b);
      const p = (q: number) => tiempos[Math.min(tiempos.length - 1, Math.floor(q * tiempos.length))]!;
      console.log(`  ${nombre.padEnd(17)} p50 ${fmt(p(0.5), 1)} ms   p99 ${fmt(p(0.99), 1)} ms   (${fmt(count)} coinciden)`);
    }
  } finally {
    await stop(app);
  }
}

await enSuBase('pedidos', run);
