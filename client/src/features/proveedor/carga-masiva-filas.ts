import { ahoraEnChile } from '../../../../common/schemas/cotizaciones';
import { isFechaIso } from '../../../../common/fecha';
import {
  type CargaExcel,
  type ErrorSku,
  FECHA_FORMATO,
  FECHA_NO_FUTURA,
  FECHA_REQUERIDA,
  type FilaCarga,
  NOMBRE_REQUERIDO,
  NOMBRES_RANGO,
  PRECIO_MAXIMO,
  PRECIO_NEGATIVO,
  PRECIO_REQUERIDO,
  rangoDesconocido,
  rangoMaximo,
  rangoNegativo,
  SKU_REQUERIDO,
  STOCK_MAXIMO,
  STOCK_NEGATIVO,
} from '../../../../common/schemas/proveedor-carga';

/** The three groups of an upload (SPEC §2 Bulk upload), in the order the screen shows them. */
export type Grupo = 'existentes' | 'nuevos' | 'exclusivos';
export type Secciones = Record<Grupo, FilaCarga[]>;
export const GRUPOS: readonly Grupo[] = ['existentes', 'nuevos', 'exclusivos'];

export const seccionesDe = (carga: CargaExcel): Secciones => ({
  existentes: carga.productos_existentes,
  nuevos: carga.productos_nuevos,
  exclusivos: carga.productos_nuevos_exclusivos,
});

/** Today in Chile, the day the server compares expiry dates with. */
export const hoyEnChile = () => ahoraEnChile(new Date()).hoy;

/** The server's bounds (whole CLP in an int column; stock), the same numbers as its row rules. */
const PRECIO_TOPE = 2_147_483_647;
const STOCK_TOPE = 999_999_999;

/**
 * SPEC §5 Supplier upload rows, rule for rule and message for message as the server checks a row
 * (server/modules/proveedor/carga-filas.ts validateFila), so a row fixed on screen is known valid
 * before it is sent. The server checks again on confirmation (and more: categories, formats,
 * units by name, a SKU repeated) and answers per row.
 */
export function erroresFila(fila: FilaCarga, hoy: string): string[] {
  const errores: string[] = [];
  if (fila.sku.trim() === '') errores.push(SKU_REQUERIDO);
  if (fila.nombre.trim() === '') errores.push(NOMBRE_REQUERIDO);
  if (fila.precio === null) errores.push(PRECIO_REQUERIDO);
  else if (fila.precio < 0) errores.push(PRECIO_NEGATIVO);
  else if (Math.round(fila.precio) > PRECIO_TOPE) errores.push(PRECIO_MAXIMO);
  if (fila.stock !== null && fila.stock < 0) errores.push(STOCK_NEGATIVO);
  else if (fila.stock !== null && fila.stock > STOCK_TOPE) errores.push(STOCK_MAXIMO);
  const fecha = fila.fecha_vencimiento?.trim() ?? '';
  if (fecha === '') errores.push(FECHA_REQUERIDA);
  else if (!isFechaIso(fecha)) errores.push(FECHA_FORMATO);
  else if (fecha <= hoy) errores.push(FECHA_NO_FUTURA);
  for (const [rango, precio] of Object.entries(fila.rangos)) {
    if (!NOMBRES_RANGO.includes(rango)) errores.push(rangoDesconocido(rango));
    else if (precio !== null && precio < 0) errores.push(rangoNegativo(rango));
    else if (precio !== null && Math.round(precio) > PRECIO_TOPE) errores.push(rangoMaximo(rango));
  }
  return errores;
}

/**
 * An edit on screen: the row takes the change and its errors are the rules' verdict on it now.
 * Errors only the server can tell (an unknown category, a repeated SKU) go with the edit; if they
 * still hold, the confirmation brings them back as that row's reason.
 */
export function editarFila(fila: FilaCarga, cambios: Partial<FilaCarga>, hoy: string): FilaCarga {
  const editada = { ...fila, ...cambios };
  return { ...editada, errores: erroresFila(editada, hoy) };
}

/** A row the supplier adds by hand to a section (SPEC §3 agregadoManual), with the next free id. */
export function nuevaFilaManual(secciones: Secciones, hoy: string): FilaCarga {
  const id = Math.max(1, ...GRUPOS.flatMap((g) => secciones[g].map((f) => f.id))) + 1;
  const fila: FilaCarga = {
    id,
    sku: '',
    nombre: '',
    stock: null,
    precio: null,
    fecha_vencimiento: null,
    rangos: Object.fromEntries(NOMBRES_RANGO.map((r) => [r, null])),
    origen: null,
    categoria: null,
    marca: null,
    producto: null,
    formato: null,
    unidad: null,
    errores: [],
    producto_asignado: null,
    agregadoManual: true,
  };
  return { ...fila, errores: erroresFila(fila, hoy) };
}

/** SPEC §5: only rows without errors are sent. */
export const filasValidas = (filas: readonly FilaCarga[]) => filas.filter((f) => f.errores.length === 0);

/**
 * SPEC §4 Bulk upload: after a confirmation the rows sent and taken leave the list; rows the
 * server refused stay with its reason, and rows that were not sent (with errors) stay as they were.
 */
export function aplicarConfirmacion(filas: readonly FilaCarga[], enviadas: readonly FilaCarga[], rechazos: readonly ErrorSku[]): FilaCarga[] {
  const ids = new Set(enviadas.map((f) => f.id));
  const motivos = new Map<string, string[]>();
  for (const { sku, motivo } of rechazos) motivos.set(sku, [...(motivos.get(sku) ?? []), motivo]);
  return filas.flatMap((fila) => {
    if (!ids.has(fila.id)) return [fila];
    const propios = motivos.get(fila.sku);
    return propios ? [{ ...fila, errores: propios }] : [];
  });
}

/** SPEC §2 popups: 'Fila N: errors' for the file, 'SKU x: reason' for a confirmation. */
export const lineasErroresArchivo = (errores: CargaExcel['errores']) => errores.map((e) => `Fila ${e.fila}: ${e.errores.join(' ')}`);
export const lineasErroresCarga = (errores: readonly ErrorSku[]) => errores.map((e) => `SKU ${e.sku}: ${e.motivo}`);
