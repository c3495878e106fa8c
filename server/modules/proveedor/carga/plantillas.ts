import ExcelJS from 'exceljs';
import { encabezadoRango, FORMATOS, limiteDeRango, UNIDADES } from '#common/constants';
import { FORMATO_FECHA_EXCEL } from '#common/format';
import { PRECIOS_NETOS } from '#common/iva';
import { COLUMNA_STOCK_AL_DESCARGAR, COLUMNAS_EXCEL, MAX_FILAS_CARGA, NOMBRES_RANGO } from '#common/schemas/proveedor-carga';
import type { OfertaPlantilla } from './carga.repository';
import { escaparCelda } from './filas';

/**
 * The two templates of docs/producto.md §2 Bulk upload, written with exceljs (DESIGN §7): the sheet
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

/** `conStockAlDescargar`: rows carry a 16th value, written in the hidden column COLUMNA_STOCK_AL_DESCARGAR. */
async function libro(filas: Valor[][], categorias: string[], { conStockAlDescargar = false, unidades = [] as readonly string[] } = {}): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Abastece';
  const ws = wb.addWorksheet('Productos', { views: [{ state: 'frozen', ySplit: 1 }] });
  // Tier columns in the unit of the rows ('Desde 100 cajas'), both when they mix; the upload reads any of them.
  const encabezados = COLUMNAS_EXCEL.map((c) => {
    const limite = limiteDeRango(c);
    return limite === undefined ? c : encabezadoRango(limite, unidades);
  });
  ws.addRow([...encabezados, ...(conStockAlDescargar ? [COLUMNA_STOCK_AL_DESCARGAR] : [])]);
  ws.getRow(1).font = { bold: true };
  for (const fila of filas) ws.addRow(fila.map((v) => (typeof v === 'string' ? escaparCelda(v) : v)));
  ws.columns.forEach((c, i) => {
    c.width = i === 1 ? 36 : 16;
  });
  const col = (nombre: (typeof COLUMNAS_EXCEL)[number]) => COLUMNAS_EXCEL.indexOf(nombre) + 1;
  ws.getColumn(col('Fecha vencimiento')).numFmt = FORMATO_FECHA_EXCEL;
  // Prices are net (docs/decisions/026): said where the supplier types them, without changing the header the upload reads.
  ws.getCell(1, col('Precio')).note = `${PRECIOS_NETOS} Escribe el precio por unidad en pesos, sin IVA; los precios por volumen también.`;
  if (conStockAlDescargar) {
    // Hidden, not protected: a protected sheet cannot be sorted nor get rows inserted in Excel, and
    // the column travels with its row when the supplier sorts (docs/decisions/008).
    const alDescargar = ws.getColumn(COLUMNAS_EXCEL.length + 1);
    alDescargar.hidden = true;
    ws.getCell(1, COLUMNAS_EXCEL.length + 1).note =
      'El stock de este producto y vencimiento cuando descargaste el archivo. No lo cambies: si el stock cambió desde entonces (una venta, una edición), al subir el archivo te preguntaremos cuál usar.';
  }

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

/**
 * PRODUCTOS_REGISTRADOS.xlsx: the supplier's live offers, ready to edit and upload back as they are
 *: one row per expiry date with stock, holding what that date's lots hold together
 * (two lots of one date are one row: the upload sets a date's stock), or one row without Stock nor
 * date for an offer without stock (its price and tiers). Each row says in the hidden column what it
 * was made from, so an upload after an order asks instead of putting sold stock back.
 */
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
        l ? l.cantidad : 0,
      ]);
    }
  }
  return libro(filas, categorias, { conStockAlDescargar: true, unidades: ofertas.map((o) => o.unidad) });
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
