import { CANTIDAD_MAXIMA } from '../constants';
import { formatCantidad } from '../format';
import { ENTERO_MAXIMO } from '../numeros';

/**
 * The rows of a quotation request (docs/producto.md §5 Quotation): their fields, checks and messages, plain
 * functions that build no schema when loaded (`cotizaciones.ts` re-exports all of it and builds
 * the request's schema on top). /cotizar's table imports this file and not the request and
 * delivery schemas, whose construction (with libphonenumber's and the dates') would block the
 * phone's main thread as the page opens (docs/decisions/019-primera-pintura.md).
 */

/** Rows per request: a wholesale order of more than this is not one form (and bounds the work). */
export const MAX_FILAS_COTIZACION = 200;

export const SIN_PRODUCTOS = 'Debe haber al menos un producto en la cotización.';
export const SIN_FILA_COMPLETA = 'Debe haber al menos una fila completa y válida en la cotización.';
export const DEMASIADAS_FILAS = `La cotización puede tener como máximo ${MAX_FILAS_COTIZACION} productos.`;

/** The fields of a row as the form shows them; the API receives only producto and cantidad. */
export const CAMPOS_FILA = ['categoria', 'origen', 'marca', 'producto', 'cantidad'] as const;
export type CampoFila = (typeof CAMPOS_FILA)[number];
/** How a message names a field: as the column the buyer sees, not its key. */
export const ETIQUETA_CAMPO: Record<CampoFila, string> = {
  categoria: 'Categoría',
  origen: 'Origen',
  marca: 'Marca',
  producto: 'Producto',
  cantidad: 'Cantidad',
};

export const mensajesFila = {
  filaInvalida: (n: number) => `Fila ${n}: La fila no tiene el formato esperado.`,
  incompleto: (n: number, campo: CampoFila) => `Fila ${n}: El campo "${ETIQUETA_CAMPO[campo]}" está incompleto.`,
  cantidadPositiva: (n: number) => `Fila ${n}: La cantidad debe ser un número positivo.`,
  cantidadEntera: (n: number) => `Fila ${n}: La cantidad debe ser un número entero.`,
  cantidadMaxima: (n: number) => `Fila ${n}: La cantidad máxima es ${CANTIDAD_MAXIMA}.`,
  /** docs/producto.md §5's sentence, in the product's unit: '… de 100 kg.' for kg, '… de 100 cajas.' for a product sold by the box. */
  cantidadMinima: (n: number, minimo: number, unidad = 'KILO') => `Fila ${n}: La cantidad mínima debe ser de ${formatCantidad(minimo, unidad)}.`,
  productoInvalido: (n: number) => `Fila ${n}: El producto seleccionado no es válido.`,
  productoRepetido: (n: number, nombre: string) => `Fila ${n}: El producto "${nombre}" ya está en otra fila de la cotización.`,
  productoInexistente: (n: number, id: number) => `Fila ${n}: El producto ${id} no existe.`,
  productoNoDisponible: (n: number, nombre: string) => `Fila ${n}: El producto "${nombre}" ya no está disponible para cotizar.`,
};

const PREFIJO_FILA = /^Fila (\d+): /;

/** The row number a server message is about (its 'Fila {n}: ' prefix), or undefined for the whole list. */
export function filaDeMensaje(mensaje: string): number | undefined {
  const m = PREFIJO_FILA.exec(mensaje);
  return m ? Number(m[1]) : undefined;
}

/** A message about row n as the row's own cell shows it: without its 'Fila {n}: '. */
export const sinFila = (mensaje: string) => mensaje.replace(PREFIJO_FILA, '');

export const esFila = (v: unknown): v is Partial<Record<CampoFila, unknown>> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A whole number given as a number or as digits (form inputs hold strings). */
export const entero = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
};
const vacio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * docs/producto.md §5 Quotation, for row n (from 1): every given field filled, cantidad a whole number from 1
 * to 9999 and, when the category's minimum is known, at least that (written in the product's
 * `unidad`, kg when not given). First problem per field.
 */
export function erroresFila(
  fila: Partial<Record<CampoFila, unknown>>,
  n: number,
  { campos = CAMPOS_FILA, minimo, unidad }: { campos?: readonly CampoFila[]; minimo?: number; unidad?: string } = {},
): Array<{ campo: CampoFila; mensaje: string }> {
  const errores: Array<{ campo: CampoFila; mensaje: string }> = [];
  for (const campo of campos) {
    if (vacio(fila[campo])) errores.push({ campo, mensaje: mensajesFila.incompleto(n, campo) });
  }
  if (campos.includes('producto') && !vacio(fila.producto)) {
    // An id is a whole number or plain digits: '11.0' or '+1' name no product.
    const id =
      typeof fila.producto === 'number'
        ? fila.producto
        : typeof fila.producto === 'string' && /^\d{1,10}$/.test(fila.producto)
          ? Number(fila.producto)
          : undefined;
    if (id === undefined || !Number.isInteger(id) || id < 1 || id > ENTERO_MAXIMO)
      errores.push({ campo: 'producto', mensaje: mensajesFila.productoInvalido(n) });
  }
  if (campos.includes('cantidad') && !vacio(fila.cantidad)) {
    const cantidad = entero(fila.cantidad);
    const mensaje =
      cantidad === undefined || !Number.isFinite(cantidad) || cantidad <= 0
        ? mensajesFila.cantidadPositiva(n)
        : !Number.isInteger(cantidad)
          ? mensajesFila.cantidadEntera(n)
          : cantidad > CANTIDAD_MAXIMA
            ? mensajesFila.cantidadMaxima(n)
            : minimo !== undefined && cantidad < minimo
              ? mensajesFila.cantidadMinima(n, minimo, unidad)
              : undefined;
    if (mensaje) errores.push({ campo: 'cantidad', mensaje });
  }
  return errores;
}

/** Lowest limite_inferior per category id (docs/producto.md §5: the minimum quantity of a row of that category). */
export function minimosPorCategoria(rangos: ReadonlyArray<{ categoria: number; limite_inferior: number }>): Map<number, number> {
  const minimos = new Map<number, number>();
  for (const { categoria, limite_inferior } of rangos) {
    const actual = minimos.get(categoria);
    if (actual === undefined || limite_inferior < actual) minimos.set(categoria, limite_inferior);
  }
  return minimos;
}
