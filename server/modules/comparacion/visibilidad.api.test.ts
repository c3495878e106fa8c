import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CompararPrecios } from '#common/schemas/comparacion';
import { orden } from '#server/db/schema/ordenes';
import { empresaProveedor } from '#server/db/schema/proveedor';
import { actualizar, createFlujo, crearOrden, type Flujo } from '#server/test/cotizacion';
import { FACTURACION } from '#server/test/facturacion';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { guardarCondiciones, guardarEmpresa } from '#server/test/proveedores';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';
import { findFilasCompactas } from './cache/catalogo-compacto.repository';

/**
 * A supplier's offers enter comparisons, and orders, only once it saved its company data and its
 * delivery terms (docs/producto.md §17, docs/decisions/024 'Visibilidad'); the comparison caches
 * hear when it does (migrations 0013 and 0020) and show it at once.
 */
const ctx = setupTestApp();
const LEJOS = '2099-06-01';

/** A new product offered by a supplier set up (so the line has a result) and by `proveedor` as it stands, cheaper. */
async function productoCon(proveedor: TestUser) {
  const { db } = ctx.t.database;
  const otro = await createUser(ctx.t, 'proveedor');
  const p = await createProductoDePrueba(db);
  const base = { productoId: p.id, categoriaId: p.categoria_id, lotes: [[500, LEJOS]] as Array<[number, string]> };
  const suya = await createOfertaDePrueba(db, { ...base, proveedorId: proveedor.id, tarifa: 100, preparar: false });
  const ajena = await createOfertaDePrueba(db, { ...base, proveedorId: otro.id, tarifa: 150 });
  return { id: p.id, suya, ajena };
}

/** A comparison of 100 of the product, by `token` (anonymous when undefined). */
async function comparar(productoId: number, token?: string): Promise<{ f: Flujo; r: CompararPrecios }> {
  const { comparacion, ...f } = await createFlujo(ctx.t, [[productoId, 100]], token);
  return { f, r: comparacion };
}

/** Every offer the comparison weighed for its only line, selected or additional. */
const ofertasDe = (r: CompararPrecios) => {
  const linea = r.resultados[0]!;
  return [...linea.opciones_seleccionadas, ...linea.opciones_adicionales].map((o) => o.proveedor_producto_id).sort((a, b) => a - b);
};

describe('a supplier is compared once it is set up', () => {
  it('leaves out the offers of a supplier that saved neither its company nor its terms', async () => {
    const nuevo = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    const p = await productoCon(nuevo);
    const { r } = await comparar(p.id);
    expect(ofertasDe(r)).toEqual([p.ajena]);
    // Nothing to tell the buyer: it never sees that supplier.
    expect(r.resultados[0]!.avisos).toEqual([]);
    expect(r.proveedores_excluidos).toEqual([]);
  });

  it('still leaves it out with only its company saved, or only its terms', async () => {
    const soloEmpresa = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    await guardarEmpresa(ctx.t, soloEmpresa.access);
    const a = await productoCon(soloEmpresa);
    expect(ofertasDe((await comparar(a.id)).r)).toEqual([a.ajena]);

    const soloCondiciones = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    await guardarCondiciones(ctx.t, soloCondiciones.access);
    const b = await productoCon(soloCondiciones);
    expect(ofertasDe((await comparar(b.id)).r)).toEqual([b.ajena]);
  });

  it('compares it once both are saved, without a restart: the cache hears each save', async () => {
    const nuevo = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    const p = await productoCon(nuevo);
    // The product is now in the comparison cache without the new supplier's offer.
    expect(ofertasDe((await comparar(p.id)).r)).toEqual([p.ajena]);

    await guardarCondiciones(ctx.t, nuevo.access);
    expect(ofertasDe((await comparar(p.id)).r)).toEqual([p.ajena]);

    // Migration 0020's trigger notifies its products; the PUT syncs every process before answering.
    await guardarEmpresa(ctx.t, nuevo.access);
    const { r } = await comparar(p.id);
    expect(ofertasDe(r)).toEqual([p.suya, p.ajena].sort((a, b) => a - b));
    expect(r.resultados[0]!.opciones_seleccionadas).toEqual([expect.objectContaining({ proveedor_producto_id: p.suya, proveedor: 'Sur Verde' })]);
  });

  it('reads no offer of a supplier not set up when the cache preloads', async () => {
    const nuevo = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    const p = await productoCon(nuevo);
    const [fila] = await findFilasCompactas(ctx.t.database.db, [p.id]);
    expect(
      fila!.ofertas
        .split(',')
        .filter((_, i) => i % 5 === 0)
        .map(Number),
    ).toEqual([p.ajena]);
  });
});

describe('choosing and ordering an offer of a supplier not set up', () => {
  /** A quotation whose selection is the supplier's offer, chosen while it was set up; then its company row is gone (an account from before the rule). */
  async function elegidaYRetirada(token: string) {
    const proveedor = await createUser(ctx.t, 'proveedor');
    const p = await productoCon(proveedor);
    const { f, r } = await comparar(p.id, token);
    expect(r.resultados[0]!.opciones_seleccionadas.map((o) => o.proveedor_producto_id)).toEqual([p.suya]);
    await ctx.t.database.db.delete(empresaProveedor).where(eq(empresaProveedor.proveedor_id, proveedor.id));
    await ctx.t.settle();
    return { f, p };
  }

  it('crear-orden refuses it in Spanish and writes nothing', async () => {
    const comprador = await createUser(ctx.t, 'comprador');
    const { f } = await elegidaYRetirada(comprador.access);
    const res = await crearOrden(ctx.t, f, comprador.access, FACTURACION);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/^"Producto de prueba [^"]+" de Ana Pérez ya no está disponible\.$/);
    expect(await ctx.t.database.db.select().from(orden).where(eq(orden.cotizacion_id, f.cotizacionId))).toEqual([]);
  });

  it('actualizar refuses to choose it, naming the row', async () => {
    const comprador = await createUser(ctx.t, 'comprador');
    const { f, p } = await elegidaYRetirada(comprador.access);
    const res = await actualizar(ctx.t, f, [[p.suya, 100]], comprador.access);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/Fila 1: \\"Producto de prueba [^"\\]+\\" de Ana Pérez ya no está disponible\./);
    expect((await actualizar(ctx.t, f, [[p.ajena, 100]], comprador.access)).statusCode).toBe(200);
  });
});
