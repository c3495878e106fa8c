import { claveRango } from '#common/constants';
import { leerFechaTexto } from '#common/fecha';
import {
  ARCHIVO_DEMASIADAS_FILAS,
  ARCHIVO_SIN_FILAS,
  COLUMNA_STOCK_AL_DESCARGAR,
  COLUMNAS_EXCEL,
  encabezadosInvalidos,
  FECHA_FORMATO,
  FECHA_REQUERIDA,
  type FilaCarga,
  MAX_FILAS_CARGA,
  NOMBRES_RANGO,
  noEsNumero,
  PRECIO_REQUERIDO,
  skuOtroPrecio,
  skuRepetido,
  textoLargo,
  isFilaSinLote,
  validateFila,
} from '#common/schemas/proveedor-carga';
import { nameKey } from '#common/search-es';
import { ArchivoInvalido } from './archivo';
import { fechaDeSerial } from './fecha-serial';
import type { CeldaCruda } from './parser';

/**
 * Rows of an upload: from the sheet's cells to docs/producto.md §3 upload rows, each checked by docs/producto.md §5's row
 * rule (`validateFila`, in common/ because the screen checks an edited row with it too) and for
 * SKUs repeated across rows. Pure: the day is passed in.
 */

/** Header cells compare without case, accents or extra spaces ('categoria ' is 'Categoría'). */
const clave = nameKey;

type Columna = (typeof COLUMNAS_EXCEL)[number];

const PELIGROSO = /^[=+\-@\t\r]/;
/** Formula injection (DESIGN §4): a text cell that a spreadsheet could take for a formula is written behind an apostrophe. */
export const escaparCelda = (s: string) => (PELIGROSO.test(s) ? `'${s}` : s);
/** …and read back without it, so a template's values survive the round trip. */
export const sinEscape = (s: string) => (s.startsWith("'") && PELIGROSO.test(s.slice(1)) ? s.slice(1) : s);

const texto = (c: CeldaCruda | undefined): string => (c === null || c === undefined ? '' : sinEscape(String(c).trim()));

/** A number as a Chilean types it in a text cell: '$4.990', '4.990,5', '4990.5', '1 200'. */
export function leerNumero(c: CeldaCruda | undefined): number | null | 'invalido' {
  if (c === null || c === undefined) return null;
  if (typeof c === 'number') return Number.isFinite(c) ? c : 'invalido';
  if (typeof c === 'boolean') return 'invalido';
  let s = c.replace(/[$\s]/g, '');
  if (s === '') return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return 'invalido';
  return Number(s);
}

/**
 * 'YYYY-MM-DD', 'DD-MM-YYYY' or 'DD/MM/YYYY' (text), a date cell (already ISO) or a bare serial:
 * the day Excel shows for it, from 61 (1900-03-01) on; before it Excel's calendar is off by its
 * 1900 leap-year bug, and a number that small in the date column is no date anyone meant.
 */
export function leerFecha(c: CeldaCruda | undefined): string | null | 'invalido' {
  if (c === null || c === undefined) return null;
  if (typeof c === 'number') return (c >= 61 ? fechaDeSerial(c) : undefined) ?? 'invalido';
  return leerFechaTexto(String(c));
}

const mismosPrecios = (a: FilaCarga, b: FilaCarga) => a.precio === b.precio && NOMBRES_RANGO.every((r) => (a.rangos[r] ?? null) === (b.rangos[r] ?? null));

/**
 * Rows of one SKU are lots of one offer: each its own expiry date, all the same price and tiers
 * (an offer has one). A later row that breaks this gets the error, naming the first one's `id`.
 */
export function validateSkusRepetidos(filas: FilaCarga[]): Map<number, string> {
  const errores = new Map<number, string>();
  const revisar = createRevisorSkus();
  for (const fila of filas) {
    const error = revisar(fila);
    if (error) errores.set(fila.id, error);
  }
  return errores;
}

/** validateSkusRepetidos one row at a time, in order: the reader checks each row as it comes, with no pass over the whole file at the end. */
function createRevisorSkus() {
  const primeras = new Map<string, FilaCarga[]>();
  return (fila: FilaCarga): string | undefined => {
    const sku = fila.sku.trim();
    if (sku === '') return undefined;
    const previas = primeras.get(sku) ?? [];
    const mismaFecha = previas.find((p) => p.fecha_vencimiento === fila.fecha_vencimiento);
    if (mismaFecha) return skuRepetido(sku, mismaFecha.id);
    if (previas[0] && !mismosPrecios(previas[0], fila)) return skuOtroPrecio(sku, previas[0].id);
    previas.push(fila);
    primeras.set(sku, previas);
    return undefined;
  };
}

/**
 * A row read without stock nor date that turned out to be a new product: docs/producto.md §5 wants its date
 * (the reader let it through, not knowing yet whether the SKU is an offer the supplier has).
 */
export function conFechaRequerida(fila: FilaCarga): void {
  if (isFilaSinLote(fila) && !fila.errores.includes(FECHA_REQUERIDA)) fila.errores.push(FECHA_REQUERIDA);
}

const LARGOS: Partial<Record<Columna, number>> = {
  SKU: 60,
  Nombre: 200,
  Categoría: 100,
  Marca: 100,
  Origen: 100,
  Formato: 50,
  Unidad: 20,
};

/**
 * The sheet's rows (the first one the headers) as upload rows, each with its `errores`; entirely
 * empty rows are skipped. ArchivoInvalido for a sheet that is not our template or has no rows.
 */
export function readFilas(celdas: CeldaCruda[][], hoy: string): FilaCarga[] {
  const reader = createFilaReader(hoy);
  reader.leer(celdas, 0);
  return reader.terminar();
}

/**
 * readFilas in parts, as the parser's worker hands rows over (parser.ts): `leer` takes the
 * next rows in sheet order, `desde` being the index of the first (0 is the header row), gives
 * the upload rows made of them (each checked against the SKUs of the rows before it), and throws
 * ArchivoInvalido as soon as the headers are wrong or there are too many rows; `terminar` gives
 * the rows.
 */
export function createFilaReader(hoy: string) {
  let indice: Map<Columna, number> | undefined;
  const leerEncabezado = (encabezado: CeldaCruda[]) => {
    const posicion = new Map<string, number>();
    encabezado.forEach((c, i) => {
      // A tier column in any unit ('Desde 100 cajas', 'Desde 100 kg o cajas') is that tier's.
      const k = clave(claveRango(texto(c)));
      if (k !== '' && !posicion.has(k)) posicion.set(k, i);
    });
    const faltan = COLUMNAS_EXCEL.filter((col) => !posicion.has(clave(col)));
    if (faltan.length > 0) throw new ArchivoInvalido(encabezadosInvalidos(faltan));
    columnaAlDescargar = posicion.get(clave(COLUMNA_STOCK_AL_DESCARGAR));
    // Each column's position, once: not a header key per cell (50,000 rows × 15 columns).
    return new Map<Columna, number>(COLUMNAS_EXCEL.map((c) => [c, posicion.get(clave(c)) as number]));
  };
  // PRODUCTOS_REGISTRADOS.xlsx's hidden column, when the file has it.
  let columnaAlDescargar: number | undefined;
  let celdasFila: CeldaCruda[] = [];
  let errores: string[] = [];
  // Closures made once, not per row (50,000 rows): they read the current row and its errors.
  const col = (nombre: Columna) => celdasFila[indice!.get(nombre) as number];
  const valorTexto = (nombre: Columna) => {
    const v = texto(col(nombre));
    const max = LARGOS[nombre] ?? 200;
    if (v.length > max) {
      errores.push(textoLargo(nombre, max));
      return v.slice(0, max);
    }
    return v;
  };
  const numeroDe = (nombre: string, celda: CeldaCruda | undefined) => {
    const v = leerNumero(celda);
    if (v === 'invalido') {
      errores.push(noEsNumero(nombre));
      return null;
    }
    return v;
  };
  const valorNumero = (nombre: Columna) => numeroDe(nombre, col(nombre));
  const opcional = (v: string) => (v === '' ? null : v);
  // Lots of a file share a handful of expiry dates: each cell value is read once.
  const fechas = new Map<CeldaCruda | undefined, ReturnType<typeof leerFecha>>();
  const fechaDe = (c: CeldaCruda | undefined) => {
    let f = fechas.get(c);
    if (f === undefined) {
      f = leerFecha(c);
      fechas.set(c, f);
    }
    return f;
  };
  const vacia = (c: CeldaCruda) => texto(c) === '';

  const filas: FilaCarga[] = [];
  const revisarSku = createRevisorSkus();
  /** Reads the next rows; gives the upload rows made of them. */
  const leer = (celdas: CeldaCruda[][], desde: number): FilaCarga[] => {
    const antes = filas.length;
    for (let i = 0; i < celdas.length; i++) {
      if (indice === undefined) {
        indice = leerEncabezado(desde + i === 0 ? celdas[i]! : []);
        if (desde + i === 0) continue;
      }
      celdasFila = celdas[i]!;
      if (celdasFila.every(vacia)) continue;
      if (filas.length === MAX_FILAS_CARGA) throw new ArchivoInvalido(ARCHIVO_DEMASIADAS_FILAS);
      errores = [];
      // In the sheet's column order, so a row's errors read left to right.
      const sku = valorTexto('SKU');
      const nombre = valorTexto('Nombre');
      const antes = errores.length;
      const precio = valorNumero('Precio');
      const precioIlegible = errores.length > antes;
      const rangos: Record<string, number | null> = {};
      for (const r of NOMBRES_RANGO) rangos[r] = valorNumero(r as Columna);
      const stock = valorNumero('Stock');
      const fecha = fechaDe(col('Fecha vencimiento'));
      if (fecha === 'invalido') errores.push(FECHA_FORMATO);
      const alDescargar = columnaAlDescargar === undefined ? null : numeroDe(COLUMNA_STOCK_AL_DESCARGAR, celdasFila[columnaAlDescargar]);
      const fila: FilaCarga = {
        // The row's number in the sheet, as the supplier sees it (headers are row 1).
        id: desde + i + 1,
        sku,
        nombre,
        stock,
        precio,
        fecha_vencimiento: fecha === 'invalido' ? null : fecha,
        rangos,
        categoria: opcional(valorTexto('Categoría')),
        marca: opcional(valorTexto('Marca')),
        origen: opcional(valorTexto('Origen')),
        producto: null,
        formato: opcional(valorTexto('Formato')),
        unidad: opcional(valorTexto('Unidad')),
        errores,
        producto_asignado: null,
      };
      // Only when the file says it: rows of other files keep the shape they always had.
      if (alDescargar !== null) fila.stock_al_descargar = alDescargar;
      // An unreadable price or date was said above: not also "empty". A row without stock and
      // date is an offer's price and tiers; whether it may be is known once it is
      // classified (only an offer the supplier has: conFechaRequerida, carga.service).
      for (const e of validateFila(fila, hoy, { sinLote: true })) {
        if ((e === PRECIO_REQUERIDO && precioIlegible) || (e === FECHA_REQUERIDA && fecha === 'invalido')) continue;
        errores.push(e);
      }
      const repetido = revisarSku(fila);
      if (repetido) errores.push(repetido);
      filas.push(fila);
    }
    return filas.slice(antes);
  };
  const terminar = () => {
    if (indice === undefined) indice = leerEncabezado([]);
    if (filas.length === 0) throw new ArchivoInvalido(ARCHIVO_SIN_FILAS);
    return filas;
  };
  return { leer, terminar };
}
