import { describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/test/test-app';
import { and, count, eq, inArray } from 'drizzle-orm';
import { cotizacion, lineaComparada, solicitud } from '#server/db/schema/cotizaciones';
import { findOfertasVivas, insertCotizacionConOpciones, type LineaComparadaNueva, type OpcionNueva } from './comparacion.repository';
import { createOfertaDePrueba, createProductoDePrueba, findProveedorIds } from '#server/test/ofertas';

const ctx = setupTestApp();

describe('findOfertasVivas (DESIGN §3.1)', () => {
  it('loads approved, unarchived offers with the lots still good on the delivery date, for several products at once', async () => {
    const { db } = ctx.t.database;
    const [p1, p2] = [await createProductoDePrueba(db), await createProductoDePrueba(db)];
    const [a, b] = await findProveedorIds(db);
    const base = { productoId: p1.id, categoriaId: p1.categoria_id };
    const viva = await createOfertaDePrueba(db, {
      ...base,
      proveedorId: a!,
      tarifa: 5000,
      rangos: { 300: 4500, 100: 4800, 700: 0 },
      lotes: [
        [30, '2027-03-01'],
        [20.5, '2027-01-10'],
        [99, '2026-12-01'], // expires the day of delivery: never counts
        [0, '2027-05-01'], // no stock left
      ],
    });
    await createOfertaDePrueba(db, { ...base, proveedorId: b!, tarifa: 4000, lotes: [[50, '2026-11-30']] }); // every lot expires before delivery
    await createOfertaDePrueba(db, { ...base, proveedorId: b!, tarifa: 4000, lotes: [[50, '2027-06-01']], archivada: true });
    await createOfertaDePrueba(db, { ...base, proveedorId: b!, tarifa: 4000, lotes: [] });
    const otra = await createOfertaDePrueba(db, {
      productoId: p2.id,
      categoriaId: p2.categoria_id,
      proveedorId: b!,
      tarifa: 7000,
      lotes: [[10, '2027-01-01']],
    });

    const ofertas = await findOfertasVivas(db, [p1.id, p2.id], '2026-12-01');
    expect(ofertas.map((o) => o.proveedor_producto_id)).toEqual([viva, otra]);
    const [o] = ofertas;
    // Stock sums the usable lots (30 + 20.5); the expiry is the first of them, the one an order takes first.
    expect(o).toMatchObject({ producto_id: p1.id, proveedor_id: a, tarifa: 5000, stock: 50.5, fecha_vencimiento: '2027-01-10' });
    expect(o!.proveedor.length).toBeGreaterThan(1);
    // Tier prices of 0 are tiers left blank; the rest come lowest limit first.
    expect(o!.rangos).toEqual([
      { limite_inferior: 100, precio: 4800 },
      { limite_inferior: 300, precio: 4500 },
    ]);
  });

  it('leaves out products that are pending, rejected or archived', async () => {
    const { db } = ctx.t.database;
    const [a] = await findProveedorIds(db);
    const ids: number[] = [];
    for (const opts of [{ estado: 'pendiente' as const }, { estado: 'rechazado' as const }, { archivado: true }]) {
      const p = await createProductoDePrueba(db, opts);
      await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: a!, tarifa: 1000, lotes: [[10, '2030-01-01']] });
      ids.push(p.id);
    }
    expect(await findOfertasVivas(db, ids, '2026-12-01')).toEqual([]);
    expect(await findOfertasVivas(db, [], '2026-12-01')).toEqual([]);
  });
});

describe('insertCotizacionConOpciones', () => {
  it("is refused whole by the database when an option is not of its offer's product (migration 0008)", async () => {
    const { db } = ctx.t.database;
    const [p1, p2] = [await createProductoDePrueba(db), await createProductoDePrueba(db)];
    const [a] = await findProveedorIds(db);
    const oferta = await createOfertaDePrueba(db, {
      productoId: p1.id,
      categoriaId: p1.categoria_id,
      proveedorId: a!,
      tarifa: 1000,
      lotes: [[10, '2030-01-01']],
    });
    const [s] = await db.insert(solicitud).values({}).returning({ id: solicitud.id });
    const valores = { solicitud_id: s!.id, cotizante_id: null, usuario_id: null };
    const opcion = (producto_id: number): OpcionNueva => ({
      producto_id,
      proveedor_producto_id: oferta,
      cantidad_solicitada: 5,
      cantidad_proveida: 5,
      precio: 1000,
      estado: 'seleccionado',
    });

    const lineas: LineaComparadaNueva[] = [{ producto_id: p1.id, proveedores: [a!], precios: [1000], elegidos: [a!], precio_elegido: 1000 }];

    await expect(insertCotizacionConOpciones(db, valores, [opcion(p1.id), opcion(p2.id)], lineas)).rejects.toThrow();
    const cotizaciones = () => db.select({ n: count() }).from(cotizacion).where(eq(cotizacion.solicitud_id, s!.id));
    expect(await cotizaciones()).toEqual([{ n: 0 }]);
    expect(await db.select({ n: count() }).from(lineaComparada).where(eq(lineaComparada.producto_id, p1.id))).toEqual([{ n: 0 }]);
    const { opcionIds } = await insertCotizacionConOpciones(db, valores, [opcion(p1.id)], []);
    expect(opcionIds).toHaveLength(1);
    expect(await cotizaciones()).toEqual([{ n: 1 }]);
  });

  it('writes one row per compared line, its suppliers and their prices as arrays of any length, in the order given, with its outcome', async () => {
    const { db } = ctx.t.database;
    const [p1, p2, p3] = [await createProductoDePrueba(db), await createProductoDePrueba(db), await createProductoDePrueba(db)];
    const [s] = await db.insert(solicitud).values({}).returning({ id: solicitud.id });
    const lineas: LineaComparadaNueva[] = [
      { producto_id: p1.id, proveedores: [7, 3, 41], precios: [5300, 5000, 12_345_678], elegidos: [3, 7], precio_elegido: 5123.456789 },
      { producto_id: p2.id, proveedores: [3], precios: [900], elegidos: [], precio_elegido: null },
      {
        producto_id: p3.id,
        proveedores: Array.from({ length: 49 }, (_, k) => 1000 + k),
        precios: Array.from({ length: 49 }, (_, k) => 2000 + k),
        elegidos: [1000],
        precio_elegido: 2000,
      },
    ];
    const { cotizacionId } = await insertCotizacionConOpciones(db, { solicitud_id: s!.id, cotizante_id: null, usuario_id: null }, [], lineas);
    const filas = await db
      .select({
        producto_id: lineaComparada.producto_id,
        proveedores: lineaComparada.proveedores,
        precios: lineaComparada.precios,
        elegidos: lineaComparada.elegidos,
        precio_elegido: lineaComparada.precio_elegido,
      })
      .from(lineaComparada)
      .where(and(eq(lineaComparada.cotizacion_id, cotizacionId), inArray(lineaComparada.producto_id, [p1.id, p2.id, p3.id])))
      .orderBy(lineaComparada.producto_id);
    expect(filas).toEqual(lineas);
  });
});
