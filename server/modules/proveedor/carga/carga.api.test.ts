import * as XLSX from '@e965/xlsx';
import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVO_DEMASIADO_GRANDE,
  ARCHIVO_REQUERIDO,
  ARCHIVO_SIN_FILAS,
  ARCHIVO_ILEGIBLE,
  ARCHIVO_TIPO_INVALIDO,
  cargaExcelSchemaOut,
  COLUMNA_STOCK_AL_DESCARGAR,
  COLUMNAS_EXCEL,
  FECHA_NO_FUTURA,
  type FilaCarga,
  SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS,
  SIN_PRODUCTOS_VALIDOS,
  encabezadosInvalidos,
  enUnaLinea,
} from '#common/schemas/proveedor-carga';
import { claveRango } from '#common/constants';
import { PRECIO_INVALIDO, PRECIO_SIN_DECIMALES, rangoSobreAnterior } from '#common/schemas/proveedor-productos';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { createUser } from '#server/test/users';
import { queryRows } from '#server/db/client';
import { producto } from '#server/db/schema/catalogo';
import { lote, proveedorProducto, proveedorProductoRango } from '#server/db/schema/proveedor';
import { usuario } from '#server/db/schema/usuario';
import { ROLES, type RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { filaCarga, filaExcel, multipartDe, xlsxDe } from '#server/test/carga';
import { NO_ES_PROVEEDOR } from './carga.routes';
import { archiveProveedorProducto } from '../proveedor.repository';
import { sql } from 'drizzle-orm';

const ctx = setupTestApp({ roleTokens: true });

const idDe = async (email: string) => (await ctx.t.database.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, email)))[0]!.id;
const ofertasDe = async (email: string) =>
  ctx.t.database.db
    .select()
    .from(proveedorProducto)
    .where(and(eq(proveedorProducto.proveedor_id, await idDe(email)), isNull(proveedorProducto.archivado_en)));
const subir = (archivo: Buffer, role: RoleName = 'proveedor', nombre = 'productos.xlsx') =>
  ctx.t.request({ method: 'POST', url: '/api/productos/cargar-excel/', token: ctx.tokens[role], ...multipartDe(archivo, nombre) });
const leer = (base64: string) => XLSX.read(Buffer.from(base64, 'base64'), { type: 'buffer', dense: true });
const filasDe = (wb: XLSX.WorkBook) => XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, raw: false });

describe('roles (docs/producto.md §6)', () => {
  const llamadas = async (role: RoleName) => {
    const token = ctx.tokens[role];
    const xlsx = await xlsxDe([filaExcel({ sku: 'ROL-1', nombre: 'Lomo vetado' })]);
    return [
      await ctx.t.request({ method: 'GET', url: '/api/productos/plantillas-excel/', token }),
      await ctx.t.request({ method: 'POST', url: '/api/productos/cargar-excel/', token, ...multipartDe(xlsx) }),
      await ctx.t.request({ method: 'PUT', url: '/api/productos/actualizar-precios/', token, payload: { productos: [filaCarga({ sku: 'X', nombre: 'X' })] } }),
      await ctx.t.request({ method: 'POST', url: '/api/productos/registrar-nuevos/', token, payload: { productos: [filaCarga({ sku: 'X', nombre: 'X' })] } }),
    ];
  };
  it('anonymous: 401 on every endpoint, before reading the body', async () => {
    for (const res of await llamadas('anonimo')) expect(res.statusCode).toBe(401);
  });
  it.each(['comprador', 'moderador'] as const)('%s: 403 with the product’s message', async (role) => {
    for (const res of await llamadas(role)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: NO_ES_PROVEEDOR });
    }
  });
});

describe('GET /api/productos/plantillas-excel/', () => {
  it('gives both templates with the headers, the supplier’s own offers only, and the categories', async () => {
    const res = await ctx.t.request({ method: 'GET', url: '/api/productos/plantillas-excel/', token: ctx.tokens.proveedor });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.categoria_nombre).toEqual(expect.arrayContaining(['AVES', 'CARNE BOVINA', 'POLLO']));
    const registrados = filasDe(leer(body.productos_excel));
    // And the hidden column of what each row was made from (stock.api.test.ts).
    // Tier headers in the unit of the supplier's products (docs/decisions/008): each names its tier.
    expect((registrados[0] as string[]).map(claveRango)).toEqual([...COLUMNAS_EXCEL, COLUMNA_STOCK_AL_DESCARGAR]);
    const skus = new Set(registrados.slice(1).map((f) => f[0]));
    const propias = await ofertasDe(ROLES.proveedor);
    expect(skus).toEqual(new Set(propias.map((o) => o.sku)));
    const ajenas = await ofertasDe(ROLES.otroProveedor);
    expect(ajenas.some((o) => skus.has(o.sku))).toBe(false);
    const ejemplo = filasDe(leer(body.ejemplo_excel));
    expect(ejemplo[0]).toEqual([...COLUMNAS_EXCEL]);
    expect(ejemplo).toHaveLength(2);
  });

  it('writes the dropdowns of Categoría, Formato and Unidad as one validation per column range', async () => {
    const res = await ctx.t.request({ method: 'GET', url: '/api/productos/plantillas-excel/', token: ctx.tokens.proveedor });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.json().ejemplo_excel, 'base64') as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Productos')!;
    // Categoría is column K, Formato N, Unidad O (COLUMNAS_EXCEL).
    for (const celda of ['K2', 'K50001', 'N2', 'O300']) expect(ws.getCell(celda).dataValidation?.type, celda).toBe('list');
    expect(ws.getCell('O2').dataValidation.formulae).toEqual(['Listas!$C$2:$C$3']);
    // Prices are net: the header Precio (column C) says so in its note, and stays the header the upload reads.
    expect(ws.getCell('C1').value).toBe('Precio');
    expect(String((ws.getCell('C1').note as { texts?: { text: string }[] }).texts?.map((t) => t.text).join('') ?? ws.getCell('C1').note)).toContain(
      'Precios netos, sin IVA.',
    );
  });

  it('round trip: the registered products file uploads back as existing products with no errors', async () => {
    const res = await ctx.t.request({ method: 'GET', url: '/api/productos/plantillas-excel/', token: ctx.tokens.proveedor });
    const archivo = Buffer.from(res.json().productos_excel, 'base64');
    const carga = await subir(archivo, 'proveedor', 'PRODUCTOS_REGISTRADOS.xlsx');
    expect(carga.statusCode).toBe(200);
    const body = carga.json();
    expect(body.productos_nuevos).toEqual([]);
    expect(body.productos_nuevos_exclusivos).toEqual([]);
    expect(body.productos_existentes.length).toBeGreaterThan(0);
    // Offers without stock and two lots of one date included (stock.api.test.ts).
    expect(body.errores).toEqual([]);
  });
});

describe("a supplier that sells by the box reads 'cajas' in its files (docs/decisions/008)", () => {
  it("heads the tiers 'Desde 100 cajas', uploads them back unchanged, and names a tier above a lower one in cajas", async () => {
    const { db } = ctx.t.database;
    const yo = await createUser(ctx.t, 'proveedor');
    const caja = await createProductoDePrueba(db, { unidadNombre: 'CAJA' });
    await createOfertaDePrueba(db, {
      productoId: caja.id,
      categoriaId: caja.categoria_id,
      proveedorId: yo.id,
      tarifa: 12000,
      rangos: { 100: 11500 },
      lotes: [[40, '2099-05-01']],
    });
    const res = await ctx.t.request({ method: 'GET', url: '/api/productos/plantillas-excel/', token: yo.access });
    const [encabezados, fila] = filasDe(leer(res.json().productos_excel)) as [string[], unknown[]];
    expect(encabezados.slice(3, 8)).toEqual(['Desde 100 cajas', 'Desde 300 cajas', 'Desde 700 cajas', 'Desde 1000 cajas', 'Desde 1500 cajas']);
    const archivo = Buffer.from(res.json().productos_excel, 'base64');
    const vuelta = await ctx.t.request({ method: 'POST', url: '/api/productos/cargar-excel/', token: yo.access, ...multipartDe(archivo) });
    expect(vuelta.json()).toMatchObject({
      errores: [],
      productos_existentes: [expect.objectContaining({ rangos: expect.objectContaining({ 'Desde 100 kg': 11500 }) })],
    });

    // The same file with the 300-box tier above the 100-box one: a row error naming both, in cajas.
    const subida = await xlsxDe(
      [[fila[0] as string, fila[1] as string, 12000, 11500, 11900, null, null, null, 40, '2099-05-01', null, null, null, null, 'CAJA']],
      encabezados.slice(0, 15),
    );
    const carga = await ctx.t.request({ method: 'POST', url: '/api/productos/cargar-excel/', token: yo.access, ...multipartDe(subida) });
    expect(carga.json().errores).toEqual([{ fila: 2, errores: [rangoSobreAnterior('Desde 300 cajas', 11900, 'Desde 100 cajas', 11500)] }]);
  });
});

describe('POST /api/productos/cargar-excel/', () => {
  it('classifies rows: existing SKU, matched catalogue name (with its similarity), exclusive; and validates each row', async () => {
    const [propia] = await ofertasDe(ROLES.proveedor);
    const archivo = await xlsxDe([
      filaExcel({ sku: propia!.sku, nombre: 'Lo que sea', precio: 7000 }),
      filaExcel({ sku: 'NUEVO-1', nombre: 'LOMO VETADO 10kg', marca: 'Swift', origen: 'Argentina' }),
      filaExcel({ sku: 'NUEVO-2', nombre: 'Pechúga de pavo  deshuesada', precio: -1 }),
      filaExcel({ sku: 'EXCL-1', nombre: 'Charqui de llama artesanal', fecha: '2020-01-01' }),
      [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
      filaExcel({ sku: '', nombre: 'Sin sku' }),
    ]);
    const res = await subir(archivo);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The answer is sent without a zod pass: it must be exactly what its schema describes, no more.
    expect(cargaExcelSchemaOut.parse(body)).toEqual(body);
    expect(body.productos_existentes.map((f: FilaCarga) => [f.id, f.sku, f.producto, f.precio])).toEqual([[2, propia!.sku, propia!.producto_id, 7000]]);
    const nuevos = body.productos_nuevos as FilaCarga[];
    expect(nuevos.map((f) => [f.sku, f.producto_asignado?.nombre])).toEqual([
      ['NUEVO-1', 'Lomo vetado'],
      ['NUEVO-2', 'Pechuga de pavo deshuesada'],
    ]);
    expect(nuevos[0]!.producto_asignado).toMatchObject({ similitud: 1, marca: 'Swift', origen: 'Argentina', formatos: ['AL VACIO'] });
    expect(nuevos[1]!.errores).toEqual([PRECIO_INVALIDO]);
    expect(body.productos_nuevos_exclusivos.map((f: FilaCarga) => [f.id, f.sku, f.producto])).toEqual([
      [5, 'EXCL-1', null],
      [7, '', null],
    ]);
    // The empty row 6 is skipped; rows keep their number in the sheet.
    expect(body.errores).toEqual([
      { fila: 4, errores: [PRECIO_INVALIDO] },
      { fila: 5, errores: [FECHA_NO_FUTURA] },
      { fila: 7, errores: ['El SKU no puede estar vacío.'] },
    ]);
  });

  it('another supplier’s SKU is not an existing product of this one', async () => {
    const [ajena] = await ofertasDe(ROLES.otroProveedor);
    const propias = new Set((await ofertasDe(ROLES.proveedor)).map((o) => o.sku));
    expect(propias.has(ajena!.sku)).toBe(false);
    const res = await subir(await xlsxDe([filaExcel({ sku: ajena!.sku, nombre: 'Charqui de llama artesanal' })]));
    expect(res.json().productos_existentes).toEqual([]);
    expect(res.json().productos_nuevos_exclusivos).toHaveLength(1);
  });

  it('reads Chilean numbers, dd-mm-yyyy dates and formula cells as their stored value, never evaluated', async () => {
    const res = await subir(
      await xlsxDe([
        filaExcel({
          sku: { formula: 'HYPERLINK("http://x","SKU-F")', result: 'SKU-F' } as never,
          nombre: "'=cmd|' /C calc'!A0",
          precio: '$4.990',
          fecha: '31-12-2099',
          stock: '1.200,5',
        }),
      ]),
    );
    expect(res.statusCode).toBe(200);
    const [fila] = res.json().productos_nuevos_exclusivos as FilaCarga[];
    expect(fila).toMatchObject({ sku: 'SKU-F', nombre: "=cmd|' /C calc'!A0", precio: 4990, fecha_vencimiento: '2099-12-31', stock: 1200.5, errores: [] });
  });

  it.each([
    ['no multipart body', { payload: { archivo: 'x' } }, ARCHIVO_REQUERIDO],
    ['another field name', multipartDe(Buffer.from('PK'), 'a.xlsx', 'otro'), ARCHIVO_REQUERIDO],
    ['a .csv name', multipartDe(Buffer.from('SKU,Nombre\n'), 'productos.csv'), ARCHIVO_TIPO_INVALIDO],
    ['a PDF named .xlsx', multipartDe(Buffer.from('%PDF-1.4 hola'), 'productos.xlsx'), ARCHIVO_ILEGIBLE],
    ['over 5 MB', multipartDe(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'grande.xlsx'), ARCHIVO_DEMASIADO_GRANDE],
  ])('%s: 400 with a Spanish detail', async (_, opciones, detail) => {
    const res = await ctx.t.request({ method: 'POST', url: '/api/productos/cargar-excel/', token: ctx.tokens.proveedor, ...opciones });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('refuses a sheet that is not the template, and one with no products', async () => {
    const otra = await subir(await xlsxDe([['a', 'b']], ['Código', 'Descripción']));
    expect(otra.statusCode).toBe(400);
    expect(otra.json().detail).toBe(encabezadosInvalidos([...COLUMNAS_EXCEL]));
    const vacia = await subir(await xlsxDe([]));
    expect(vacia.json()).toEqual({ detail: ARCHIVO_SIN_FILAS });
  });
});

const rangosDe = (ofertaId: number) =>
  queryRows<{ nombre: string; precio: number }>(
    ctx.t.database.db,
    sql`select r.nombre, ppr.precio from proveedor_producto_rango ppr join rango_precio r on r.id = ppr.rango_precio_id where ppr.proveedor_producto_id = ${ofertaId} order by r.limite_inferior`,
  );

describe('PUT /api/productos/actualizar-precios/', () => {
  it('sets price, tiers and the lot of that expiry date; the same call twice leaves the same state', async () => {
    const [propia] = await ofertasDe(ROLES.proveedor);
    const lotesAntes = await ctx.t.database.db.select().from(lote).where(eq(lote.proveedor_producto_id, propia!.id));
    const fila = filaCarga({
      sku: propia!.sku,
      nombre: 'x',
      precio: 6543,
      stock: 77,
      fecha_vencimiento: '2099-06-30',
      rangos: { 'Desde 100 kg': 6000, 'Desde 300 kg': null },
    });
    const otra = filaCarga({ id: 3, sku: 'NO-ES-MIO', nombre: 'x' });
    for (let vez = 0; vez < 2; vez++) {
      const res = await ctx.t.request({
        method: 'PUT',
        url: '/api/productos/actualizar-precios/',
        token: ctx.tokens.proveedor,
        payload: { productos: [fila, otra] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ actualizados: 1, errores: [{ sku: 'NO-ES-MIO', motivo: 'No tienes un producto registrado con el SKU NO-ES-MIO.' }] });
    }
    const [despues] = await ctx.t.database.db.select().from(proveedorProducto).where(eq(proveedorProducto.id, propia!.id));
    expect(despues!.tarifa).toBe(6543);
    expect(await rangosDe(propia!.id)).toEqual([{ nombre: 'Desde 100 kg', precio: 6000 }]);
    const lotes = await ctx.t.database.db.select().from(lote).where(eq(lote.proveedor_producto_id, propia!.id));
    expect(lotes.filter((l) => l.fecha_expiracion === '2099-06-30').map((l) => l.cantidad)).toEqual([77]);
    // Lots of other dates are untouched.
    expect(lotes.filter((l) => l.fecha_expiracion !== '2099-06-30')).toEqual(lotesAntes.filter((l) => l.fecha_expiracion !== '2099-06-30'));
  });

  it('prices as the offer edit does: $0 and $1,5 are row errors, never stored or rounded', async () => {
    const [propia] = await ofertasDe(ROLES.proveedor);
    for (const [precio, motivo] of [
      [0, PRECIO_INVALIDO],
      [1.5, PRECIO_SIN_DECIMALES],
    ] as const) {
      const res = await ctx.t.request({
        method: 'PUT',
        url: '/api/productos/actualizar-precios/',
        token: ctx.tokens.proveedor,
        payload: { productos: [filaCarga({ sku: propia!.sku, nombre: 'x', precio })] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errores).toEqual([{ sku: propia!.sku, motivo }]);
    }
    const [despues] = await ctx.t.database.db.select().from(proveedorProducto).where(eq(proveedorProducto.id, propia!.id));
    expect(despues!.tarifa).toBe(propia!.tarifa);
  });

  it('never touches another supplier’s offer: its SKU is a row error', async () => {
    const [ajena] = await ofertasDe(ROLES.otroProveedor);
    const res = await ctx.t.request({
      method: 'PUT',
      url: '/api/productos/actualizar-precios/',
      token: ctx.tokens.proveedor,
      payload: { productos: [filaCarga({ sku: ajena!.sku, nombre: 'x', precio: 1 })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: SIN_PRODUCTOS_VALIDOS,
      errores: [{ sku: ajena!.sku, motivo: `No tienes un producto registrado con el SKU ${ajena!.sku}.` }],
    });
    const [igual] = await ctx.t.database.db.select().from(proveedorProducto).where(eq(proveedorProducto.id, ajena!.id));
    expect(igual!.tarifa).toBe(ajena!.tarifa);
  });

  it('no valid row: 400 with the product’s message and every reason; nothing written', async () => {
    const [propia] = await ofertasDe(ROLES.proveedor);
    const res = await ctx.t.request({
      method: 'PUT',
      url: '/api/productos/actualizar-precios/',
      token: ctx.tokens.proveedor,
      payload: { productos: [filaCarga({ sku: propia!.sku, nombre: 'x', precio: 1, fecha_vencimiento: '2001-01-01' })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: SIN_PRODUCTOS_VALIDOS, errores: [{ sku: propia!.sku, motivo: FECHA_NO_FUTURA }] });
    const [igual] = await ctx.t.database.db.select().from(proveedorProducto).where(eq(proveedorProducto.id, propia!.id));
    expect(igual!.tarifa).toBe(propia!.tarifa);
  });
});

describe('POST /api/productos/registrar-nuevos/', () => {
  it('creates an offer on a matched catalogue product; the same call twice writes nothing more', async () => {
    const [lomo] = await ctx.t.database.db.select().from(producto).where(eq(producto.nombre, 'Lomo vetado'));
    const payload = {
      categoria_id: lomo!.categoria_id,
      productos: [filaCarga({ sku: 'REG-LOMO', nombre: 'Lomo vetado', producto: lomo!.id, precio: 15000, rangos: { 'Desde 300 kg': 14000 } })],
    };
    for (let vez = 0; vez < 2; vez++) {
      const res = await ctx.t.request({ method: 'POST', url: '/api/productos/registrar-nuevos/', token: ctx.tokens.proveedor, payload });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ registrados: 1, errores: [] });
    }
    const creadas = (await ofertasDe(ROLES.proveedor)).filter((o) => o.sku === 'REG-LOMO');
    expect(creadas.map((o) => [o.producto_id, o.tarifa])).toEqual([[lomo!.id, 15000]]);
    expect(await rangosDe(creadas[0]!.id)).toEqual([{ nombre: 'Desde 300 kg', precio: 14000 }]);
    const lotes = await ctx.t.database.db.select().from(lote).where(eq(lote.proveedor_producto_id, creadas[0]!.id));
    expect(lotes.map((l) => [l.cantidad, l.fecha_expiracion])).toEqual([[100, '2099-12-31']]);
  });

  it('a SKU the supplier archived comes back out of the archive with the new price (docs/decisions/004)', async () => {
    const [propia] = await ofertasDe(ROLES.proveedor);
    expect(await archiveProveedorProducto(ctx.t.database.db, propia!.proveedor_id, propia!.id)).toBe(true);
    const carga = await subir(await xlsxDe([filaExcel({ sku: propia!.sku, nombre: 'Lo que sea' })]));
    expect(carga.json().productos_existentes).toEqual([]);
    const res = await ctx.t.request({
      method: 'POST',
      url: '/api/productos/registrar-nuevos/',
      token: ctx.tokens.proveedor,
      payload: { categoria_id: 1, productos: [filaCarga({ sku: propia!.sku, nombre: 'x', producto: propia!.producto_id, precio: 1234 })] },
    });
    expect(res.json()).toEqual({ registrados: 1, errores: [] });
    const [vuelta] = await ctx.t.database.db.select().from(proveedorProducto).where(eq(proveedorProducto.id, propia!.id));
    expect([vuelta!.archivado_en, vuelta!.tarifa]).toEqual([null, 1234]);
  });

  it('two identical calls at once (a double click) register once, and both answer 201', async () => {
    const [lomo] = await ctx.t.database.db.select().from(producto).where(eq(producto.nombre, 'Lomo vetado'));
    const payload = { categoria_id: lomo!.categoria_id, productos: [filaCarga({ sku: 'DOBLE-1', nombre: 'Lomo vetado', producto: lomo!.id })] };
    const respuestas = await Promise.all(
      [1, 2].map(() => ctx.t.request({ method: 'POST', url: '/api/productos/registrar-nuevos/', token: ctx.tokens.proveedor, payload })),
    );
    expect(respuestas.map((r) => [r.statusCode, r.json()])).toEqual([
      [201, { registrados: 1, errores: [] }],
      [201, { registrados: 1, errores: [] }],
    ]);
    expect((await ofertasDe(ROLES.proveedor)).filter((o) => o.sku === 'DOBLE-1')).toHaveLength(1);
  });

  it('creates exclusive products pending moderation, created by the supplier, with a new marca; bad rows come back', async () => {
    const payload = {
      productos: [
        filaCarga({
          sku: 'EXC-1',
          nombre: 'Charqui de llama',
          categoria: 'carne bovina',
          marca: 'Llamas del Norte',
          origen: 'Chile',
          formato: 'Al vacío',
          unidad: 'KILO',
        }),
        filaCarga({
          id: 3,
          sku: 'EXC-1',
          nombre: 'Charqui de llama',
          fecha_vencimiento: '2099-11-30',
          stock: 5,
          categoria: 'carne bovina',
          marca: 'Llamas del Norte',
          origen: 'Chile',
          unidad: 'KILO',
        }),
        filaCarga({ id: 4, sku: 'EXC-2', nombre: 'Helado de mote', categoria: 'POSTRES', marca: 'X', origen: 'Chile', unidad: 'LITRO' }),
      ],
    };
    for (let vez = 0; vez < 2; vez++) {
      const res = await ctx.t.request({ method: 'POST', url: '/api/productos/registrar-nuevos/', token: ctx.tokens.proveedor, payload });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        registrados: 2,
        errores: [
          {
            sku: 'EXC-2',
            motivo:
              'La categoría debe ser una de: AVES, CARNE BOVINA, CERDO, LACTEO, LIQUIDOS GRASOS, POLLO, SECOS, VEGETALES. La unidad debe ser una de: CAJA, KILO.',
          },
        ],
      });
    }
    const rows = await queryRows<{ nombre: string; estado_moderacion: string; creado_por: number; marca: string; formatos: string[]; lotes: number }>(
      ctx.t.database.db,
      sql`select p.nombre, p.estado_moderacion, p.creado_por, m.nombre as marca,
            array(select f.descripcion from producto_formato pf join formato f on f.id = pf.formato_id where pf.producto_id = p.id) as formatos,
            (select count(*)::int from lote l where l.proveedor_producto_id = pp.id) as lotes
          from proveedor_producto pp join producto p on p.id = pp.producto_id join marca m on m.id = p.marca_id where pp.sku = 'EXC-1'`,
    );
    expect(rows).toEqual([
      {
        nombre: 'Charqui de llama',
        estado_moderacion: 'pendiente',
        creado_por: await idDe(ROLES.proveedor),
        marca: 'Llamas del Norte',
        formatos: ['AL VACIO'],
        lotes: 2,
      },
    ]);
  });

  it('no valid exclusive row: 400 with the product’s exclusive message', async () => {
    const res = await ctx.t.request({
      method: 'POST',
      url: '/api/productos/registrar-nuevos/',
      token: ctx.tokens.proveedor,
      payload: { productos: [filaCarga({ sku: '', nombre: 'x' })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS);
    const vacia = await ctx.t.request({ method: 'POST', url: '/api/productos/registrar-nuevos/', token: ctx.tokens.proveedor, payload: { productos: [] } });
    expect(vacia.json()).toEqual({ detail: SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS, errores: [] });
  });

  it('a name or SKU with a line break is a row error (one-line texts, common/texto); nothing is written', async () => {
    const res = await ctx.t.request({
      method: 'POST',
      url: '/api/productos/registrar-nuevos/',
      token: ctx.tokens.proveedor,
      payload: { productos: [filaCarga({ sku: 'SALTO-1', nombre: 'Charqui\r\nde llama' }), filaCarga({ sku: 'SALTO\n2', nombre: 'Charqui' })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS,
      errores: [
        { sku: 'SALTO-1', motivo: enUnaLinea('Nombre') },
        { sku: 'SALTO\n2', motivo: enUnaLinea('SKU') },
      ],
    });
    expect((await ofertasDe(ROLES.proveedor)).some((o) => o.sku.startsWith('SALTO'))).toBe(false);
  });

  it('another supplier cannot register on a SKU to reach the first one’s offer; a pending product is not a match target', async () => {
    const [pendiente] = await ctx.t.database.db.select().from(producto).where(eq(producto.estado_moderacion, 'pendiente'));
    const res = await ctx.t.request({
      method: 'POST',
      url: '/api/productos/registrar-nuevos/',
      token: ctx.tokens.otroProveedor,
      payload: { categoria_id: 1, productos: [filaCarga({ sku: 'REG-LOMO', nombre: 'x', producto: pendiente!.id })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: SIN_PRODUCTOS_VALIDOS,
      errores: [{ sku: 'REG-LOMO', motivo: 'El producto asignado ya no está disponible en el catálogo.' }],
    });
  });
});

describe('bad bodies of the confirmations', () => {
  it.each([{ productos: 'x' }, { productos: [{ sku: 1 }] }, { productos: [{ ...filaCarga({ sku: 'a', nombre: 'b' }), precio: 'mil' }] }])(
    '400 with field errors, never 500: %j',
    async (payload) => {
      for (const [method, url] of [
        ['PUT', '/api/productos/actualizar-precios/'],
        ['POST', '/api/productos/registrar-nuevos/'],
      ] as const) {
        const res = await ctx.t.request({ method, url, token: ctx.tokens.proveedor, payload });
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json())).toEqual(['productos']);
      }
    },
  );
  it('tiers must exist and not be negative (row errors)', async () => {
    const [propia] = await ofertasDe(ROLES.proveedor);
    const res = await ctx.t.request({
      method: 'PUT',
      url: '/api/productos/actualizar-precios/',
      token: ctx.tokens.proveedor,
      payload: { productos: [filaCarga({ sku: propia!.sku, nombre: 'x', rangos: { 'Desde 100 kg': -5, 'Desde 2 kg': 1 } })] },
    });
    expect(res.json().errores[0].motivo).toBe(
      'El valor del rango "Desde 100 kg" debe ser un número mayor o igual a 0. El rango "Desde 2 kg" no existe. Usa: Desde 100 kg, Desde 300 kg, Desde 700 kg, Desde 1000 kg, Desde 1500 kg.',
    );
    expect(await ctx.t.database.db.select().from(proveedorProductoRango).where(eq(proveedorProductoRango.proveedor_producto_id, -1))).toEqual([]);
  });
});
