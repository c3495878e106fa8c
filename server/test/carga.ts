import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { COLUMNAS_EXCEL, type FilaCarga } from '#common/schemas/proveedor-carga';

/** Test helpers of the Excel upload: workbooks made in the test, and the multipart body that carries them. */

type Celda = string | number | Date | null | { formula: string; result?: string | number };

/** An .xlsx whose first sheet has these headers and rows. */
export async function xlsxDe(filas: Celda[][], encabezados: readonly string[] = COLUMNAS_EXCEL): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Productos');
  ws.addRow([...encabezados]);
  for (const f of filas) ws.addRow(f);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

/** One row in template order: SKU, Nombre, Precio, five tiers, Stock, Fecha, Categoría, Marca, Origen, Formato, Unidad. */
export const filaExcel = (o: {
  sku: string;
  nombre: string;
  precio?: Celda;
  rangos?: Celda[];
  stock?: Celda;
  fecha?: Celda;
  categoria?: string | null;
  marca?: string | null;
  origen?: string | null;
  formato?: string | null;
  unidad?: string | null;
}): Celda[] => [
  o.sku,
  o.nombre,
  o.precio ?? 5000,
  ...(o.rangos ?? [null, null, null, null, null]),
  o.stock ?? 100,
  o.fecha ?? '2099-12-31',
  o.categoria ?? null,
  o.marca ?? null,
  o.origen ?? null,
  o.formato ?? null,
  o.unidad ?? null,
];

/** A multipart/form-data body with one file part. */
export function multipartDe(archivo: Buffer, nombre = 'productos.xlsx', campo = 'archivo') {
  const boundary = `----abastece${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${campo}"; filename="${nombre}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    archivo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An upload row as the screen sends it back. */
export const filaCarga = (o: Partial<FilaCarga> & Pick<FilaCarga, 'sku' | 'nombre'>): FilaCarga => ({
  id: 2,
  stock: 100,
  precio: 5000,
  fecha_vencimiento: '2099-12-31',
  rangos: {},
  origen: null,
  categoria: null,
  marca: null,
  producto: null,
  formato: null,
  unidad: null,
  errores: [],
  producto_asignado: null,
  ...o,
});

/** A zip written by hand, so that its central directory may lie about sizes. */
export function zip(entradas: Array<{ nombre: string; datos: Buffer; declarado?: number }>): Buffer {
  const locales: Buffer[] = [];
  const centrales: Buffer[] = [];
  let offset = 0;
  for (const e of entradas) {
    const comprimido = zlib.deflateRawSync(e.datos, { level: 1 });
    const nombre = Buffer.from(e.nombre);
    const crc = zlib.crc32(e.datos);
    const tamano = e.declarado ?? e.datos.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comprimido.length, 18);
    local.writeUInt32LE(tamano, 22);
    local.writeUInt16LE(nombre.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(comprimido.length, 20);
    central.writeUInt32LE(tamano, 24);
    central.writeUInt16LE(nombre.length, 28);
    central.writeUInt32LE(offset, 42);
    locales.push(local, nombre, comprimido);
    centrales.push(central, nombre);
    offset += 30 + nombre.length + comprimido.length;
  }
  const directorio = Buffer.concat(centrales);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(entradas.length, 8);
  fin.writeUInt16LE(entradas.length, 10);
  fin.writeUInt32LE(directorio.length, 12);
  fin.writeUInt32LE(offset, 16);
  return Buffer.concat([...locales, directorio, fin]);
}

/** The smallest workbook parts a reader needs (workbook, its relationships, the sheet), with `hoja` as the first sheet's XML. */
export const libroCon = (hoja: Buffer, declarado?: number) =>
  zip([
    {
      nombre: '[Content_Types].xml',
      datos: Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      nombre: 'xl/workbook.xml',
      datos: Buffer.from(
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Productos" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      nombre: 'xl/_rels/workbook.xml.rels',
      datos: Buffer.from(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { nombre: 'xl/worksheets/sheet1.xml', datos: hoja, declarado },
  ]);

const INICIO_HOJA = '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const FIN_HOJA = '</sheetData></worksheet>';
export const hojaDe = (celdas: string) => Buffer.from(INICIO_HOJA + celdas + FIN_HOJA);

/** 600 MB of one cell's text, deflated to well under 1 MB and declared as 1 KB: a zip bomb that lies. */
export const bombaMentirosa = () =>
  libroCon(
    Buffer.concat([
      Buffer.from(`${INICIO_HOJA}<row r="1"><c r="A1" t="inlineStr"><is><t>`),
      Buffer.alloc(600 * 1024 * 1024, 'A'),
      Buffer.from(`</t></is></c></row>${FIN_HOJA}`),
    ]),
    1024,
  );
