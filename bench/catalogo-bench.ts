import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client';

/** Offers per product, each from a different supplier. */
export const OFERTAS_POR_PRODUCTO = 50;

/**
 * The bench's catalogue, generated inside the database with set-based statements (generate_series):
 * what matters is its size and shape, not its names. `productos` products × 50 offers from 200
 * suppliers, each offer with two lots (about one in ten already expired by the delivery date) and
 * most of its category's tiers. 2,000 products (100,000 offers) for bench/comparacion.ts; 20,000
 * (1,000,000 offers, 2,000,000 lots) for bench/comparacion-10x.ts.
 */
export async function generarCatalogo(database: Database, { productos = 2_000 } = {}) {
  // One transaction, seeded: random() then draws the same catalogue every run (the inserts are
  // not run in parallel, so their rows come in the same order), and runs can be compared.
  await database.db.transaction(async (db) => {
    await db.execute(sql`SELECT setseed(0.22)`);
    // The reference seed has categories, units and tiers; origins and brands come with the demo data.
    await db.execute(sql`INSERT INTO origen (descripcion) VALUES ('Nacional') ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO marca (nombre) VALUES ('Marca bench') ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO usuario (email, password, first_name, last_name, empresa, is_active, is_comprador, is_proveedor)
    SELECT 'bench-proveedor-' || g || '@abastece.cl', '!', 'Proveedor', g::text, 'Distribuidora ' || g, true, false, true FROM generate_series(1, 200) g`);
    // Compared only once set up (docs/decisions/024): each supplier's company and open terms (every
    // comuna and day, no notice, 23:59, no minimum nor fee), as a supplier that saved both.
    await db.execute(sql`INSERT INTO empresa_proveedor (proveedor_id, razon_social, nombre_fantasia, rut, giro, direccion, comuna_id, telefono, correo_ventas)
    SELECT id, empresa || ' SpA', empresa, '76.086.428-5', 'Venta al por mayor de alimentos', 'Av. Bench 123', (SELECT min(id) FROM comuna), '+56912345678', email
    FROM usuario WHERE email LIKE 'bench-proveedor-%' ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO condiciones_proveedor (proveedor_id, todas_las_comunas, dias_despacho, anticipacion_dias, hora_corte, monto_minimo, costo_despacho)
    SELECT id, true, '{1,2,3,4,5,6,7}', 0, '23:59', 0, 0 FROM usuario WHERE email LIKE 'bench-proveedor-%' ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO producto (nombre, categoria_id, origen_id, marca_id, unidad_id, estado_moderacion)
    SELECT 'Producto bench ' || g, (SELECT array_agg(id ORDER BY id) FROM categoria)[1 + g % (SELECT count(*) FROM categoria)::int],
      (SELECT min(id) FROM origen), (SELECT min(id) FROM marca), (SELECT id FROM unidad WHERE descripcion = 'KILO'), 'aprobado'
    FROM generate_series(1, ${productos}::int) g`);
    await db.execute(sql`WITH p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM producto WHERE nombre LIKE 'Producto bench %'),
      s AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM usuario WHERE email LIKE 'bench-proveedor-%')
    INSERT INTO proveedor_producto (proveedor_id, producto_id, sku, tarifa)
    SELECT s.id, p.id, 'B' || p.id || '-' || k, 3000 + floor(random() * 2000)::int
    FROM p CROSS JOIN generate_series(0, ${OFERTAS_POR_PRODUCTO - 1}::int) k JOIN s ON s.n = (p.n * 7 + k) % 200`);
    // Most offers price most tiers, each a little cheaper than the one before.
    await db.execute(sql`INSERT INTO proveedor_producto_rango (proveedor_producto_id, rango_precio_id, precio)
    SELECT pp.id, r.id, floor(pp.tarifa * (1 - 0.03 * r.rk - random() * 0.02))::int
    FROM proveedor_producto pp JOIN producto p ON p.id = pp.producto_id
    JOIN (SELECT id, categoria_id, row_number() OVER (PARTITION BY categoria_id ORDER BY limite_inferior) AS rk FROM rango_precio) r ON r.categoria_id = p.categoria_id
    WHERE random() < 0.7`);
    await db.execute(sql`INSERT INTO lote (proveedor_producto_id, cantidad, fecha_expiracion)
    SELECT pp.id, (ARRAY[40, 80, 150, 250, 400, 600, 900, 1200, 2000])[1 + floor(random() * 9)::int], current_date + (floor(random() * 330) - 30)::int
    FROM proveedor_producto pp CROSS JOIN generate_series(1, 2)`);
  });
  const { db } = database;
  // A live database is vacuumed by autovacuum, which marks pages all-visible: the comparison's
  // index-only scans (migration 0006) count on that. Right after a bulk insert it has not run yet.
  await db.execute(sql`VACUUM (ANALYZE) proveedor_producto, proveedor_producto_rango, lote`);
  await db.execute(sql`ANALYZE`);
}
