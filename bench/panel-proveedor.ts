import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { DEMO_PASSWORD } from '#server/db/seed/demo-catalogo';
import { enSuBase, fmt, startServer, stop, waitUntilUp } from './lib';

const PORT = 8795;
const COTIZACIONES = Number(process.env.BENCH_PANEL_COTIZACIONES ?? 100_000);
/** Over how many days the comparisons are spread, up to now: a year by default; 30 puts every one in the panel's window. */
const DIAS = Number(process.env.BENCH_PANEL_DIAS ?? 365);
const PROVEEDORES = 30;
const PRODUCTOS = 300;
const LINEAS = 5;
const POR_LINEA = 6;
const VECES = 200;
/** The busy supplier: offers every product and is weighed in 40 % of the lines. */
const PROVEEDOR = 'proveedor@abastece.cl';

/**
 * A market written in bulk, as comparisons leave it: PROVEEDORES suppliers (the busy one and 29
 * others) offering PRODUCTOS products; COTIZACIONES quotations of LINEAS lines (one linea_comparada
 * row each), each line weighing POR_LINEA suppliers (the busy one in 40 % of the lines) at ±10 % of the product's price, its
 * cheapest selected (one line in ten split between the two cheapest), and each line's outcome filled from them.
 */
async function prepare(database: Database) {
  await prepareDatabase(database, { seedDemo: true });
  const { db } = database;
  await db.execute(sql`
    insert into usuario (email, password, first_name, last_name, is_active, is_comprador, is_proveedor)
    select 'bench-panel-' || g || '@prueba.cl', 'x', 'Proveedor', g::text, true, false, true from generate_series(1, ${PROVEEDORES - 1}) g`);
  await db.execute(sql`
    create table bench_proveedor as
    select row_number() over (order by (email <> ${PROVEEDOR}), id) - 1 as n, id from usuario
    where email = ${PROVEEDOR} or email like 'bench-panel-%@prueba.cl'`);
  await db.execute(sql`
    insert into producto (nombre, categoria_id, origen_id, marca_id, unidad_id, estado_moderacion)
    select 'Producto panel ' || g, (select min(id) from categoria), (select min(id) from origen), (select min(id) from marca), (select min(id) from unidad), 'aprobado'
    from generate_series(1, ${PRODUCTOS}) g`);
  await db.execute(sql`
    create table bench_producto as
    select row_number() over (order by id) - 1 as n, id, 2000 + (id * 7919) % 8000 as precio from producto where nombre like 'Producto panel %'`);
  await db.execute(sql`
    insert into proveedor_producto (proveedor_id, producto_id, sku, tarifa)
    select s.id, p.id, 'PANEL-' || p.n, p.precio from bench_proveedor s cross join bench_producto p`);
  await db.execute(sql`insert into lote (proveedor_producto_id, cantidad, fecha_expiracion)
    select id, 100 + id % 50, current_date + (id % 20) from proveedor_producto where sku like 'PANEL-%' and id % 4 <> 0`);
  await db.execute(sql`
    with s as (insert into solicitud (clave_hash) select md5(g::text) from generate_series(1, ${COTIZACIONES}) g returning id)
    insert into cotizacion (solicitud_id, creado_en)
    select id, now() - make_interval(secs => (${COTIZACIONES} - row_number() over (order by id))::float8 * ${(DIAS * 86_400) / COTIZACIONES}::float8) from s`);
  // Each line: its product, then POR_LINEA distinct suppliers (n = 0, the busy one, in 40 % of the lines), as arrays.
  await db.execute(sql`
    create table bench_linea as
    select c.id as cotizacion_id, c.creado_en, p.id as producto_id, p.precio as base, c.id * ${LINEAS} + k as l
    from cotizacion c cross join generate_series(0, ${LINEAS - 1}) k
    join bench_producto p on p.n = (c.id * 37 + k * 61) % ${PRODUCTOS}`);
  await db.execute(sql`
    insert into linea_comparada (cotizacion_id, producto_id, proveedores, precios, creado_en)
    select l.cotizacion_id, l.producto_id, array_agg(s.id order by j), array_agg(round(l.base * (0.9 + ((l.l * 31 + s.n * 17) % 21) / 100.0))::int order by j),
      l.creado_en
    from bench_linea l cross join generate_series(0, ${POR_LINEA - 1}) j
    join bench_proveedor s on s.n = case when j = 0 and l.l % 5 < 2 then 0 else 1 + (l.l * 7 + j * 5) % ${PROVEEDORES - 1} end
    group by l.cotizacion_id, l.producto_id, l.creado_en
    order by l.cotizacion_id, l.producto_id`);
  await db.execute(sql`alter table opcion drop constraint opcion_cotizacion_id_cotizacion_id_fk, drop constraint opcion_oferta_de_producto_fk`);
  // The selected options: the cheapest supplier; one line in ten also the second cheapest, for half.
  await db.execute(sql`
    insert into opcion (cotizacion_id, producto_id, proveedor_producto_id, cantidad_solicitada, cantidad_proveida, precio, estado)
    select r.cotizacion_id, r.producto_id, pp.id, 100, case when r.partida then 50 else 100 end, r.precio, 'seleccionado'
    from (
      select lc.cotizacion_id, lc.producto_id, u.proveedor_id, u.precio,
        row_number() over (partition by lc.cotizacion_id, lc.producto_id order by u.precio, u.proveedor_id) as puesto,
        (lc.cotizacion_id + lc.producto_id) % 10 = 0 as partida
      from linea_comparada lc, unnest(lc.proveedores, lc.precios) u(proveedor_id, precio)
    ) r
    join proveedor_producto pp on pp.proveedor_id = r.proveedor_id and pp.producto_id = r.producto_id
    where r.puesto = 1 or (r.puesto = 2 and r.partida)`);
  // Each line's outcome, as the comparison writes it: the suppliers of its selected options and their quantity-weighted price.
  await db.execute(sql`
    update linea_comparada lc set elegidos = e.elegidos, precio_elegido = e.precio
    from (
      select o.cotizacion_id, o.producto_id, array_agg(distinct pp.proveedor_id) as elegidos,
        sum(o.precio * o.cantidad_proveida::float8) / sum(o.cantidad_proveida::float8) as precio
      from opcion o join proveedor_producto pp on pp.id = o.proveedor_producto_id
      where o.estado = 'seleccionado' group by o.cotizacion_id, o.producto_id
    ) e
    where lc.cotizacion_id = e.cotizacion_id and lc.producto_id = e.producto_id`);
  // That update left every row twice, the live copy out of time order: rewritten in creado_en order,
  // as comparisons leave the table (each writes its lines once, with their outcome, at its time).
  await db.execute(sql`cluster linea_comparada using linea_comparada_creado_idx`);
  await db.execute(sql`alter table opcion
    add constraint opcion_cotizacion_id_cotizacion_id_fk foreign key (cotizacion_id) references cotizacion (id) on delete cascade not valid,
    add constraint opcion_oferta_de_producto_fk foreign key (proveedor_producto_id, producto_id) references proveedor_producto (id, producto_id) not valid`);
  const [cuenta] = (
    (await db.execute(sql`select
      (select count(*)::int from linea_comparada) as filas,
      (select count(*)::int from linea_comparada lc where lc.proveedores @> array[(select id from bench_proveedor where n = 0)]
        and lc.creado_en >= now() - interval '30 days') as del_proveedor`)) as unknown as {
      rows: Array<{ filas: number; del_proveedor: number }>;
    }
  ).rows;
  // Plain tables, not temporary ones: the pool runs each statement on any of its connections.
  await db.execute(sql`drop table bench_proveedor, bench_producto, bench_linea`);
  await db.execute(sql`analyze`);
  return cuenta!;
}

async function run(label: string, open: () => Promise<Database>, env: Record<string, string>) {
  console.log(`\nGET /api/proveedor/panel/ con ${fmt(COTIZACIONES)} cotizaciones en ${DIAS} días, ${VECES} veces (${label})`);
  const database = await open();
  const t0 = performance.now();
  const { filas, del_proveedor } = await prepare(database);
  console.log(
    `  ${fmt(filas)} filas de linea_comparada (generadas en ${fmt((performance.now() - t0) / 1000, 1)} s); ${fmt(del_proveedor)} líneas del proveedor en los últimos 30 días`,
  );
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
    const tiempos: number[] = [];
    let perdidas = 0;
    for (let i = 0; i < VECES + 10; i++) {
      const t = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORT}/api/proveedor/panel/`, { headers: { authorization: `JWT ${access}` } });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
      perdidas = body.perdidas_por_precio.length;
      if (i >= 10) tiempos.push(performance.now() - t); // the first ones warm the plans and the pool
    }
    tiempos.sort((a, b) => a - b);
    const p = (q: number) => tiempos[Math.min(tiempos.length - 1, Math.floor(q * tiempos.length))]!;
    console.log(
      `  carga del equipo al medir: ${os
        .loadavg()
        .map((x) => fmt(x, 1))
        .join(' / ')} (1, 5, 15 min) en ${os.cpus().length} núcleos`,
    );
    console.log(`  panel: p50 ${fmt(p(0.5), 1)} ms   p95 ${fmt(p(0.95), 1)} ms   (${perdidas} productos perdidos por precio)`);
  } finally {
    await stop(app);
  }
}

await enSuBase('panel', run);
