import { LIMITES_RANGO_KG, limiteDeRango, nombreRango } from '../constants';
import { isFechaIso } from '../fecha';
import { cantidadEs, formatDiaLargo } from '../format';
import { isUnaLinea } from '../texto';
import { z } from '../zod-es';
import { errorPrecio, errorPrecioRango, erroresRangosCrecientes } from './proveedor-productos';

/**
 * The supplier's Excel upload (docs/producto.md §2 Bulk upload, §3 Supplier upload row and Bulk upload
 * errors, §5 Supplier upload rows and Upload file, §7 Supplier catalogue):
 * - GET  /api/productos/plantillas-excel/ → plantillasSchema (two base64 .xlsx and the categories);
 * - POST /api/productos/cargar-excel/ multipart `archivo` → cargaExcelSchemaOut (nothing written);
 * - PUT  /api/productos/actualizar-precios/ {productos} → actualizarPreciosSchemaOut;
 * - POST /api/productos/registrar-nuevos/ {productos, categoria_id?} → 201 registrarNuevosSchemaOut.
 * A bad file is a 400 {detail} with one of the messages below. Rows are validated one by one:
 * a row's problems are its `errores` (upload) or a {sku, motivo} (confirmation); the other rows go on.
 */

/** The sheet's columns, in this order, with these headers exactly (template and upload). */
export const COLUMNAS_EXCEL = [
  'SKU',
  'Nombre',
  'Precio',
  ...LIMITES_RANGO_KG.map((limite) => nombreRango(limite)),
  'Stock',
  'Fecha vencimiento',
  'Categoría',
  'Marca',
  'Origen',
  'Formato',
  'Unidad',
] as const;
export const NOMBRES_RANGO = LIMITES_RANGO_KG.map((limite) => nombreRango(limite));
/**
 * A column only PRODUCTOS_REGISTRADOS.xlsx has (hidden, after the others): what the offer's lots
 * of the row's expiry date held when the file was made. Optional on upload: a file
 * without it (the example template, a supplier's own sheet) is read as before, with no check.
 */
export const COLUMNA_STOCK_AL_DESCARGAR = 'Stock al descargar';

/** File names of the two templates (docs/producto.md §2). */
export const ARCHIVO_PRODUCTOS_REGISTRADOS = 'PRODUCTOS_REGISTRADOS.xlsx';
export const ARCHIVO_PLANTILLA_EJEMPLO = 'PLANTILLA_EJEMPLO.xlsx';

/** Rows one file (or one confirmation) may carry: a whole supplier catalogue, and a bound on the work. */
export const MAX_FILAS_CARGA = 50_000;

// Uploads beyond what the server takes at once are answered 429 with these.
export const CARGAS_OCUPADAS = 'Hay muchas cargas de archivos en curso. Intenta de nuevo en unos minutos.';
export const CARGA_PROPIA_EN_CURSO = 'Ya tienes una carga de archivo en curso. Espera a que termine para subir otra.';

// docs/producto.md §5 Upload file.
export const ARCHIVO_REQUERIDO = 'Debes seleccionar un archivo';
export const ARCHIVO_TIPO_INVALIDO = 'Solo se aceptan archivos .xlsx o .xls';
export const ARCHIVO_DEMASIADO_GRANDE = 'El archivo supera el tamaño máximo de 5MB';
// Ours (beyond docs/producto.md §8), for files that are .xlsx/.xls by name but cannot be read safely.
export const ARCHIVO_ILEGIBLE = 'No se pudo leer el archivo. Verifica que sea un Excel válido (.xlsx o .xls).';
export const ARCHIVO_DESCOMPRIMIDO_EXCESIVO = 'El archivo es demasiado grande al descomprimirlo. Divide los productos en varios archivos.';
export const ARCHIVO_TIEMPO_AGOTADO = 'El archivo tardó demasiado en procesarse. Divide los productos en varios archivos.';
export const ARCHIVO_SIN_FILAS = 'El archivo no tiene productos. Completa la plantilla desde la fila 2.';
export const ARCHIVO_DEMASIADAS_FILAS = `El archivo tiene más de ${MAX_FILAS_CARGA.toLocaleString('es-CL')} productos. Divide los productos en varios archivos.`;
export const encabezadosInvalidos = (faltan: string[]) =>
  `Los encabezados del archivo no coinciden con la plantilla. Faltan o están mal escritas: ${faltan.join(', ')}. Descarga la plantilla de ejemplo.`;

// docs/producto.md §5 Supplier upload rows.
export const SKU_REQUERIDO = 'El SKU no puede estar vacío.';
export const NOMBRE_REQUERIDO = 'El nombre no puede estar vacío.';
export const FECHA_REQUERIDA = 'La fecha de vencimiento no puede estar vacía.';
export const FECHA_NO_FUTURA = 'La fecha de vencimiento debe ser futura.';
// Ours, for what docs/producto.md §5 leaves unsaid about a row.
export const PRECIO_REQUERIDO = 'El precio no puede estar vacío.';
export const STOCK_NEGATIVO = 'El stock no puede ser negativo.';
export const STOCK_MAXIMO = 'El stock no puede superar 999.999.999.';
export const FECHA_FORMATO = 'La fecha de vencimiento debe tener el formato AAAA-MM-DD o DD-MM-AAAA.';
export const noEsNumero = (campo: string) => `${campo} debe ser un número.`;
/** A cell typed with Alt+Enter: a SKU or a name is one line (common/texto). */
export const enUnaLinea = (campo: string) => `${campo} debe ir en una sola línea, sin saltos de línea.`;
export const textoLargo = (campo: string, max: number) => `${campo} no puede superar los ${max} caracteres.`;
export const rangoDesconocido = (rango: string) => `El rango "${rango}" no existe. Usa: ${LIMITES_RANGO_KG.map((limite) => nombreRango(limite)).join(', ')}.`;
export const skuRepetido = (sku: string, fila: number) => `El SKU ${sku} ya está en la fila ${fila} con la misma fecha de vencimiento.`;
export const skuOtroPrecio = (sku: string, fila: number) => `El SKU ${sku} está en la fila ${fila} con otro precio o rangos; un SKU tiene un solo precio.`;
/**
 * A row of PRODUCTOS_REGISTRADOS.xlsx whose lots changed since the file was made (an
 * order took stock, the supplier edited it) is not applied until the supplier chooses.
 */
export const stockCambiado = (fecha: string, alDescargar: number, actual: number, archivo: number) =>
  `El stock con vencimiento el ${formatDiaLargo(fecha)} cambió desde que descargaste el archivo: tenía ${cantidadEs(alDescargar)}, ahora tiene ${cantidadEs(actual)} y el archivo dice ${cantidadEs(archivo)}. Elige si usar el del archivo o mantener el actual.`;
export const SIN_PRODUCTOS_VALIDOS = 'No hay productos válidos para subir.';
export const SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS = 'No hay productos exclusivos válidos para subir.';
export const soloExclusivosValidos = (n: number) =>
  `Solo se subirán ${n} productos exclusivos válidos. Corrige o elimina los productos con errores para subirlos.`;

const texto = (max: number) => z.string().max(max);
const numero = z.number().finite().max(1e12).min(-1e12);

/** What the matching found for a new row (docs/producto.md §3): shown to the supplier, ignored when sent back. */
export const productoAsignadoSchema = z.object({
  nombre: texto(200),
  /** Trigram similarity of the normalised names, 0..1. */
  similitud: z.number().min(0).max(1),
  origen: texto(100),
  marca: texto(100),
  formatos: z.array(texto(50)).max(50),
});
export type ProductoAsignado = z.infer<typeof productoAsignadoSchema>;

/**
 * A row of an offer the supplier has whose lots of that expiry date changed since the file was
 * made: both numbers, and the supplier's choice ('archivo': the row's Stock;
 * 'actual': the lots as they are), null until chosen. A confirmation applies 'archivo' only if the
 * lots still hold `stock_actual`.
 */
export const conflictoStockSchema = z.object({
  stock_al_descargar: numero,
  stock_actual: numero,
  usar: z.enum(['archivo', 'actual']).nullable(),
});
export type ConflictoStock = z.infer<typeof conflictoStockSchema>;

/**
 * docs/producto.md §3 Supplier upload row. `id` is the row's number in the sheet (the `fila` of its errors;
 * 2 is the first product); rows the screen adds itself (agregadoManual) take any id not in use.
 * `producto` is the catalogue product the row is (existing) or was matched to (new); null for an
 * exclusive row. Content rules (docs/producto.md §5) are not enforced by this schema: a row that breaks them
 * comes back in `errores` (upload) or as {sku, motivo} (confirmation), the rest go on.
 */
export const filaCargaSchema = z.object({
  id: z.number().int(),
  sku: texto(60),
  nombre: texto(200),
  stock: numero.nullable(),
  precio: numero.nullable(),
  /** 'YYYY-MM-DD' or null. */
  fecha_vencimiento: texto(10).nullable(),
  /** Tier label ('Desde 100 kg') → price from that tier on, null when not priced. */
  rangos: z.record(texto(50), numero.nullable()).refine((r) => Object.keys(r).length <= 20, 'Demasiados rangos.'),
  origen: texto(100).nullable(),
  categoria: texto(100).nullable(),
  marca: texto(100).nullable(),
  producto: z.number().int().positive().max(2_147_483_647).nullable(),
  formato: texto(50).nullable(),
  unidad: texto(20).nullable(),
  errores: z.array(texto(500)).max(50),
  producto_asignado: productoAsignadoSchema.nullable(),
  agregadoManual: z.boolean().optional(),
  /** The file's COLUMNA_STOCK_AL_DESCARGAR; absent when it has none (nothing is checked then). */
  stock_al_descargar: numero.nullable().optional(),
  /** Existing rows only, when their lots changed since the file was made. */
  conflicto: conflictoStockSchema.nullable().optional(),
});
export type FilaCarga = z.infer<typeof filaCargaSchema>;

export const STOCK_TOPE = 999_999_999;

/**
 * docs/producto.md §5's stock of a row, one rule for every write of a lot (an upload's row, 'Agregar lote'):
 * not negative, at most STOCK_TOPE. Any number of kg or boxes is a stock: the upload keeps two
 * decimals (numeric(12,2)).
 */
export function errorStock(stock: number): string | undefined {
  if (stock < 0) return STOCK_NEGATIVO;
  if (stock > STOCK_TOPE) return STOCK_MAXIMO;
  return undefined;
}

/**
 * docs/producto.md §5's expiry date of a row, one rule for every lot: a real day 'YYYY-MM-DD' (read from
 * 'DD-MM-AAAA' by common/fecha leerFechaTexto) after `hoy`, today in Chile (hoyEnChile): a lot
 * that expires today is already no stock a comparison offers.
 */
export function errorFechaVencimiento(fecha: string, hoy: string): string | undefined {
  if (!isFechaIso(fecha)) return FECHA_FORMATO;
  if (fecha <= hoy) return FECHA_NO_FUTURA;
  return undefined;
}

/**
 * A row with neither Stock nor expiry date says the offer's price and tiers and no lot: how
 * PRODUCTOS_REGISTRADOS.xlsx writes an offer without stock, so it uploads back as it is.
 * Only for an offer the supplier has (`sinLote`): a new product's row is its first lot, and docs/producto.md §5
 * wants its date.
 */
export const isFilaSinLote = (fila: Pick<FilaCarga, 'stock' | 'fecha_vencimiento'>) => fila.stock === null && (fila.fecha_vencimiento?.trim() ?? '') === '';

/**
 * docs/producto.md §5 Supplier upload rows, on a row's values; `hoy` is today in Chile (YYYY-MM-DD). One rule
 * for both sides: the server checks every row of a file and of a confirmation with it, the screen
 * checks a row the supplier edits, so a row fixed on screen is known valid before it is sent.
 * The server checks more (categories, formats and units by name, a SKU repeated) and answers per row.
 */
export function validateFila(
  fila: Pick<FilaCarga, 'sku' | 'nombre' | 'precio' | 'stock' | 'fecha_vencimiento' | 'rangos'> & { unidad?: string | null },
  hoy: string,
  { sinLote = false }: { sinLote?: boolean } = {},
): string[] {
  const errores: string[] = [];
  if (fila.sku.trim() === '') errores.push(SKU_REQUERIDO);
  else if (!isUnaLinea(fila.sku)) errores.push(enUnaLinea('SKU'));
  if (fila.nombre.trim() === '') errores.push(NOMBRE_REQUERIDO);
  else if (!isUnaLinea(fila.nombre)) errores.push(enUnaLinea('Nombre'));
  if (fila.precio === null) errores.push(PRECIO_REQUERIDO);
  else {
    // The offer edit's rule, one for every write: above 0, whole pesos.
    const error = errorPrecio(fila.precio);
    if (error) errores.push(error);
  }
  const stock = fila.stock === null ? undefined : errorStock(fila.stock);
  if (stock) errores.push(stock);
  const f = fila.fecha_vencimiento?.trim() ?? '';
  if (f === '') {
    if (!(sinLote && fila.stock === null)) errores.push(FECHA_REQUERIDA);
  } else {
    const fecha = errorFechaVencimiento(f, hoy);
    if (fecha) errores.push(fecha);
  }
  // A tier is named as the supplier reads it: in the row's unit ('Desde 100 cajas').
  const nombre = (rango: string) => nombreRango(limiteDeRango(rango)!, fila.unidad ?? 'KILO');
  const validos: Array<{ limite: number; nombre: string; precio: number }> = [];
  for (const [rango, precio] of Object.entries(fila.rangos)) {
    if (!NOMBRES_RANGO.includes(rango)) errores.push(rangoDesconocido(rango));
    else if (precio !== null) {
      const error = errorPrecioRango(nombre(rango), precio);
      if (error) errores.push(error);
      else validos.push({ limite: limiteDeRango(rango)!, nombre: nombre(rango), precio });
    }
  }
  const precio = fila.precio !== null && errorPrecio(fila.precio) === undefined ? fila.precio : null;
  for (const e of erroresRangosCrecientes(precio, validos)) errores.push(e.mensaje);
  return errores;
}

/**
 * The question of a stock conflict the supplier has not answered yet: until it is, the
 * row waits like a row with errors. Null when there is none or it is answered.
 */
export function preguntaConflicto(fila: Pick<FilaCarga, 'conflicto' | 'fecha_vencimiento' | 'stock'>): string | null {
  const c = fila.conflicto;
  if (!c || c.usar !== null || fila.fecha_vencimiento === null || fila.stock === null) return null;
  return stockCambiado(fila.fecha_vencimiento, c.stock_al_descargar, c.stock_actual, fila.stock);
}

/** What stops a row from being sent: docs/producto.md §5's errors and an unanswered stock conflict. */
export function erroresFila(fila: FilaCarga, hoy: string, opciones: { sinLote?: boolean } = {}): string[] {
  const pregunta = preguntaConflicto(fila);
  return pregunta ? [...validateFila(fila, hoy, opciones), pregunta] : validateFila(fila, hoy, opciones);
}

/** docs/producto.md §3 Bulk upload errors, in the file. */
export const errorFilaSchema = z.object({ fila: z.number().int(), errores: z.array(z.string()) });
export type ErrorFila = z.infer<typeof errorFilaSchema>;
/** docs/producto.md §3 Bulk upload errors, on registration. */
export const errorSkuSchema = z.object({
  sku: z.string(),
  motivo: z.string(),
  /** A stock conflict: the row it is (its `id`) and the numbers, for the screen to ask again. */
  fila: z.number().int().optional(),
  conflicto: conflictoStockSchema.optional(),
});
export type ErrorSku = z.infer<typeof errorSkuSchema>;

export const plantillasSchema = z.object({
  productos_excel: z.string(),
  ejemplo_excel: z.string(),
  categoria_nombre: z.array(z.string()),
});
export type Plantillas = z.infer<typeof plantillasSchema>;

/**
 * Every data row of the file is in one group: existing (SKU already offered by this supplier),
 * new (matched to an approved catalogue product) or exclusive (no match). `errores` lists the
 * rows with errors once more, as 'Fila N: …' for the popup.
 */
export const cargaExcelSchemaOut = z.object({
  productos_existentes: z.array(filaCargaSchema),
  productos_nuevos: z.array(filaCargaSchema),
  productos_nuevos_exclusivos: z.array(filaCargaSchema),
  errores: z.array(errorFilaSchema),
});
export type CargaExcel = z.infer<typeof cargaExcelSchemaOut>;

// An empty list is answered as a list with no valid row (SIN_PRODUCTOS_VALIDOS or the exclusive one).
const filasSchema = z.array(filaCargaSchema).max(MAX_FILAS_CARGA);

/**
 * The 400 of a confirmation none of whose rows is valid: docs/producto.md §5's message and every row's reason,
 * so the screen can open its 'Errores al cargar los Datos' popup.
 */
export const sinFilasValidasSchema = z.object({ detail: z.string(), errores: z.array(errorSkuSchema) });

export const actualizarPreciosSchema = z.object({ productos: filasSchema });
export type ActualizarPreciosInput = z.infer<typeof actualizarPreciosSchema>;
export const actualizarPreciosSchemaOut = z.object({ actualizados: z.number().int(), errores: z.array(errorSkuSchema) });
export type ActualizarPrecios = z.infer<typeof actualizarPreciosSchemaOut>;

/**
 * {productos, categoria_id} for new products (each row's `producto` is the matched catalogue
 * product: an offer on it is created), {productos} for exclusive ones (rows with `producto` null:
 * a product pending moderation is created with its offer). categoria_id, when given, is the
 * category of rows whose own `categoria` is empty.
 */
export const registrarNuevosSchema = z.object({
  productos: filasSchema,
  categoria_id: z.number().int().positive().max(2_147_483_647).optional(),
});
export type RegistrarNuevosInput = z.infer<typeof registrarNuevosSchema>;
export const registrarNuevosSchemaOut = z.object({ registrados: z.number().int(), errores: z.array(errorSkuSchema) });
export type RegistrarNuevos = z.infer<typeof registrarNuevosSchemaOut>;
