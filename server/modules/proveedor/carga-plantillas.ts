import ExcelJS from 'exceljs';
import { FORMATOS, UNIDADES } from '../../../common/constants';
import { COLUMNAS_EXCEL, MAX_FILAS_CARGA, NOMBRES_RANGO } from '../../../common/schemas/proveedor-carga';
import type { OfertaPlantilla } from './carga.repository';
import { escaparCelda } from './carga-filas';

/**
 * The two templates of SPEC §2 Bulk upload, written with exceljs (DESIGN §7): the sheet
 * 'Productos' first (the upload reads the first sheet), dropdowns for Categoría, Formato and
 * Unidad as one validation per column range, and every text cell escaped against formula
 * injection: a value starting with = + - @ or a tab is written behind an apostrophe, and the
 * upload takes that apostrophe off again (sinEscape), so a round trip keeps the value.
 */

type Valor = string | number | Date | null;

const fechaCelda = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

async function libro(filas: Valor[][], categorias: string[]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Abastece';
  const ws = wb.addWorksheet('Productos', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow([...COLUMNAS_EXCEL]);
  ws.getRow(1).font = { bold: true };
  for (const fila of filas) ws.addRow(fila.map((v) => (typeof v === 'string' ? escaparCelda(v) : v)));
  ws.columns.forEach((c, i) => {
    c.width = i === 1 ? 36 : 16;
  });
  const col = (nombre: (typeof COLUMNAS_EXCEL)[number]) => COLUMNAS_EXCEL.indexOf(nombre) + 1;
  ws.getColumn(col('Fecha vencimiento')).numFmt = 'yyyy-mm-dd';

  // The lists live on a hidden sheet: an inline list is limited to 255 characters.
  const listas = wb.addWorksheet('Listas', { state: 'hidden' });
  const columnas: Array<[string, readonly string[]]> = [
    ['Categoría', categorias],
    ['Formato', FORMATOS],
    ['Unidad', UNIDADES],
  ];
  columnas.forEach(([nombre, valores], k) => {
    const letraLista = String.fromCharCode(65 + k);
    listas.getCell(`${letraLista}1`).value = nombre;
    valores.forEach((v, j) => {
      listas.getCell(`${letraLista}${j + 2}`).value = v;
    });
    const letra = ws.getColumn(col(nombre as (typeof COLUMNAS_EXCEL)[number])).letter;
    // One validation for the whole range (per-cell validations overlap and bloat the file: DESIGN §7).
    (ws as unknown as { dataValidations: { add(rango: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(
      `${letra}2:${letra}${MAX_FILAS_CARGA + 1}`,
      {
        type: 'list',
        allowBlank: true,
        formulae: [`Listas!$${letraLista}$2:$${letraLista}$${Math.max(2, valores.length + 1)}`],
        showErrorMessage: true,
        errorTitle: nombre,
        error: `Elige un valor de la lista de ${nombre}.`,
      },
    );
  });
  const buf = await wb.xlsx.writeBuffer();
  return Buffer.from(buf as ArrayBuffer).toString('base64');
}

/** PRODUCTOS_REGISTRADOS.xlsx: the supplier's live offers, one row per lot with stock (one row without stock if none), ready to edit and upload. */
export function writeProductosRegistrados(ofertas: OfertaPlantilla[], categorias: string[]): Promise<string> {
  const filas: Valor[][] = [];
  for (const o of ofertas) {
    const lotes = o.lotes.length > 0 ? o.lotes : [null];
    for (const l of lotes) {
      filas.push([
        o.sku,
        o.nombre,
        o.tarifa,
        ...NOMBRES_RANGO.map((r) => o.rangos[r] ?? null),
        l ? l.cantidad : null,
        l ? fechaCelda(l.fecha_expiracion) : null,
        o.categoria,
        o.marca,
        o.origen,
        o.formatos[0] ?? null,
        o.unidad,
      ]);
    }
  }
  return libro(filas, categorias);
}

/** PLANTILLA_EJEMPLO.xlsx: the headers, one example row and the dropdowns. */
export function writePlantillaEjemplo(categorias: string[], manana: string): Promise<string> {
  const ejemplo: Valor[] = [
    'POLLO-001',
    'Pechuga de pollo deshuesada',
    4990,
    4790,
    4590,
    4390,
    4190,
    3990,
    500,
    fechaCelda(manana),
    categorias.includes('POLLO') ? 'POLLO' : (categorias[0] ?? ''),
    'Super Pollo',
    'Chile',
    'IQF',
    'KILO',
  ];
  return libro([ejemplo], categorias);
}
