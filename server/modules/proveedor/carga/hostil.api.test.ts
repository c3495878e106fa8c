import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHIVO_DEMASIADAS_FILAS,
  ARCHIVO_DESCOMPRIMIDO_EXCESIVO,
  ARCHIVO_ILEGIBLE,
  ARCHIVO_TIEMPO_AGOTADO,
  ARCHIVO_TIPO_INVALIDO,
  COLUMNAS_EXCEL,
  type FilaCarga,
} from '#common/schemas/proveedor-carga';
import { PRECIO_SIN_DECIMALES } from '#common/schemas/proveedor-productos';
import { ROLES } from '#server/test/roles';
import { createTestApp, setupTestApp, type TestApp } from '#server/test/test-app';
import { bombaMentirosa, filaCarga, filaExcel, hojaDe, libroCon, multipartDe, xlsxDe, zip } from '#server/test/carga';

/**
 * Hostile files. Each gets a clear Spanish 400 and the server keeps answering
 * (the parser runs in a worker with a heap limit and a timer; zip sizes are read before parsing).
 */
const ctx = setupTestApp({ roleTokens: true });

const subir = (t: TestApp, token: string | undefined, archivo: Buffer, nombre = 'productos.xlsx') =>
  t.request({ method: 'POST', url: '/api/productos/cargar-excel/', token, ...multipartDe(archivo, nombre) });
const saludable = async (t: TestApp) => (await t.request({ method: 'GET', url: '/api/health/' })).statusCode;

describe('hostile files', () => {
  it('the hand-made workbook itself is read (so the cases below test what they say)', async () => {
    const fila = (r: number, vals: string[]) =>
      `<row r="${r}">${vals.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
    const res = await subir(ctx.t, ctx.tokens.proveedor, libroCon(hojaDe(fila(1, [...COLUMNAS_EXCEL]) + fila(2, ['Z-1', 'Charqui de llama', '100']))));
    expect(res.statusCode).toBe(200);
    expect(res.json().productos_nuevos_exclusivos.map((f: FilaCarga) => f.sku)).toEqual(['Z-1']);
  });

  it('a zip bomb that declares its size is refused before any parsing', async () => {
    const res = await subir(ctx.t, ctx.tokens.proveedor, libroCon(hojaDe(''), 2_000_000_000));
    expect(res.json()).toEqual({ detail: ARCHIVO_DESCOMPRIMIDO_EXCESIVO });
    expect(await saludable(ctx.t)).toBe(200);
  });

  it('a zip of too many entries is refused before any parsing', async () => {
    const muchas = Array.from({ length: 300 }, (_, i) => ({ nombre: `xl/x${i}.xml`, datos: Buffer.from('<a/>') }));
    const res = await subir(ctx.t, ctx.tokens.proveedor, zip([...muchas, { nombre: 'xl/workbook.xml', datos: Buffer.from('<a/>') }]));
    expect(res.json()).toEqual({ detail: ARCHIVO_DESCOMPRIMIDO_EXCESIVO });
  });

  it('a zip bomb that lies about its size is stopped in the worker at the real bound; the server answers meanwhile and after', async () => {
    const bomba = bombaMentirosa();
    expect(bomba.length).toBeLessThan(5 * 1024 * 1024);
    let terminada = false;
    const carga = subir(ctx.t, ctx.tokens.proveedor, bomba).then((r) => {
      terminada = true;
      return r;
    });
    expect(await saludable(ctx.t)).toBe(200);
    expect(terminada).toBe(false);
    const res = await carga;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: ARCHIVO_DESCOMPRIMIDO_EXCESIVO });
    expect(await saludable(ctx.t)).toBe(200);
  });

  it('garbage behind the magic bytes of a zip or an .xls is a clear 400', async () => {
    const zipRoto = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]);
    expect((await subir(ctx.t, ctx.tokens.proveedor, zipRoto)).json()).toEqual({ detail: ARCHIVO_ILEGIBLE });
    const xlsRoto = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 3)]);
    expect((await subir(ctx.t, ctx.tokens.proveedor, xlsRoto, 'viejo.xls')).json()).toEqual({ detail: ARCHIVO_ILEGIBLE });
    // A zip that is not a workbook (a .docx, an .ods) renamed .xlsx.
    const otroZip = zip([{ nombre: 'word/document.xml', datos: Buffer.from('<w/>') }]);
    expect((await subir(ctx.t, ctx.tokens.proveedor, otroZip)).json()).toEqual({ detail: ARCHIVO_TIPO_INVALIDO });
  });

  it('a damaged .xlsx (cut short, scrambled, or garbage under the name) says it could not be read, not that its kind is wrong', async () => {
    const bueno = await xlsxDe([filaExcel({ sku: 'D-1', nombre: 'Merkén ahumado' })]);
    expect((await subir(ctx.t, ctx.tokens.proveedor, bueno)).statusCode).toBe(200);
    const cortado = bueno.subarray(0, Math.floor(bueno.length / 2));
    const revuelto = Buffer.from(bueno);
    for (let i = 200; i < revuelto.length - 200; i += 7) revuelto[i] = (revuelto[i]! * 31 + 11) & 255;
    const basura = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));
    for (const danado of [cortado, revuelto, basura, Buffer.from('%PDF-1.4 hola')]) {
      const res = await subir(ctx.t, ctx.tokens.proveedor, danado);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: ARCHIVO_ILEGIBLE });
    }
    expect(await saludable(ctx.t)).toBe(200);
  });

  it('reads a real .xls (BIFF8) file', async () => {
    const ws = XLSX.utils.aoa_to_sheet([[...COLUMNAS_EXCEL], ['XLS-1', 'Charqui de llama', 1000, null, null, null, null, null, 5, '2099-01-31']]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'Productos');
    const xls = XLSX.write(wb, { bookType: 'xls', type: 'buffer' }) as Buffer;
    const res = await subir(ctx.t, ctx.tokens.proveedor, xls, 'viejo.xls');
    expect(res.statusCode).toBe(200);
    expect(res.json().productos_nuevos_exclusivos[0]).toMatchObject({ sku: 'XLS-1', precio: 1000, stock: 5, fecha_vencimiento: '2099-01-31', errores: [] });
  });

  it('reads an .xls written by LibreOffice (fixtures/productos-libreoffice.xls, converted from the CSV beside it)', async () => {
    const xls = fs.readFileSync(new URL('./fixtures/productos-libreoffice.xls', import.meta.url));
    const res = await subir(ctx.t, ctx.tokens.proveedor, xls, 'productos-libreoffice.xls');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Read as it was written: the decimal price is then the one row error (prices are whole pesos).
    expect(body.errores).toEqual([{ fila: 4, errores: [PRECIO_SIN_DECIMALES] }]);
    const filas: FilaCarga[] = [...body.productos_existentes, ...body.productos_nuevos, ...body.productos_nuevos_exclusivos].sort((a, b) => a.id - b.id);
    expect(filas.map(({ id, sku, nombre, precio, stock, fecha_vencimiento }) => ({ id, sku, nombre, precio, stock, fecha_vencimiento }))).toEqual([
      // A date cell, a date typed as text (dd/mm/yyyy) and decimals.
      { id: 2, sku: 'LO-1', nombre: 'Charqui de llama', precio: 12990, stock: 25, fecha_vencimiento: '2099-12-31' },
      { id: 3, sku: 'LO-2', nombre: 'Mermelada de murta', precio: 4590, stock: 5, fecha_vencimiento: '2099-01-31' },
      { id: 4, sku: 'LO-3', nombre: 'Queso de cabra ñuble', precio: 8990.5, stock: 10.5, fecha_vencimiento: '2099-06-15' },
    ]);
    expect(filas[0]).toMatchObject({
      rangos: { 'Desde 100 kg': 11990 },
      categoria: 'VACUNO',
      marca: 'Llamas del Norte',
      origen: 'Putre',
      formato: 'IQF',
      unidad: 'KILO',
    });
  });

  it('formula injection: a SKU like =1+1 is written escaped in the template and read back as it was', async () => {
    const reg = await ctx.t.request({
      method: 'POST',
      url: '/api/productos/registrar-nuevos/',
      token: ctx.tokens.proveedor,
      payload: { categoria_id: 1, productos: [filaCarga({ sku: '=1+1', nombre: 'Pechuga de pavo deshuesada', producto: 1 })] },
    });
    expect(reg.json()).toEqual({ registrados: 1, errores: [] });
    const plantillas = await ctx.t.request({ method: 'GET', url: '/api/productos/plantillas-excel/', token: ctx.tokens.proveedor });
    const wb = XLSX.read(Buffer.from(plantillas.json().productos_excel, 'base64'), { type: 'buffer', cellFormula: true });
    const hoja = wb.Sheets.Productos!;
    const celdas = Object.entries(hoja).filter(([k]) => !k.startsWith('!'));
    expect(celdas.some(([, c]) => (c as XLSX.CellObject).f !== undefined)).toBe(false);
    expect(celdas.map(([, c]) => (c as XLSX.CellObject).v)).toContain("'=1+1");
    const carga = await subir(ctx.t, ctx.tokens.proveedor, Buffer.from(plantillas.json().productos_excel, 'base64'));
    expect(carga.json().productos_existentes.map((f: FilaCarga) => f.sku)).toContain('=1+1');
  });

  it('too many rows: 400 naming the limit', async () => {
    const filas = Array.from({ length: 50_001 }, (_, i) => filaExcel({ sku: `S${i}`, nombre: 'x' }));
    const res = await subir(ctx.t, ctx.tokens.proveedor, await xlsxDe(filas));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^El archivo tiene más de 50\.000 productos/);
  });

  it('an .xlsx of 100,000 rows (under 5 MB): 400 naming the limit (the reader stops there: xlsx.test.ts)', async () => {
    const celda = (v: string) => `<c t="inlineStr"><is><t>${v}</t></is></c>`;
    const encabezados = `<row r="1">${COLUMNAS_EXCEL.map(celda).join('')}</row>`;
    const filas = Array.from({ length: 100_000 }, (_, i) => `<row>${celda(`S${i}`)}${celda('Pechuga de pollo')}<c><v>4990</v></c></row>`).join('');
    const archivo = libroCon(hojaDe(encabezados + filas));
    expect(archivo.length).toBeLessThan(5 * 1024 * 1024);
    const res = await subir(ctx.t, ctx.tokens.proveedor, archivo);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: ARCHIVO_DEMASIADAS_FILAS });
    expect(await saludable(ctx.t)).toBe(200);
  });
});

describe('a parse that takes too long', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EXCEL_PARSE_TIMEOUT_MS: '1' });
  });
  afterAll(() => t.close());
  it('is stopped with a clear 400, and the server keeps answering', async () => {
    const token = await t.tokenFor(ROLES.proveedor);
    const res = await subir(t, token, await xlsxDe([filaExcel({ sku: 'T-1', nombre: 'Lomo vetado' })]));
    expect(res.json()).toEqual({ detail: ARCHIVO_TIEMPO_AGOTADO });
    expect(await saludable(t)).toBe(200);
  });
});
