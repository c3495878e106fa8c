import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAt } from '#server/test/migration-db';
import { type Database, queryRows } from './client';

describe("migration 0016: pedidos placed before they had a day of their own keep their order's", () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openAt('0015_fecha_entrega_pedido'));
    const { db } = database;
    const uno = async (query: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(db, query))[0]!.id;
    const proveedor = await uno(
      sql`INSERT INTO usuario (email, password, first_name, last_name, empresa, is_proveedor) VALUES ('maule@prueba.cl', 'x', 'Rosa', 'Fuentes', 'Carnes del Maule', true) RETURNING id`,
    );
    const orden = async (fecha: string | null) => {
      const s = await uno(sql`INSERT INTO solicitud (usuario_id) VALUES (null) RETURNING id`);
      const c = await uno(sql`INSERT INTO cotizacion (solicitud_id) VALUES (${s}) RETURNING id`);
      return uno(sql`INSERT INTO orden (cotizacion_id, fecha_entrega, total) VALUES (${c}, ${fecha}, 0) RETURNING id`);
    };
    const pedido = (ordenId: number, fecha: string | null) =>
      db.execute(sql`INSERT INTO pedido (orden_id, proveedor_id, subtotal, fecha_entrega) VALUES (${ordenId}, ${proveedor}, 1000, ${fecha})`);
    // Before 0015: no day of its own, with and without an order's day. After: its own, another than the order's.
    await pedido(await orden('2026-12-04'), null);
    await pedido(await orden(null), null);
    await pedido(await orden('2026-12-04'), '2026-12-07');
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("copies the order's day to a pedido without one, and leaves a pedido's own day alone", async () => {
    const dias = await queryRows<{ dia: string | null }>(database.db, sql`SELECT fecha_entrega::text AS dia FROM pedido ORDER BY id`);
    expect(dias.map((d) => d.dia)).toEqual(['2026-12-04', null, '2026-12-07']);
  });
});
