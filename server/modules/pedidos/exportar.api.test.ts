import * as XLSX from '@e965/xlsx';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RANGO_INVERTIDO, RANGO_LARGO } from '#common/schemas/pedidos';
import { orden, ordenLinea, pedido } from '#server/db/schema/ordenes';
import { createOrden, LEJOS, type OfertaDePrueba, setupPedidosTestApp } from '#server/test/pedidos';
import type { RoleName } from '#server/test/roles';

/** Exports of pedidos and orders as .xlsx, read back with SheetJS as a spreadsheet would read them. */
const { ctx, ids, otroComprador } = setupPedidosTestApp();

const db = () => ctx.t.database.db;
type Quien = RoleName | 'otroComprador';
const tokenDe = (quien: Quien) => (quien === 'otroComprador' ? otroComprador.access : ctx.tokens[quien]);
const get = (url: string, quien: Quien) => ctx.t.request({ method: 'GET', url, token: tokenDe(quien) });
const exportar = (de: 'pedidos' | 'ordenes', quien: Quien, desde: string, hasta: string) => get(`/api/${de}/exportar/?desde=${desde}&hasta=${hasta}`, quien);

/** An offer the buyer takes whole: under the 100 kg tier a buyer may take only all there is. */
const oferta = (proveedorId: number, tarifa: number, cantidad: number): OfertaDePrueba => ({ proveedorId, tarifa, lotes: [[cantidad, LEJOS]], cantidad });

/** An order placed at `instante` (its pedidos too): each test lives on days of its own, so the file's other orders stay out of its range. */
async function ordenColocada(quien: 'comprador' | 'otroComprador', ofertas: OfertaDePrueba[], instante: string) {
  const o = await createOrden(ctx.t, ofertas, tokenDe(quien));
  await db()
    .update(orden)
    .set({ creado_en: new Date(instante) })
    .where(eq(orden.id, o.orden_id));
  await db()
    .update(pedido)
    .set({ creado_en: new Date(instante) })
    .where(eq(pedido.orden_id, o.orden_id));
  return o;
}

type Celda = string | number | undefined;
interface Hoja {
  encabezados: string[];
  filas: Array<Record<string, Celda>>;
  celdas: XLSX.WorkSheet;
}

/** The answer's workbook, each sheet as rows keyed by header (raw values: numbers, Excel serial dates, text). */
function leer(res: LightMyRequestResponse): Record<'Pedidos' | 'Líneas', Hoja> {
  expect(res.statusCode, res.body).toBe(200);
  const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
  expect(wb.SheetNames).toEqual(['Pedidos', 'Líneas']);
  const hoja = (nombre: string): Hoja => {
    const celdas = wb.Sheets[nombre]!;
    const [encabezados = [], ...resto] = XLSX.utils.sheet_to_json<Celda[]>(celdas, { header: 1, raw: true });
    return {
      encabezados: encabezados as string[],
      filas: resto.map((fila) => Object.fromEntries((encabezados as string[]).map((h, i) => [h, fila[i]]))),
      celdas,
    };
  };
  return { Pedidos: hoja('Pedidos'), Líneas: hoja('Líneas') };
}

/** An Excel serial date as the day it shows. */
const dia = (serial: Celda) => {
  const d = XLSX.SSF.parse_date_code(serial as number);
  return `${d.y}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
};
const suma = (filas: Array<Record<string, Celda>>, columna: string) => filas.reduce((s, f) => s + (f[columna] as number), 0);

describe('GET /api/pedidos/exportar/ and GET /api/ordenes/exportar/: who may download', () => {
  it('pedidos: its supplier (each its own); buyers and moderators 403; anonymous 401', async () => {
    const o = await ordenColocada('comprador', [oferta(ids.proveedor, 5000, 10), oferta(ids.otroProveedor, 3000, 20)], '2025-01-15T15:00:00Z');
    const esperado: Array<[Quien, number]> = [
      ['anonimo', 401],
      ['comprador', 403],
      ['moderador', 403],
      ['proveedor', 200],
      ['otroProveedor', 200],
    ];
    for (const [quien, status] of esperado) expect((await exportar('pedidos', quien, '2025-01-15', '2025-01-15')).statusCode, quien).toBe(status);
    const propio = leer(await exportar('pedidos', 'proveedor', '2025-01-15', '2025-01-15')).Pedidos.filas;
    const ajeno = leer(await exportar('pedidos', 'otroProveedor', '2025-01-15', '2025-01-15')).Pedidos.filas;
    expect(propio.map((f) => f['N°'])).toEqual([`${o.orden_id}-1`]);
    expect(ajeno.map((f) => f['N°'])).toEqual([`${o.orden_id}-2`]);
  });

  it('ordenes: any logged-in user, its own orders only; anonymous 401', async () => {
    const mia = await ordenColocada('comprador', [oferta(ids.proveedor, 5000, 10)], '2025-02-15T15:00:00Z');
    const otra = await ordenColocada('otroComprador', [oferta(ids.proveedor, 4000, 10)], '2025-02-15T15:00:00Z');
    expect((await exportar('ordenes', 'anonimo', '2025-02-15', '2025-02-15')).statusCode).toBe(401);
    const filasDe = async (quien: Quien) => leer(await exportar('ordenes', quien, '2025-02-15', '2025-02-15')).Pedidos.filas.map((f) => f['N°']);
    expect(await filasDe('comprador')).toEqual([`${mia.orden_id}-1`]);
    expect(await filasDe('otroComprador')).toEqual([`${otra.orden_id}-1`]);
    // A supplier's or a moderator's own orders: none here, and never a buyer's.
    expect(await filasDe('proveedor')).toEqual([]);
    expect(await filasDe('moderador')).toEqual([]);
  });
});

describe('the range of days', () => {
  it('refuses a range that ends before it starts, one longer than 366 days, and a date that is not a day, in Spanish', async () => {
    const casos: Array<[string, Record<string, string[]>]> = [
      ['desde=2026-11-30&hasta=2026-11-01', { hasta: [RANGO_INVERTIDO] }],
      ['desde=2026-01-01&hasta=2027-01-02', { hasta: [RANGO_LARGO] }],
      ['desde=2026-02-30&hasta=2026-03-01', { desde: ['Fecha desde inválida.'] }],
      ['desde=2026-02-01&hasta=mañana', { hasta: ['Fecha hasta inválida.'] }],
    ];
    for (const de of ['pedidos', 'ordenes'] as const) {
      const quien = de === 'pedidos' ? 'proveedor' : 'comprador';
      for (const [query, errores] of casos) {
        const res = await get(`/api/${de}/exportar/?${query}`, quien);
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toEqual(errores);
      }
      const sinFechas = await get(`/api/${de}/exportar/`, quien);
      expect(sinFechas.statusCode).toBe(400);
      expect(Object.keys(sinFechas.json()).sort()).toEqual(['desde', 'hasta']);
    }
  });

  it('takes a whole leap year (366 days) and one day (desde = hasta)', async () => {
    expect((await exportar('pedidos', 'proveedor', '2028-01-01', '2028-12-31')).statusCode).toBe(200);
    expect((await exportar('ordenes', 'comprador', '2028-02-29', '2028-02-29')).statusCode).toBe(200);
  });

  it('holds the pedidos placed on its days in Chile, both ends included, and no other', async () => {
    // 2025-03-10 00:30 and 2025-03-09 23:30 in Chile (UTC−3 in March); 2025-03-12 23:59 and 2025-03-13 00:00.
    const primera = await ordenColocada('comprador', [oferta(ids.proveedor, 1000, 10)], '2025-03-10T03:30:00Z');
    await ordenColocada('comprador', [oferta(ids.proveedor, 1000, 10)], '2025-03-10T02:30:00Z');
    const ultima = await ordenColocada('comprador', [oferta(ids.proveedor, 1000, 10)], '2025-03-13T02:59:00Z');
    await ordenColocada('comprador', [oferta(ids.proveedor, 1000, 10)], '2025-03-13T03:00:00Z');
    for (const de of ['pedidos', 'ordenes'] as const) {
      const { filas } = leer(await exportar(de, de === 'pedidos' ? 'proveedor' : 'comprador', '2025-03-10', '2025-03-12')).Pedidos;
      expect(filas.map((f) => f['N°'])).toEqual([`${primera.orden_id}-1`, `${ultima.orden_id}-1`]);
      expect(filas.map((f) => dia(f.Fecha))).toEqual(['2025-03-10', '2025-03-12']);
    }
  });
});

describe('the files', () => {
  it("the supplier's: its pedidos and their lines, the API's amounts, claim, invoice and payment; a buyer's name that looks like a formula stays text", async () => {
    const instante = '2025-04-08T15:00:00Z';
    const a = await ordenColocada(
      'comprador',
      [oferta(ids.proveedor, 5000, 100), oferta(ids.proveedor, 2990, 7), oferta(ids.otroProveedor, 3000, 20)],
      instante,
    );
    const b = await ordenColocada('otroComprador', [oferta(ids.proveedor, 1333, 3)], instante);
    const [pa, , pb] = [...a.pedidos, ...b.pedidos];
    await db().update(orden).set({ comprador: '=HYPERLINK("x")' }).where(eq(orden.id, b.orden_id));
    // A delivered pedido with an accepted claim, invoiced and paid; the other confirmed for less than ordered.
    await db()
      .update(pedido)
      .set({
        estado: 'entregado',
        reclamo_estado: 'aceptado',
        reclamo_monto: 25_000,
        monto_credito: 20_000,
        factura_numero: 'F-1001',
        factura_fecha: '2025-04-12',
        pagado_el: '2025-05-02',
        recibido_en: new Date('2025-04-10T15:00:00Z'),
      })
      .where(eq(pedido.id, pa!.id));
    const [primeraLinea] = await db().select({ id: ordenLinea.id }).from(ordenLinea).where(eq(ordenLinea.pedido_id, pa!.id)).orderBy(ordenLinea.id);
    await db().update(ordenLinea).set({ cantidad_recibida: 95, problema: 'dañado' }).where(eq(ordenLinea.id, primeraLinea!.id));
    await db().update(pedido).set({ estado: 'confirmado' }).where(eq(pedido.id, pb!.id));
    await db().update(ordenLinea).set({ cantidad_confirmada: 2, subtotal: 2666 }).where(eq(ordenLinea.pedido_id, pb!.id));
    await db().update(pedido).set({ subtotal: 2666 }).where(eq(pedido.id, pb!.id));

    const res = await exportar('pedidos', 'proveedor', '2025-04-08', '2025-04-08');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pedidos-2025-04-08-a-2025-04-08.xlsx"');
    const { Pedidos, Líneas } = leer(res);
    expect(Pedidos.encabezados).toEqual([
      'N°',
      'Fecha',
      'Fecha de entrega',
      'Estado',
      'Comprador',
      'Comuna',
      'Líneas',
      'Neto',
      'IVA',
      'Total',
      'Crédito',
      'Reclamo',
      'Monto reclamado',
      'Factura N°',
      'Fecha factura',
      'Pagado el',
    ]);
    const api = await Promise.all([pa!, pb!].map(async (p) => (await get(`/api/pedidos/${p.id}/`, 'proveedor')).json()));
    expect(Pedidos.filas).toEqual([
      {
        'N°': `${a.orden_id}-1`,
        Fecha: expect.any(Number),
        'Fecha de entrega': expect.any(Number),
        Estado: 'Entregado',
        Comprador: api[0].comprador,
        Comuna: api[0].entrega.comuna_nombre,
        Líneas: 2,
        Neto: api[0].neto,
        IVA: api[0].iva,
        Total: api[0].total_con_iva,
        Crédito: 20_000,
        Reclamo: 'Aceptado',
        'Monto reclamado': 25_000,
        'Factura N°': 'F-1001',
        'Fecha factura': expect.any(Number),
        'Pagado el': expect.any(Number),
      },
      {
        'N°': `${b.orden_id}-1`,
        Fecha: expect.any(Number),
        'Fecha de entrega': expect.any(Number),
        Estado: 'Confirmado parcial',
        Comprador: `'=HYPERLINK("x")`,
        Comuna: api[1].entrega.comuna_nombre,
        Líneas: 1,
        Neto: api[1].neto,
        IVA: api[1].iva,
        Total: api[1].total_con_iva,
        Crédito: undefined,
        Reclamo: undefined,
        'Monto reclamado': undefined,
        'Factura N°': undefined,
        'Fecha factura': undefined,
        'Pagado el': undefined,
      },
    ]);
    // The credit is off the net, and IVA once on what is left (common/iva.ts).
    expect(api[0].neto).toBe(500_000 + 20_930 - 20_000);
    expect([suma(Pedidos.filas, 'Neto'), suma(Pedidos.filas, 'IVA'), suma(Pedidos.filas, 'Total')]).toEqual([
      api[0].neto + api[1].neto,
      api[0].iva + api[1].iva,
      api[0].total_con_iva + api[1].total_con_iva,
    ]);
    expect(Pedidos.filas.map((f) => dia(f.Fecha))).toEqual(['2025-04-08', '2025-04-08']);
    expect([dia(Pedidos.filas[0]!['Fecha factura']), dia(Pedidos.filas[0]!['Pagado el'])]).toEqual(['2025-04-12', '2025-05-02']);
    expect(Pedidos.filas.map((f) => dia(f['Fecha de entrega']))).toEqual(api.map((p) => p.entrega.fecha_entrega));
    // Text, not a formula: a spreadsheet shows it as typed.
    const celda = Pedidos.celdas.E3!;
    expect(celda.t).toBe('s');
    expect(celda.f).toBeUndefined();

    expect(Líneas.encabezados).toEqual([
      'N° pedido',
      'SKU',
      'Producto',
      'Marca',
      'Unidad',
      'Pedida',
      'Confirmada',
      'Recibida',
      'Problema',
      'Precio',
      'Subtotal',
    ]);
    expect(Líneas.filas).toEqual([
      ...api[0].lineas.map(
        (l: { sku: string; producto_nombre: string; marca: string; unidad: string; cantidad: number; precio: number; subtotal: number }, i: number) => ({
          'N° pedido': `${a.orden_id}-1`,
          SKU: l.sku,
          Producto: l.producto_nombre,
          Marca: l.marca,
          Unidad: l.unidad,
          Pedida: l.cantidad,
          Confirmada: l.cantidad,
          Recibida: i === 0 ? 95 : l.cantidad,
          Problema: i === 0 ? 'Dañado' : undefined,
          Precio: l.precio,
          Subtotal: l.subtotal,
        }),
      ),
      expect.objectContaining({ 'N° pedido': `${b.orden_id}-1`, Pedida: 3, Confirmada: 2, Recibida: undefined, Precio: 1333, Subtotal: 2666 }),
    ]);
    // The other supplier's pedido of the same order is not this supplier's.
    expect(Líneas.filas.map((f) => f.Precio)).not.toContain(3000);
  });

  it("the buyer's: each pedido of its orders with its supplier, the amounts its order's page shows; another buyer's never", async () => {
    const instante = '2025-05-20T15:00:00Z';
    const mia = await ordenColocada('comprador', [oferta(ids.proveedor, 4999, 3), oferta(ids.otroProveedor, 1001, 70)], instante);
    const otra = await ordenColocada('otroComprador', [oferta(ids.proveedor, 7777, 1)], instante);
    const res = await exportar('ordenes', 'comprador', '2025-05-20', '2025-05-20');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ordenes-2025-05-20-a-2025-05-20.xlsx"');
    const { Pedidos, Líneas } = leer(res);
    expect(Pedidos.encabezados[4]).toBe('Proveedor');
    const detalle = (await get(`/api/ordenes/${mia.orden_id}/`, 'comprador')).json();
    expect(Pedidos.filas.map((f) => [f['N°'], f.Proveedor, f.Estado, f.Líneas, f.Neto, f.IVA, f.Total])).toEqual(
      detalle.pedidos.map((p: { numero: string; proveedor: string; neto: number; iva: number; total_con_iva: number }) => [
        p.numero,
        p.proveedor,
        'Pendiente',
        1,
        p.neto,
        p.iva,
        p.total_con_iva,
      ]),
    );
    // Net: the lines and each supplier's delivery fee.
    const despachos = detalle.pedidos.reduce((s: number, p: { costo_despacho: number }) => s + p.costo_despacho, 0);
    expect(suma(Pedidos.filas, 'Neto')).toBe(4999 * 3 + 1001 * 70 + despachos);
    expect(suma(Pedidos.filas, 'Total')).toBe(detalle.pedidos.reduce((s: number, p: { total_con_iva: number }) => s + p.total_con_iva, 0));
    expect(Líneas.filas.map((f) => [f['N° pedido'], f.Pedida, f.Confirmada, f.Precio, f.Subtotal])).toEqual([
      [`${mia.orden_id}-1`, 3, undefined, 4999, 14_997],
      [`${mia.orden_id}-2`, 70, undefined, 1001, 70_070],
    ]);
    const otraIds = (
      await db()
        .select({ id: pedido.id })
        .from(pedido)
        .where(inArray(pedido.orden_id, [otra.orden_id]))
    ).map((p) => p.id);
    expect(otraIds).toHaveLength(1);
    expect(Pedidos.filas.map((f) => f['N°'])).not.toContain(`${otra.orden_id}-1`);
    expect(Líneas.filas.map((f) => f.Precio)).not.toContain(7777);
  });
});
