// The supplier's Excel upload: a file of ≈ 5 MB and 50,000 rows against a
// catalogue of 10,000 products. Prints the whole POST /api/productos/cargar-excel/ as the server
// answers it (parse in the worker, validation, classification and matching, the JSON answer),
// the parse alone (worker) and the row reading alone, and the server's peak RSS (VmHWM, the
// worker's memory included). Then the queue's load (docs/decisions/008): 16 uploads of that file at once,
// from one supplier and from 16, while another user asks GET /auth/users/me/ again and again: that
// user's latency (p50/p99/max, measured in a process of its own) and the server's peak RSS.
// Embedded by default; with DATABASE_URL, a scratch database of that server, dropped afterwards.
// CARGA_SOLO_PARALELO=1 runs only the load.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { FORMATO_FECHA_EXCEL } from '#common/format';
import { diaUtc, hoyEnChile, sumarDias } from '#common/fecha';
import { COLUMNAS_EXCEL } from '#common/schemas/proveedor-carga';
import { type Database, openDatabase, openPostgres, queryRows } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { DEMO_PASSWORD } from '#server/db/seed/demo-catalogo';
import { readFilas } from '#server/modules/proveedor/carga/filas';
import { parseExcel } from '#server/modules/proveedor/carga/parser';
import { bombaMentirosa, multipartDe } from '#server/test/carga';
import { withDatabase } from '#server/test/template-db';
import { adminQuery, dropDatabase, fmt, startServer, stop, waitUntilUp } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 8796);
const PRODUCTOS = 10_000;
const FILAS = 50_000;
const EXISTENTES = 10_000;
const NUEVAS = 25_000;
const databaseUrl = process.env.DATABASE_URL;
const PROVEEDOR = 'proveedor@abastece.cl';
const COMPRADOR = 'comprador@abastece.cl';
const PARALELAS = 16;
const soloParalelo = process.env.CARGA_SOLO_PARALELO === '1';
/** Suppliers of the load: the demo one and 15 more made by generarCatalogo. */
const proveedoresDeCarga = [PROVEEDOR, ...Array.from({ length: PARALELAS - 1 }, (_, i) => `bench-carga-${i + 1}@abastece.cl`)];

const CORTES = ['Pechuga', 'Trutro', 'Lomo', 'Filete', 'Costilla', 'Chuleta', 'Posta', 'Pulpa', 'Molida', 'Hamburguesa'];
const ANIMALES = ['pollo', 'pavo', 'cerdo', 'vacuno', 'cordero'];
const ATRIBUTOS = ['congelado', 'fresco', 'deshuesado', 'ahumado', 'marinado', 'entero', 'laminado', 'en cubos'];
const nombreCatalogo = (g: number) => `${CORTES[g % 10]} de ${ANIMALES[Math.floor(g / 10) % 5]} ${ATRIBUTOS[Math.floor(g / 50) % 8]} ${Math.floor(g / 400)}`;

/** 10,000 approved products (names of the kind above), 10,000 of them offered by the demo supplier as B-<n>. */
async function generarCatalogo(database: Database) {
  await prepareDatabase(database, { seedDemo: true });
  const { db } = database;
  const nombres = Array.from({ length: PRODUCTOS }, (_, g) => nombreCatalogo(g));
  await db.execute(sql`INSERT INTO producto (nombre, categoria_id, origen_id, marca_id, unidad_id, estado_moderacion)
    SELECT n, (SELECT array_agg(id ORDER BY id) FROM categoria)[1 + (o % (SELECT count(*) FROM categoria))::int],
      (SELECT min(id) FROM origen), (SELECT min(id) FROM marca), (SELECT id FROM unidad WHERE descripcion = 'KILO'), 'aprobado'
    FROM json_array_elements_text(${JSON.stringify(nombres)}::json) WITH ORDINALITY AS x(n, o)`);
  await db.execute(sql`INSERT INTO proveedor_producto (proveedor_id, producto_id, sku, tarifa)
    SELECT (SELECT id FROM usuario WHERE email = ${PROVEEDOR}), p.id, 'B-' || row_number() OVER (ORDER BY p.id), 5000
    FROM (SELECT id FROM producto ORDER BY id DESC LIMIT ${EXISTENTES}) p`);
  // 15 more suppliers (the demo one's password and names) for the load of uploads from many.
  await db.execute(sql`INSERT INTO usuario (email, password, first_name, last_name, empresa, is_active, is_comprador, is_proveedor, password_changed_at)
    SELECT x.email, u.password, u.first_name, u.last_name, u.empresa, true, false, true, u.password_changed_at
    FROM usuario u, json_array_elements_text(${JSON.stringify(proveedoresDeCarga.slice(1))}::json) AS x(email) WHERE u.email = ${PROVEEDOR}`);
  await db.execute(sql`analyze`);
}

/** 10,000 rows of existing SKUs, 25,000 of catalogue names written otherwise, 15,000 exclusive ones. */
async function generarArchivo(): Promise<Buffer> {
  const vence = diaUtc(sumarDias(hoyEnChile(), 90));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Productos');
  ws.addRow([...COLUMNAS_EXCEL]);
  for (let i = 0; i < FILAS; i++) {
    const [sku, nombre] =
      i < EXISTENTES
        ? [`B-${i + 1}`, nombreCatalogo(PRODUCTOS - 1 - i)]
        : i < EXISTENTES + NUEVAS
          ? [`N-${i}`, `${nombreCatalogo((i * 7) % PRODUCTOS).toUpperCase()} 10kg`]
          : [`X-${i}`, `Mermelada artesanal de murta ${['sin azúcar', 'con miel', 'del sur'][i % 3]} ${i}`];
    // Prices, stock and brands differ row by row, as in a real catalogue: that gives the file its ≈ 5 MB.
    const r = (k: number) =>
      Math.floor((Math.sin(i * 12.9898 + k * 78.233) * 43758.5453 - Math.floor(Math.sin(i * 12.9898 + k * 78.233) * 43758.5453)) * 90_000) + 1000;
    const marca = `Productora Bench ${r(9).toString(36)}${i.toString(36)} Ltda.`;
    ws.addRow([sku, nombre, r(1), r(2), r(3), r(4), r(5), r(6), r(7) / 100, vence, 'POLLO', marca, `Región ${i % 997}`, 'IQF', 'KILO']);
  }
  ws.getColumn(10).numFmt = FORMATO_FECHA_EXCEL;
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

const vmHwmMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function run(label: string, open: () => Promise<Database>, env: Record<string, string>, archivo: Buffer) {
  console.log(`\ncargar-excel: ${fmt(FILAS)} filas, ${fmt(archivo.length / 1024 / 1024, 2)} MB, contra ${fmt(PRODUCTOS)} productos más el demo (${label})`);
  const database = await open();
  await generarCatalogo(database);
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from producto where estado_moderacion = 'aprobado'`);
  await database.close();

  // First the loads (cargar-excel writes nothing), then the uploads one by one and their confirmations.
  await cargaEnParalelo(`un proveedor (${label})`, env, archivo, [PROVEEDOR]);
  await cargaEnParalelo(`${PARALELAS} proveedores (${label})`, env, archivo, proveedoresDeCarga);
  if (soloParalelo) return;

  const app = startServer(PORT, env);
  try {
    await waitUntilUp(`http://127.0.0.1:${PORT}/api/health/`, performance.now());
    const login = await fetch(`http://127.0.0.1:${PORT}/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: PROVEEDOR, password: DEMO_PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const subir = (cuerpo: Buffer) => {
      const { payload, headers } = multipartDe(cuerpo);
      return fetch(`http://127.0.0.1:${PORT}/api/productos/cargar-excel/`, {
        method: 'POST',
        headers: { ...headers, authorization: `JWT ${access}` },
        body: payload,
      });
    };
    // A zip bomb first (600 MB declared as 1 KB): refused, at what memory cost. Built before the
    // clock starts: deflating its 600 MB here is the bench's time, not the server's.
    const archivoBomba = bombaMentirosa();
    const antesBomba = vmHwmMb(app.pid!);
    const tb = performance.now();
    const bomba = await subir(archivoBomba);
    console.log(
      `  bomba zip (600 MB declarados como 1 KB): ${bomba.status} en ${fmt(performance.now() - tb)} ms; RSS máximo ${fmt(antesBomba)} → ${fmt(vmHwmMb(app.pid!))} MB`,
    );
    await bomba.arrayBuffer();
    const antes = vmHwmMb(app.pid!);
    const tiempos: number[] = [];
    let cuenta = '';
    let parseoCliente = 0;
    let grupos: Record<string, unknown[]> = {};
    for (let vez = 0; vez < 2; vez++) {
      const t = performance.now();
      const res = await subir(archivo);
      // Timed to the answer's last byte: parsing its ~24 MB of JSON is the client's time, not the
      // server's (as in bench/comparacion.ts); it is measured apart below.
      const bytes = await res.arrayBuffer();
      tiempos.push(performance.now() - t);
      const tp = performance.now();
      const body = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown[]>;
      parseoCliente = performance.now() - tp;
      if (res.status !== 200) throw new Error(`cargar-excel: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      grupos = body;
      cuenta = `existentes ${fmt(body.productos_existentes!.length)}, nuevos ${fmt(body.productos_nuevos!.length)}, exclusivos ${fmt(body.productos_nuevos_exclusivos!.length)}, filas con errores ${fmt(body.errores!.length)}`;
    }
    console.log(`  catálogo aprobado: ${fmt(n)} productos;   ${cuenta}`);
    console.log(`  total (POST hasta el último byte de la respuesta): ${tiempos.map((x) => `${fmt(x)} ms`).join(' / ')}`);
    console.log(`  el cliente parsea la respuesta (no cuenta arriba): ${fmt(parseoCliente)} ms`);
    console.log(`  RSS máximo del servidor: ${fmt(antes)} MB antes de subir, ${fmt(vmHwmMb(app.pid!))} MB después`);
    // The three confirmations of the screen, each one transaction, with the rows as the upload gave them.
    const confirmar = async (method: string, url: string, body: unknown) => {
      const t = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORT}${url}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `JWT ${access}` },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return `${fmt(performance.now() - t)} ms (${JSON.stringify({ ...json, errores: (json.errores as unknown[]).length })})`;
    };
    const existentes = await confirmar('PUT', '/api/productos/actualizar-precios/', { productos: grupos.productos_existentes });
    const nuevos = await confirmar('POST', '/api/productos/registrar-nuevos/', { productos: grupos.productos_nuevos, categoria_id: 1 });
    const exclusivos = await confirmar('POST', '/api/productos/registrar-nuevos/', { productos: grupos.productos_nuevos_exclusivos });
    console.log(`  actualizar-precios ${fmt(EXISTENTES)} filas: ${existentes}`);
    console.log(`  registrar-nuevos ${fmt(NUEVAS)} filas: ${nuevos}`);
    console.log(`  registrar-nuevos exclusivos ${fmt(FILAS - EXISTENTES - NUEVAS)} filas: ${exclusivos}`);
    console.log(`  RSS máximo del servidor al final: ${fmt(vmHwmMb(app.pid!))} MB`);
  } finally {
    await stop(app);
  }
}

/** Another user's GET /auth/users/me/, one after the other 10 ms apart, from a process of its own (the bench's own loop receives the uploads' answers); until `parar()`, its latencies. */
function pedirMientras(url: string, token: string) {
  const script = `
    const latencias = [];
    let seguir = true;
    process.stdin.on('data', () => { seguir = false; });
    while (seguir) {
      const t = performance.now();
      const res = await fetch(${JSON.stringify(url)}, { headers: { authorization: 'JWT ${token}' } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error('me: ' + res.status);
      latencias.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 10));
    }
    process.stdout.write(JSON.stringify(latencias));
    process.exit(0);`;
  const hijo = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let salida = '';
  hijo.stdout.on('data', (d) => {
    salida += d;
  });
  const fin = new Promise<number[]>((resolve, reject) =>
    hijo.once('exit', (code) => (code === 0 ? resolve(JSON.parse(salida)) : reject(new Error(`pedidos: ${code}`)))),
  );
  return {
    parar: () => {
      hijo.stdin.end('fin');
      return fin;
    },
  };
}

const percentil = (xs: number[], p: number) => {
  const orden = [...xs].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.ceil((p / 100) * orden.length) - 1)] ?? 0;
};
const latencias = (xs: number[]) =>
  `p50 ${fmt(percentil(xs, 50), 1)} ms, p99 ${fmt(percentil(xs, 99), 1)} ms, máx. ${fmt(Math.max(...xs), 1)} ms (${fmt(xs.length)} pedidos)`;

/**
 * PARALELAS uploads of the 50,000-row file at once, from `quienes` (one supplier
 * each, repeated if fewer), on a server started for it (its VmHWM is this load's), while another
 * user asks for its account. Prints how the uploads were answered, that user's latency and the RSS.
 */
async function cargaEnParalelo(label: string, env: Record<string, string>, archivo: Buffer, quienes: string[]) {
  const app = startServer(PORT, env);
  try {
    await waitUntilUp(`http://127.0.0.1:${PORT}/api/health/`, performance.now());
    const token = async (email: string) => {
      const res = await fetch(`http://127.0.0.1:${PORT}/auth/jwt/create/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login de ${email}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access: string }).access;
    };
    const tokens = new Map<string, string>();
    for (const email of new Set(quienes)) tokens.set(email, await token(email));
    const me = `http://127.0.0.1:${PORT}/auth/users/me/`;
    const comprador = await token(COMPRADOR);

    const reposo = pedirMientras(me, comprador);
    await new Promise((r) => setTimeout(r, 2000));
    const enReposo = await reposo.parar();
    const antes = vmHwmMb(app.pid!);

    const otro = pedirMientras(me, comprador);
    await new Promise((r) => setTimeout(r, 300));
    const t0 = performance.now();
    const resultados = await Promise.all(
      Array.from({ length: PARALELAS }, async (_, i) => {
        const { payload, headers } = multipartDe(archivo);
        const res = await fetch(`http://127.0.0.1:${PORT}/api/productos/cargar-excel/`, {
          method: 'POST',
          headers: { ...headers, authorization: `JWT ${tokens.get(quienes[i % quienes.length]!)}` },
          body: payload,
        });
        const bytes = await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - t0, detalle: res.status === 200 ? '' : new TextDecoder().decode(bytes).slice(0, 200) };
      }),
    );
    const total = performance.now() - t0;
    const bajoCarga = await otro.parar();

    const porEstado = new Map<number, number[]>();
    for (const r of resultados) porEstado.set(r.status, [...(porEstado.get(r.status) ?? []), r.ms]);
    console.log(`\n${PARALELAS} subidas a la vez del archivo de ${fmt(FILAS)} filas, ${label}:`);
    for (const [status, ms] of [...porEstado].sort((a, b) => a[0] - b[0])) {
      console.log(`  ${status}: ${ms.length} (respondidas entre ${fmt(Math.min(...ms))} y ${fmt(Math.max(...ms))} ms)`);
    }
    const rechazo = resultados.find((r) => r.status !== 200);
    if (rechazo) console.log(`  una no aceptada dice: ${rechazo.detalle}`);
    console.log(`  todas respondidas en ${fmt(total)} ms`);
    console.log(`  GET /auth/users/me/ de otro usuario, en reposo: ${latencias(enReposo)}`);
    console.log(`  GET /auth/users/me/ de otro usuario, durante las subidas: ${latencias(bajoCarga)}`);
    console.log(`  RSS máximo del servidor: ${fmt(antes)} MB antes, ${fmt(vmHwmMb(app.pid!))} MB con las subidas`);
  } finally {
    await stop(app);
  }
}

const archivo = await generarArchivo();
if (!soloParalelo) {
  // The parse alone, in this process: the worker, then the rows read from its cells. From the
  // sources the worker is bundled the first time it starts (server/workers/start-worker.ts); the
  // built server has it bundled already, so a small file pays for that first.
  await parseExcel(fs.readFileSync('server/modules/proveedor/carga/fixtures/productos-libreoffice.xlsx'), 120_000);
  const t0 = performance.now();
  const celdas = await parseExcel(archivo, 120_000);
  const t1 = performance.now();
  const filas = readFilas(celdas, hoyEnChile());
  const t2 = performance.now();
  console.log(
    `\nparseo de ${fmt(archivo.length / 1024 / 1024, 2)} MB: worker ${fmt(t1 - t0)} ms (${fmt(celdas.length)} filas de celdas), lectura y validación de filas ${fmt(t2 - t1)} ms (${fmt(filas.length)} filas)`,
  );
}

if (databaseUrl) {
  const name = `abastece_bench_carga_${process.pid}`;
  await adminQuery(databaseUrl, `CREATE DATABASE ${name}`);
  try {
    await run('PostgreSQL', async () => openPostgres(withDatabase(databaseUrl, name)), { DATABASE_URL: withDatabase(databaseUrl, name) }, archivo);
  } finally {
    await dropDatabase(databaseUrl, name);
  }
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-bench-carga-'));
  try {
    await run('base embebida', () => openDatabase({ dataDir }), { DATA_DIR: dataDir }, archivo);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
