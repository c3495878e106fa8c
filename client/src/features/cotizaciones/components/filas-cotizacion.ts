import { CANTIDAD_MAX_DIGITOS, CANTIDAD_MAXIMA } from '#common/constants';
import type { ConsolidatedData, ProductoCatalogo } from '#common/schemas/catalogo';
import { cantidadACotizar, type LineaRepetir } from '#common/repetir';
import { CAMPOS_FILA, type CampoFila, erroresFila, MAX_FILAS_COTIZACION, SIN_FILA_COMPLETA, SIN_PRODUCTOS } from '#common/schemas/cotizaciones-filas';
import { compareEs } from '#common/sort-es';
import type { FilaCotizacion } from '../../../lib/flujo-cotizacion/filas-storage';

// The quotation table's rules (docs/producto.md §5 Quotation) as pure functions over the catalogue: the
// cascade categoría → origen → marca → producto, the quantity input and the row checks.

let seq = 0;
/** A key for React and for errors: unique in the page, kept across reloads with the row. */
export const nuevaFila = (): FilaCotizacion => ({
  key: `f${Date.now().toString(36)}${(seq++).toString(36)}`,
  categoria: null,
  origen: null,
  marca: null,
  producto: null,
  cantidad: '',
});

/** docs/producto.md §5: only digits, no leading zero, at most 5 digits and at most 9999. A keystroke that breaks it is ignored. */
export function isCantidadTecleable(text: string): boolean {
  if (text === '') return true;
  if (!/^[1-9]\d*$/.test(text) || text.length > CANTIDAD_MAX_DIGITOS) return false;
  return Number(text) <= CANTIDAD_MAXIMA;
}

const unicos = (valores: string[]) => [...new Set(valores)].sort(compareEs);

export interface OpcionesFila {
  origenes: string[];
  marcas: string[];
  /** Products of the chosen category, narrowed by origen and marca when chosen. */
  productos: ProductoCatalogo[];
}

/** What each select of a row offers, given what the row has chosen so far (the cascade). */
export function opcionesFila(catalogo: ConsolidatedData, fila: FilaCotizacion): OpcionesFila {
  if (fila.categoria === null) return { origenes: [], marcas: [], productos: [] };
  const deCategoria = catalogo.productos.filter((p) => p.categoria.id === fila.categoria);
  const deOrigen = fila.origen === null ? deCategoria : deCategoria.filter((p) => p.origen.descripcion === fila.origen);
  const deMarca = fila.marca === null ? deOrigen : deOrigen.filter((p) => p.marca.nombre === fila.marca);
  return { origenes: unicos(deCategoria.map((p) => p.origen.descripcion)), marcas: unicos(deOrigen.map((p) => p.marca.nombre)), productos: deMarca };
}

/**
 * A row after one of its selects changed: choosing upstream clears what no longer fits downstream;
 * choosing a product (typing its name is the quick way) fills its origen and marca.
 */
export function cambiarCampo(catalogo: ConsolidatedData, fila: FilaCotizacion, campo: Exclude<CampoFila, 'cantidad'>, valor: string | null): FilaCotizacion {
  if (campo === 'categoria') {
    const categoria = valor === null ? null : Number(valor);
    return categoria === fila.categoria ? fila : { ...fila, categoria, origen: null, marca: null, producto: null };
  }
  if (campo === 'producto') {
    const producto = valor === null ? undefined : catalogo.productos.find((p) => p.id === Number(valor));
    if (!producto) return { ...fila, producto: null };
    return { ...fila, categoria: producto.categoria.id, origen: producto.origen.descripcion, marca: producto.marca.nombre, producto: producto.id };
  }
  const siguiente = { ...fila, [campo]: valor };
  if (campo === 'origen') siguiente.marca = null;
  // The product stays when it still matches the new origen/marca.
  const producto = productoDe(catalogo, fila);
  if (
    producto &&
    ((siguiente.origen !== null && producto.origen.descripcion !== siguiente.origen) || (siguiente.marca !== null && producto.marca.nombre !== siguiente.marca))
  )
    siguiente.producto = null;
  if (campo === 'origen' && siguiente.producto !== null && producto) siguiente.marca = producto.marca.nombre;
  return siguiente;
}

export const productoDe = (catalogo: ConsolidatedData, fila: FilaCotizacion) =>
  fila.producto === null ? undefined : catalogo.productos.find((p) => p.id === fila.producto);

/**
 * Rows read back from session storage, checked against today's catalogue: a category, origin,
 * brand or product that is gone (archived, or a tampered id) is cleared instead of kept.
 */
export function depurarFilas(catalogo: ConsolidatedData, filas: FilaCotizacion[]): FilaCotizacion[] {
  return filas.map((fila) => {
    if (fila.categoria === null || !catalogo.categorias.some((c) => c.id === fila.categoria)) return { ...nuevaFila(), key: fila.key, cantidad: fila.cantidad };
    // A product of the category still offered decides its own origin and brand.
    const producto = catalogo.productos.find((p) => p.id === fila.producto && p.categoria.id === fila.categoria);
    if (producto) return { ...fila, origen: producto.origen.descripcion, marca: producto.marca.nombre };
    const { origenes } = opcionesFila(catalogo, fila);
    const origen = fila.origen !== null && origenes.includes(fila.origen) ? fila.origen : null;
    const { marcas } = opcionesFila(catalogo, { ...fila, origen });
    const marca = fila.marca !== null && marcas.includes(fila.marca) ? fila.marca : null;
    return { ...fila, origen, marca, producto: null };
  });
}

/**
 * The rows of 'Cotizar de nuevo' (`?repetir=`, docs/producto.md §16): one per line whose product
 * the catalogue still offers, with its category, origin and brand; the quantity as /cotizar takes
 * it (a whole number up to 9999: a line of 12.5 kg asks for 13). `faltan`: the products no longer
 * offered, left out, to be named.
 */
export function filasDeRepetir(catalogo: ConsolidatedData, lineas: readonly LineaRepetir[]): { filas: FilaCotizacion[]; faltan: number[] } {
  const filas: FilaCotizacion[] = [];
  const faltan: number[] = [];
  for (const linea of lineas) {
    const producto = catalogo.productos.find((p) => p.id === linea.producto);
    if (!producto) faltan.push(linea.producto);
    else if (filas.length < MAX_FILAS_COTIZACION) {
      const cantidad = String(Math.min(CANTIDAD_MAXIMA, Math.max(1, cantidadACotizar(linea.cantidad))));
      filas.push({ ...cambiarCampo(catalogo, nuevaFila(), 'producto', String(producto.id)), cantidad });
    }
  }
  return { filas: filas.length > 0 ? filas : [nuevaFila()], faltan };
}

/** The notice naming what 'Cotizar de nuevo' left out; a product whose name the link did not carry (an e-mail's) by its number. */
export function avisoNoSeVenden(faltan: readonly number[], nombres: Readonly<Record<number, string>> = {}): string | null {
  if (faltan.length === 0) return null;
  const nombrados = faltan.map((id) => nombres[id] ?? `el producto N° ${id}`).join(', ');
  return faltan.length === 1
    ? `Este producto ya no se vende y no se agregó: ${nombrados}.`
    : `Estos productos ya no se venden y no se agregaron: ${nombrados}.`;
}

export interface ValidacionFilas {
  /** Messages per row key and field, worded as docs/producto.md §5 with the row's number. */
  errores: Record<string, Partial<Record<CampoFila, string>>>;
  /** The message that belongs to no row. */
  general: string | null;
  /** What Continuar sends: the complete rows, in order. */
  productos: { producto: number; cantidad: number }[];
}

/**
 * docs/producto.md §5 Quotation, checked on Continuar with the shared rules (minimums only when the price ranges
 * loaded, written in the chosen product's unit: 'cajas' for a product sold by the box).
 */
export function validarFilas(
  filas: readonly FilaCotizacion[],
  minimos: ReadonlyMap<number, number> | undefined,
  unidadDe: (fila: FilaCotizacion) => string | undefined = () => undefined,
): ValidacionFilas {
  const resultado: ValidacionFilas = { errores: {}, general: null, productos: [] };
  if (filas.length === 0) return { ...resultado, general: SIN_PRODUCTOS };
  filas.forEach((fila, i) => {
    const minimo = fila.categoria === null ? undefined : minimos?.get(fila.categoria);
    const errores: Partial<Record<CampoFila, string>> = {};
    // Without a category the other pickers are still closed: the category is what the row lacks.
    const campos = fila.categoria === null ? (['categoria', 'cantidad'] as const) : CAMPOS_FILA;
    // The first problem of each field is the one shown under it.
    for (const { campo, mensaje } of erroresFila(fila, i + 1, { campos, minimo, unidad: unidadDe(fila) })) errores[campo] ??= mensaje;
    if (Object.keys(errores).length > 0) resultado.errores[fila.key] = errores;
    else resultado.productos.push({ producto: fila.producto!, cantidad: Number(fila.cantidad) });
  });
  if (resultado.productos.length === 0) resultado.general = SIN_FILA_COMPLETA;
  return resultado;
}
