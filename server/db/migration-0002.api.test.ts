import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDirecciones, insertDireccion } from '#server/modules/direcciones/direcciones.repository';
import { openAt } from '#server/test/migration-db';
import { type Database, queryRows } from './client';
import { seedReference } from './seed/reference';

describe('migration 0002: saved addresses leave cotizante for direccion', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const ids = { ana: 0, ben: 0, prov: 0, fuentes: 0, orden: 0, linea: 0 };

  beforeAll(async () => {
    ({ database, drop } = await openAt('0001_schema'));
    const { db } = database;
    await seedReference(db);
    // Old-style rows, as the address API and a quotation wrote them before 0002.
    const usuario = async (email: string, nombre: string, direccionEnvio: string) =>
      (
        await queryRows<{ id: number }>(
          db,
          sql`INSERT INTO usuario (email, password, first_name, last_name, direccion_envio) VALUES (${email}, 'x', ${nombre}, 'Prueba', ${direccionEnvio}) RETURNING id`,
        )
      )[0]!.id;
    ids.ana = await usuario('ana@prueba.cl', 'Ana', 'Av. Uno 111, Providencia');
    ids.ben = await usuario('ben@prueba.cl', 'Ben', 'Calle Vieja 1, sin dirección guardada');
    ids.prov = await usuario('prov@prueba.cl', 'Rodrigo', '');
    ids.fuentes = (
      await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO usuario (email, password, first_name, last_name, is_proveedor) VALUES ('fuentes@prueba.cl', 'x', 'Rodrigo', 'Fuentes (Carnes del Maule)', true) RETURNING id`,
      )
    )[0]!.id;
    await db.execute(sql`INSERT INTO cotizante (id, usuario_id, nombre_contacto, correo_contacto, telefono_contacto, direccion_envio, region_id, comuna_id, activa) VALUES
      (501, ${ids.ana}, 'Ana Uno', 'uno@prueba.cl', '+56911111111', 'Av. Uno 111', 13, 13123, true),
      (502, ${ids.ana}, 'Ana Dos', 'dos@prueba.cl', '+56922222222', 'Calle Dos 222', 5, 5109, false),
      (503, NULL, 'Sin Cuenta', 'tres@prueba.cl', '+56933333333', 'Pasaje Tres 333', 13, 13101, false)`);
    await db.execute(sql`SELECT setval(pg_get_serial_sequence('cotizante', 'id'), 503)`);
    const [s] = await queryRows<{ id: number }>(db, sql`INSERT INTO solicitud (usuario_id) VALUES (${ids.ana}) RETURNING id`);
    await db.execute(sql`UPDATE cotizante SET solicitud_id = ${s!.id}, fecha_entrega = '2030-03-01' WHERE id = 503`);
    const [c] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO cotizacion (solicitud_id, cotizante_id, usuario_id) VALUES (${s!.id}, 502, ${ids.ana}) RETURNING id`,
    );
    const [o] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO orden (cotizacion_id, cotizante_id, usuario_id, region_id, comuna_id, rubro_id, metodo_pago_id, total)
          VALUES (${c!.id}, 502, ${ids.ana}, 13, 13123, (SELECT id FROM rubro WHERE nombre = 'Hotel'), (SELECT id FROM metodo_pago WHERE nombre = 'Tarjeta de débito'), 64900)
          RETURNING id`,
    );
    ids.orden = o!.id;
    const [pp] = await queryRows<{ id: number }>(
      db,
      sql`WITH og AS (INSERT INTO origen (descripcion) VALUES ('Chile') RETURNING id),
               m AS (INSERT INTO marca (nombre) VALUES ('Sopraval') RETURNING id),
               p AS (INSERT INTO producto (nombre, categoria_id, origen_id, marca_id, unidad_id, estado_moderacion)
                     SELECT 'Pavo molido', (SELECT id FROM categoria WHERE nombre = 'AVES'), og.id, m.id, (SELECT id FROM unidad WHERE descripcion = 'KILO'), 'aprobado'
                     FROM og, m RETURNING id)
          INSERT INTO proveedor_producto (proveedor_id, producto_id, sku, tarifa) SELECT ${ids.prov}, p.id, 'P1-0003', 6490 FROM p RETURNING id`,
    );
    const [l] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO orden_linea (orden_id, proveedor_producto_id, proveedor_id, producto_nombre, cantidad, precio, subtotal)
          VALUES (${ids.orden}, ${pp!.id}, ${ids.prov}, 'Pavo molido', 10, 6490, 64900) RETURNING id`,
    );
    ids.linea = l!.id;

    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('moves every saved address to direccion with its id, data and active flag', async () => {
    const filas = await queryRows(
      database.db,
      sql`SELECT id, usuario_id, nombre_contacto, direccion_envio, region_id, comuna_id, activa FROM direccion ORDER BY id`,
    );
    expect(filas).toEqual([
      { id: 501, usuario_id: ids.ana, nombre_contacto: 'Ana Uno', direccion_envio: 'Av. Uno 111', region_id: 13, comuna_id: 13123, activa: true },
      { id: 502, usuario_id: ids.ana, nombre_contacto: 'Ana Dos', direccion_envio: 'Calle Dos 222', region_id: 5, comuna_id: 5109, activa: false },
    ]);
    // The address API answers with the same ids it gave before (cotizante_id = id).
    const api = await findDirecciones(database.db, ids.ana);
    expect(api.map((d) => [d.id, d.cotizante_id, d.activa, d.comuna_nombre])).toEqual([
      [501, 501, true, 'Providencia'],
      [502, 502, false, 'Viña del Mar'],
    ]);
  });

  it('keeps as cotizante only the rows a quotation or an order refers to (a row that was both is now in both)', async () => {
    const filas = await queryRows(database.db, sql`SELECT id, usuario_id, nombre_contacto FROM cotizante ORDER BY id`);
    expect(filas).toEqual([
      { id: 502, usuario_id: ids.ana, nombre_contacto: 'Ana Dos' },
      { id: 503, usuario_id: null, nombre_contacto: 'Sin Cuenta' },
    ]);
    const columnas = await queryRows<{ column_name: string }>(
      database.db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'cotizante'`,
    );
    expect(columnas.map((c) => c.column_name)).not.toContain('activa');
  });

  it('recomputes usuario.direccion_envio from the active address (a value with no saved address behind it is cleared)', async () => {
    const filas = await queryRows<{ id: number; direccion_envio: string }>(database.db, sql`SELECT id, direccion_envio FROM usuario ORDER BY id`);
    expect(filas).toEqual([
      { id: ids.ana, direccion_envio: 'Av. Uno 111, Providencia' },
      { id: ids.ben, direccion_envio: '' },
      { id: ids.prov, direccion_envio: '' },
      { id: ids.fuentes, direccion_envio: '' },
    ]);
  });

  it('sets the sequence after the moved ids', async () => {
    expect(
      await insertDireccion(
        database.db,
        ids.ben,
        {
          nombre_contacto: 'Ben',
          correo_contacto: 'ben@prueba.cl',
          telefono_contacto: '+56944444444',
          direccion_envio: 'Calle Nueva 444',
          region_id: 13,
          comuna_id: 13101,
        },
        true,
      ),
    ).toBe(503);
  });

  it('gives existing orders their delivery, billing, product and supplier copies', async () => {
    const [o] = await queryRows(
      database.db,
      sql`SELECT nombre_contacto, direccion_envio, region_nombre, comuna_nombre, region_nombre_facturacion, comuna_nombre_facturacion, rubro_nombre, metodo_pago_nombre
          FROM orden WHERE id = ${ids.orden}`,
    );
    expect(o).toEqual({
      nombre_contacto: 'Ana Dos',
      direccion_envio: 'Calle Dos 222',
      region_nombre: 'Región de Valparaíso',
      comuna_nombre: 'Viña del Mar',
      region_nombre_facturacion: 'Región Metropolitana de Santiago',
      comuna_nombre_facturacion: 'Providencia',
      rubro_nombre: 'Hotel',
      metodo_pago_nombre: 'Tarjeta de débito',
    });
    const [l] = await queryRows(
      database.db,
      sql`SELECT proveedor_nombre, sku, categoria, marca, origen, unidad, precio FROM orden_linea WHERE id = ${ids.linea}`,
    );
    expect(l).toEqual({
      proveedor_nombre: 'Rodrigo Prueba',
      sku: 'P1-0003',
      categoria: 'AVES',
      marca: 'Sopraval',
      origen: 'Chile',
      unidad: 'KILO',
      precio: 6490,
    });
  });

  it('(0003) gives a supplier registered as "Fuentes (Carnes del Maule)" its company in its own field', async () => {
    const filas = await queryRows(database.db, sql`SELECT id, last_name, empresa FROM usuario WHERE id IN (${ids.prov}, ${ids.fuentes}) ORDER BY id`);
    expect(filas).toEqual([
      { id: ids.prov, last_name: 'Prueba', empresa: '' },
      { id: ids.fuentes, last_name: 'Fuentes', empresa: 'Carnes del Maule' },
    ]);
  });
});
