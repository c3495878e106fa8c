import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAt } from '#server/test/migration-db';
import { type Database, queryRows } from './client';
import { seedReference } from './seed/reference';

describe('migration 0010: orders placed before pedidos existed are split into pedidos', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const ids = { ana: 0, andes: 0, maule: 0, orden: 0, anonima: 0, lote: 0 };

  beforeAll(async () => {
    ({ database, drop } = await openAt('0009_notificar_catalogo'));
    const { db } = database;
    await seedReference(db);
    const uno = async (query: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(db, query))[0]!.id;
    ids.ana = await uno(sql`INSERT INTO usuario (email, password, first_name, last_name) VALUES ('ana@prueba.cl', 'x', 'Ana', 'Rojas') RETURNING id`);
    ids.andes = await uno(
      sql`INSERT INTO usuario (email, password, first_name, last_name, empresa, is_proveedor) VALUES ('andes@prueba.cl', 'x', 'Luis', 'Soto', 'Frigorífico Los Andes', true) RETURNING id`,
    );
    ids.maule = await uno(
      sql`INSERT INTO usuario (email, password, first_name, last_name, empresa, is_proveedor) VALUES ('maule@prueba.cl', 'x', 'Rosa', 'Fuentes', 'Carnes del Maule', true) RETURNING id`,
    );
    const producto = await uno(sql`WITH og AS (INSERT INTO origen (descripcion) VALUES ('Chile') RETURNING id),
        m AS (INSERT INTO marca (nombre) VALUES ('Sopraval') RETURNING id)
      INSERT INTO producto (nombre, categoria_id, origen_id, marca_id, unidad_id, estado_moderacion)
      SELECT 'Pavo molido', (SELECT id FROM categoria WHERE nombre = 'AVES'), og.id, m.id, (SELECT id FROM unidad WHERE descripcion = 'KILO'), 'aprobado' FROM og, m RETURNING id`);
    const oferta = async (proveedor: number, sku: string) =>
      uno(sql`INSERT INTO proveedor_producto (proveedor_id, producto_id, sku, tarifa) VALUES (${proveedor}, ${producto}, ${sku}, 5000) RETURNING id`);
    const [andes, maule] = [await oferta(ids.andes, 'A-1'), await oferta(ids.maule, 'M-1')];
    ids.lote = await uno(sql`INSERT INTO lote (proveedor_producto_id, cantidad, fecha_expiracion) VALUES (${andes}, 40, '2099-02-01') RETURNING id`);

    const orden = async (usuario: number | null, razon: string, contacto: string, correo: string) => {
      const s = await uno(sql`INSERT INTO solicitud (usuario_id) VALUES (${usuario}) RETURNING id`);
      const c = await uno(sql`INSERT INTO cotizacion (solicitud_id) VALUES (${s}) RETURNING id`);
      return uno(
        sql`INSERT INTO orden (cotizacion_id, usuario_id, razon_social, nombre_contacto, correo_contacto, total) VALUES (${c}, ${usuario}, ${razon}, ${contacto}, ${correo}, 0) RETURNING id`,
      );
    };
    ids.orden = await orden(ids.ana, '', 'Cocina Central', 'cocina@prueba.cl');
    ids.anonima = await orden(null, 'Hotel del Lago SpA', 'Recepción', 'recepcion@prueba.cl');
    const linea = (ordenId: number, ofertaId: number, proveedor: number, nombre: string, subtotal: number) =>
      uno(sql`INSERT INTO orden_linea (orden_id, proveedor_producto_id, proveedor_id, proveedor_nombre, producto_nombre, cantidad, precio, subtotal)
        VALUES (${ordenId}, ${ofertaId}, ${proveedor}, ${nombre}, 'Pavo molido', 10, ${subtotal / 10}, ${subtotal}) RETURNING id`);
    const l1 = await linea(ids.orden, andes, ids.andes, 'Frigorífico Los Andes', 50_000);
    await linea(ids.orden, maule, ids.maule, 'Carnes del Maule', 40_000);
    await linea(ids.orden, andes, ids.andes, 'Frigorífico Los Andes', 10_000);
    await linea(ids.anonima, maule, ids.maule, 'Carnes del Maule', 30_000);
    await db.execute(sql`INSERT INTO orden_linea_lote (orden_linea_id, lote_id, cantidad) VALUES (${l1}, ${ids.lote}, 10)`);

    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('one pending pedido per supplier of each order, its subtotal the sum of its lines, every line in its pedido', async () => {
    const pedidos = await queryRows(
      database.db,
      sql`SELECT orden_id, proveedor_id, proveedor_nombre, estado, subtotal, costo_despacho FROM pedido ORDER BY orden_id, proveedor_id`,
    );
    expect(pedidos).toEqual([
      { orden_id: ids.orden, proveedor_id: ids.andes, proveedor_nombre: 'Frigorífico Los Andes', estado: 'pendiente', subtotal: 60_000, costo_despacho: 0 },
      { orden_id: ids.orden, proveedor_id: ids.maule, proveedor_nombre: 'Carnes del Maule', estado: 'pendiente', subtotal: 40_000, costo_despacho: 0 },
      { orden_id: ids.anonima, proveedor_id: ids.maule, proveedor_nombre: 'Carnes del Maule', estado: 'pendiente', subtotal: 30_000, costo_despacho: 0 },
    ]);
    const sueltas = await queryRows(
      database.db,
      sql`SELECT l.id FROM orden_linea l JOIN pedido p ON p.id = l.pedido_id WHERE p.orden_id <> l.orden_id OR p.proveedor_id <> l.proveedor_id`,
    );
    expect(sueltas).toEqual([]);
  });

  it('each pedido starts its history pendiente, by the buyer, at the order time', async () => {
    const eventos = await queryRows(
      database.db,
      sql`SELECT e.estado, e.usuario_id, e.creado_en = o.creado_en AS a_la_hora FROM pedido_evento e JOIN pedido p ON p.id = e.pedido_id JOIN orden o ON o.id = p.orden_id ORDER BY e.id`,
    );
    expect(eventos).toEqual([
      { estado: 'pendiente', usuario_id: ids.ana, a_la_hora: true },
      { estado: 'pendiente', usuario_id: ids.ana, a_la_hora: true },
      { estado: 'pendiente', usuario_id: null, a_la_hora: true },
    ]);
  });

  it('names the buyer and where its e-mails go; the lots taken keep their offer and expiry', async () => {
    expect(await queryRows(database.db, sql`SELECT id, comprador, correo_comprador, seguimiento_hash FROM orden ORDER BY id`)).toEqual([
      { id: ids.orden, comprador: 'Cocina Central', correo_comprador: 'ana@prueba.cl', seguimiento_hash: null },
      { id: ids.anonima, comprador: 'Hotel del Lago SpA', correo_comprador: 'recepcion@prueba.cl', seguimiento_hash: null },
    ]);
    expect(await queryRows(database.db, sql`SELECT lote_id, fecha_expiracion, cantidad FROM orden_linea_lote`)).toEqual([
      { lote_id: ids.lote, fecha_expiracion: '2099-02-01', cantidad: '10.00' },
    ]);
  });
});
