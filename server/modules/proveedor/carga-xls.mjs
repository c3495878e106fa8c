// Reads the first sheet of an .xls (BIFF in a Compound File, the format before 2007) with
// SheetJS, the one reader of it we have; .xlsx goes through carga-xlsx.mjs. An .xls has no zip
// to lie about sizes, and this worker's heap limit bounds what it may take.
import * as XLSX from '@e965/xlsx';

/** @param {import('@e965/xlsx').CellObject | undefined} c @returns {string | number | boolean | null} */
function celda(c) {
  if (!c || c.v === undefined || c.v === null || c.t === 'e' || c.t === 'z') return null;
  if (c.t === 'n' && typeof c.v === 'number' && c.z !== undefined && XLSX.SSF.is_date(c.z)) {
    const d = XLSX.SSF.parse_date_code(c.v);
    if (d) return `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
  }
  if (c.t === 'd' && c.v instanceof Date) return c.v.toISOString().slice(0, 10);
  if (typeof c.v === 'number' || typeof c.v === 'string' || typeof c.v === 'boolean') return c.v;
  return null;
}

/**
 * The first sheet's rows, at most `maxFilas` of them (formulas as their stored value; dates as
 * 'YYYY-MM-DD' from the cell's date serial).
 * @param {Uint8Array} datos @param {number} maxFilas
 */
export function readXls(datos, maxFilas) {
  const wb = XLSX.read(datos, {
    type: 'array',
    dense: true,
    sheets: 0,
    sheetRows: maxFilas,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellNF: true,
    cellDates: false,
    // No formatted text per cell (we read values; dates by their format, cellNF): ~40% faster.
    cellText: false,
  });
  const nombre = wb.SheetNames[0];
  const hoja = nombre === undefined ? undefined : wb.Sheets[nombre];
  return (hoja?.['!data'] ?? []).map((fila) => (fila ? Array.from(fila, celda) : []));
}
