import * as XLSX from '@e965/xlsx';
import { crearOrdenConfirmada } from '#server/test/por-confirmar';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLUMNA_STOCK_AL_DESCARGAR, COLUMNAS_EXCEL, FECHA_REQUERIDA, type FilaCarga, stockCambiado } from '#common/schemas/proveedor-carga';
import { claveRango } from '#common/constants';
import { queryRows } from '#server/db/client';
import { DEMO_PROVEEDORES } from '#server/db/seed/demo-catalogo';
import { lote } from '#server/db/schema/proveedor';
import { usuario } from '#server/db/schema/usuario';
import { LEJOS } from '#server/test/pedidos';
import { ROLES } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { actualizar, createFlujo } from '#server/test/cotizacion';
import { filaCarga, filaExcel, multipartDe, xlsxDe } from '#server/test/carga';

/**
 * Stock that stays true through the Excel upload. (c) A supplier's own
 * PRODUCTOS_REGISTRADOS.xlsx uploads back as it is with no error and changes nothing; (b) one made
 * before an order never puts the sold stock back: the row is a conflict the supplier settles.
 */
const ctx = setupTestApp({ roleTokens: true });
const db = () => ctx.t.database.db;

const idDe = async (email: string) => (await db().select({ id: usuario.id }).from(usuario).where(eq(usuario.email, email)))[0]!.id;
const descargar = async (token: string) => {
  const res = await ctx.t.request({ method: 'GET', url: '/api/productos/plantillas-excel/', token });
  expect(res.statusCode).toBe(200);
  return Buffer.from(res.json().productos_excel, 'base64');
};
const subir = async (token: string, archivo: Buffer) => {
  const res = await ctx.t.request({ method: 'POST', url: '/api/productos/cargar-excel/', token, ...multipartDe(archivo, 'PRODUCTOS_REGISTRADOS.xlsx') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { productos_existentes: FilaCarga[]; productos_nuevos: FilaCarga[]; productos_nuevos_exclusivos: FilaCarga[]; errores: unknown[] };
};
const confirmar = (token: string | undefined, productos: FilaCarga[]) =>
  ctx.t.request({ method: 'PUT', url: '/api/productos/actualizar-precios/', token, payload: { productos } });

/** Everything an upload may write for a supplier: its offers (price, when changed, archived), tiers and lots (ids included). */
const estadoDe = (proveedorId: number) =>
  queryRows(
    db(),
    sql`select pp.id, pp.sku, pp.tarifa, pp.actualizado_en::text as actualizado_en, pp.archivado_en::text as archivado_en,
          coalesce((select json_agg(json_build_array(r.rango_precio_id, r.precio) order by r.rango_precio_id)
                    from proveedor_producto_rango r where r.proveedor_producto_id = pp.id), '[]') as rangos,
          coalesce((select json_agg(json_build_array(l.id, l.fecha_expiracion::text, l.cantidad::float8) order by l.id)
                    from lote l where l.proveedor_producto_id = pp.id), '[]') as lotes
        from proveedor_producto pp where pp.proveedor_id = ${proveedorId} order by pp.id`,
  );
const lotesDe = async (ofertaId: number) =>
  (await db().select().from(lote).where(eq(lote.proveedor_producto_id, ofertaId)).orderBy(lote.id)).map((l) => [l.fecha_expiracion, l.cantidad]);

describe('download → upload unchanged → 0 errors and 0 changes', () => {
  it('the demo holds the two cases that broke it: a live offer without stock, and two lots of one date (P2-0106)', async () => {
    const [sinStock] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from proveedor_producto pp where pp.archivado_en is null
            and not exists (select 1 from lote l where l.proveedor_producto_id = pp.id and l.cantidad > 0)`,
    );
    expect(sinStock!.n).toBeGreaterThan(0);
    const mismaFecha = await queryRows<{ sku: string }>(
      db(),
      sql`select pp.sku from proveedor_producto pp join lote l on l.proveedor_producto_id = pp.id
          group by pp.sku, l.fecha_expiracion having count(*) > 1`,
    );
    expect(mismaFecha.map((r) => r.sku)).toContain('P2-0106');
  });

  it.each(DEMO_PROVEEDORES.map((p) => p.email))('%s', async (email) => {
    const token = await ctx.t.tokenFor(email);
    const proveedorId = await idDe(email);
    const antes = await estadoDe(proveedorId);
    const carga = await subir(token, await descargar(token));
    expect(carga.errores).toEqual([]);
    expect(carga.productos_nuevos).toEqual([]);
    expect(carga.productos_nuevos_exclusivos).toEqual([]);
    expect(carga.productos_existentes.filter((f) => f.errores.length > 0 || f.conflicto)).toEqual([]);
    expect(new Set(carga.productos_existentes.map((f) => f.sku))).toEqual(new Set(antes.map((o) => (o as { sku: string }).sku)));
    const res = await confirmar(token, carga.productos_existentes);
    expect(res.json()).toEqual({ actualizados: carga.productos_existentes.length, errores: [] });
    expect(await estadoDe(proveedorId)).toEqual(antes);
  });

  it('an offer without stock is one row with neither Stock nor date (its price and tiers); two lots of one date are one row with their sum', async () => {
    const token = ctx.tokens.otroProveedor!;
    const filas = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(await descargar(token), { type: 'buffer', dense: true }).Sheets.Productos!, {
      header: 1,
      raw: true,
    });
    // Tier headers in the unit of the supplier's products (docs/decisions/008): each names its tier.
    expect((filas[0] as string[]).map(claveRango)).toEqual([...COLUMNAS_EXCEL, COLUMNA_STOCK_AL_DESCARGAR]);
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
      db(),
      sql`select sum(l.cantidad)::float8 as total from lote l join proveedor_producto pp on pp.id = l.proveedor_producto_id
          where pp.sku = 'P2-0106' group by l.fecha_expiracion having count(*) > 1`,
    );
    const p2 = filas.filter((f) => f[0] === 'P2-0106');
    const stock = COLUMNAS_EXCEL.indexOf('Stock');
    expect(p2.filter((f) => f[stock] === total && f[COLUMNAS_EXCEL.length] === total)).toHaveLength(1);
  });

  it('a new or exclusive row without stock nor date still needs its date (docs/producto.md §5): it would be the new offer’s first lot', async () => {
    const carga = await subir(ctx.tokens.proveedor!, await xlsxDe([filaExcel({ sku: 'SIN-LOTE-1', nombre: 'Charqui de llama', stock: '', fecha: '' })]));
    expect(carga.productos_nuevos_exclusivos.map((f) => f.errores)).toEqual([[FECHA_REQUERIDA]]);
    const res = await ctx.t.request({
      method: 'POST',
      url: '/api/productos/registrar-nuevos/',
      token: ctx.tokens.proveedor,
      payload: { productos: [filaCarga({ sku: 'SIN-LOTE-1', nombre: 'Charqui de llama', stock: null, fecha_vencimiento: null })] },
    });
    expect(res.json().errores).toEqual([{ sku: 'SIN-LOTE-1', motivo: FECHA_REQUERIDA }]);
  });
});

describe('a file made before an order never puts sold stock back', () => {
  let proveedorId: number;
  let productoId: number;
  let ofertaId: number;
  let sku: string;
  beforeAll(async () => {
    proveedorId = await idDe(ROLES.proveedor);
    const p = await createProductoDePrueba(db());
    productoId = p.id;
    ofertaId = await createOfertaDePrueba(db(), { productoId, categoriaId: p.categoria_id, proveedorId, tarifa: 5000, lotes: [[1000, LEJOS]] });
    sku = (await queryRows<{ sku: string }>(db(), sql`select sku from proveedor_producto where id = ${ofertaId}`))[0]!.sku;
  });
  /** A buyer (anonymous) orders `cantidad` of the test offer through the real flow: its lot goes down. */
  const pedir = async (cantidad: number) => {
    const f = await createFlujo(ctx.t, [[productoId, Math.max(100, cantidad)]]);
    expect((await actualizar(ctx.t, f, [[ofertaId, cantidad]])).statusCode).toBe(200);
    const res = await crearOrdenConfirmada(ctx.t, f);
    expect(res.statusCode, res.body).toBe(201);
  };

  it('the old file’s row is a conflict with both numbers; without a choice it is refused; “keep current” keeps what the order left; “the file’s” only against what the lot holds now', async () => {
    const token = ctx.tokens.proveedor!;
    const archivo = await descargar(token);
    await pedir(300);
    expect(await lotesDe(ofertaId)).toEqual([[LEJOS, 700]]);

    // Uploaded unchanged after the order: the row says 1000 and the lot was 1000 when the file was made.
    const carga = await subir(token, archivo);
    const conflictos = carga.productos_existentes.filter((f) => f.conflicto);
    expect(conflictos.map((f) => [f.sku, f.stock, f.conflicto])).toEqual([[sku, 1000, { stock_al_descargar: 1000, stock_actual: 700, usar: null }]]);
    const fila = { ...conflictos[0]!, precio: 5100 };

    // Confirmed with no choice: refused, with the numbers; nothing written.
    const sinElegir = await confirmar(token, [fila]);
    expect(sinElegir.statusCode).toBe(400);
    expect(sinElegir.json().errores).toEqual([
      { sku, motivo: stockCambiado(LEJOS, 1000, 700, 1000), fila: fila.id, conflicto: { stock_al_descargar: 1000, stock_actual: 700, usar: null } },
    ]);
    expect(await lotesDe(ofertaId)).toEqual([[LEJOS, 700]]);

    // 'Mantener el actual': the price is written, the lot keeps what the order left.
    const mantener = await confirmar(token, [{ ...fila, conflicto: { ...fila.conflicto!, usar: 'actual' } }]);
    expect(mantener.json()).toEqual({ actualizados: 1, errores: [] });
    expect(await lotesDe(ofertaId)).toEqual([[LEJOS, 700]]);
    const [oferta] = await queryRows<{ tarifa: number }>(db(), sql`select tarifa from proveedor_producto where id = ${ofertaId}`);
    expect(oferta!.tarifa).toBe(5100);

    // 'Usar el del archivo' chosen against 700, but another order took 100 since: asked again, with 600.
    await pedir(100);
    const otraVez = await confirmar(token, [{ ...fila, conflicto: { ...fila.conflicto!, usar: 'archivo' } }]);
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().errores).toEqual([
      { sku, motivo: stockCambiado(LEJOS, 1000, 600, 1000), fila: fila.id, conflicto: { stock_al_descargar: 1000, stock_actual: 600, usar: null } },
    ]);
    expect(await lotesDe(ofertaId)).toEqual([[LEJOS, 600]]);
    // Chosen against what the lot holds now: the file's number.
    const archivoElegido = await confirmar(token, [{ ...fila, conflicto: { stock_al_descargar: 1000, stock_actual: 600, usar: 'archivo' } }]);
    expect(archivoElegido.json()).toEqual({ actualizados: 1, errores: [] });
    expect(await lotesDe(ofertaId)).toEqual([[LEJOS, 1000]]);
  });

  it('a file made after the order has no conflict; a row whose Stock is what the lot holds now has none either', async () => {
    const token = ctx.tokens.proveedor!;
    const antes = await descargar(token);
    await pedir(100);
    const nuevo = await subir(token, await descargar(token));
    expect(nuevo.productos_existentes.filter((f) => f.conflicto)).toEqual([]);
    const viejo = await subir(token, antes);
    const fila = viejo.productos_existentes.find((f) => f.sku === sku)!;
    expect(fila.conflicto).toMatchObject({ stock_actual: fila.stock! - 100 });
    const igual = await confirmar(token, [{ ...fila, stock: fila.stock! - 100, conflicto: null }]);
    expect(igual.json()).toEqual({ actualizados: 1, errores: [] });
  });

  it('the guard stays optional: a file without the hidden column (the example template, a sheet of its own) states the stock on hand, after an order too (docs/decisions/008)', async () => {
    const token = ctx.tokens.proveedor!;
    await pedir(100);
    const propio = await xlsxDe([filaExcel({ sku, nombre: 'Conteo de bodega', precio: 5200, stock: 250, fecha: LEJOS })]);
    const carga = await ctx.t.request({ method: 'POST', url: '/api/productos/cargar-excel/', token, ...multipartDe(propio) });
    expect(carga.statusCode, carga.body).toBe(200);
    const fila = (carga.json().productos_existentes as FilaCarga[]).find((f) => f.sku === sku)!;
    expect([fila.errores, fila.conflicto ?? null, fila.stock_al_descargar ?? null]).toEqual([[], null, null]);
    expect((await confirmar(token, [fila])).json()).toEqual({ actualizados: 1, errores: [] });
    expect(await lotesDe(ofertaId)).toEqual([[LEJOS, 250]]);
  });

  it('the stock of a date is its lots together: a fall is taken from the oldest lot on, a rise goes to the oldest', async () => {
    const p = await createProductoDePrueba(db());
    const id = await createOfertaDePrueba(db(), {
      productoId: p.id,
      categoriaId: p.categoria_id,
      proveedorId,
      tarifa: 5000,
      lotes: [
        [50, LEJOS],
        [30, LEJOS],
        [7, '2099-07-01'],
      ],
    });
    const carga = await subir(ctx.tokens.proveedor!, await descargar(ctx.tokens.proveedor!));
    const filas = carga.productos_existentes.filter((f) => f.producto === p.id);
    expect(filas.map((f) => [f.fecha_vencimiento, f.stock, f.stock_al_descargar])).toEqual([
      [LEJOS, 80, 80],
      ['2099-07-01', 7, 7],
    ]);
    const conStock = (stock: number, alDescargar: number) =>
      filas.map((f) => (f.fecha_vencimiento === LEJOS ? { ...f, stock, stock_al_descargar: alDescargar } : f));
    expect((await confirmar(ctx.tokens.proveedor, conStock(60, 80))).json()).toEqual({ actualizados: 2, errores: [] });
    expect(await lotesDe(id)).toEqual([
      [LEJOS, 30],
      [LEJOS, 30],
      ['2099-07-01', 7],
    ]);
    expect((await confirmar(ctx.tokens.proveedor, conStock(100, 60))).json()).toEqual({ actualizados: 2, errores: [] });
    expect(await lotesDe(id)).toEqual([
      [LEJOS, 70],
      [LEJOS, 30],
      ['2099-07-01', 7],
    ]);
  });
});
