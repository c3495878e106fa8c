import ExcelJS from 'exceljs';
import { COLUMNAS_EXCEL, type FilaCarga } from '../../../common/schemas/proveedor-carga';

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
