import { limiteDeRango, nombreRango } from '#common/constants';
import type { ProductoEncontrado } from '#common/schemas/catalogo';
import { errorFechaVencimiento, type FilaCarga, NOMBRES_RANGO, validateFila } from '#common/schemas/proveedor-carga';
import { loteNuevoSchema } from '#common/schemas/proveedor-lote';
import { leerPesos, pesosComoTexto } from '#common/numeros';

/**
 * 'Agregar producto' (docs/producto.md §17) as one row of the Excel upload (docs/decisions/008, un
 * producto o un lote a mano): the form's text becomes the row registrar-nuevos takes, checked by
 * the upload's row rule (validateFila) and the lot's (loteNuevoSchema) before it is sent, and each
 * message, the browser's or the server's, goes under the field it is about. Pure.
 */

export interface ValoresProducto {
  /** A new product's name (a catalogue product's is its own). */
  nombre: string;
  sku: string;
  precio: string;
  /** Tier prices by the API's tier key ('Desde 100 kg'), '' when not priced. */
  rangos: Record<string, string>;
  cantidad: string;
  fecha_expiracion: string;
  // A new product only: what the upload's exclusive row asks.
  categoria: string;
  unidad: string;
  formato: string;
  marca: string;
  origen: string;
}

export const VALORES_VACIOS: ValoresProducto = {
  nombre: '',
  sku: '',
  precio: '',
  rangos: Object.fromEntries(NOMBRES_RANGO.map((r) => [r, ''])),
  cantidad: '',
  fecha_expiracion: '',
  categoria: '',
  unidad: '',
  formato: '',
  marca: '',
  origen: '',
};

/** A field of the form ('rangos.Desde 100 kg' for a tier), or 'producto' for the search box. */
export type CampoProducto = keyof Omit<ValoresProducto, 'rangos'> | `rangos.${string}` | 'producto';

const pesos = (texto: string) => (texto.trim() === '' ? null : leerPesos(pesosComoTexto(texto) as string));
const opcional = (texto: string) => (texto.trim() === '' ? null : texto.trim());
/** The first lot's two fields, each by the lot's own rule (one refused does not hide the other). */
const loteDe = (v: ValoresProducto) => ({
  cantidad: loteNuevoSchema.shape.cantidad.safeParse(v.cantidad),
  fecha: loteNuevoSchema.shape.fecha_expiracion.safeParse(v.fecha_expiracion),
});

/**
 * The registrar-nuevos row: on the catalogue product chosen (`producto`), or a new one (null) with
 * its category, unit, format, brand and origin. Quantities as the lot schema reads them.
 */
export function filaDe(v: ValoresProducto, producto: ProductoEncontrado | null): FilaCarga {
  const { cantidad, fecha } = loteDe(v);
  return {
    id: 2,
    sku: v.sku.trim(),
    nombre: producto ? producto.nombre : v.nombre.trim(),
    precio: pesos(v.precio),
    stock: cantidad.success ? cantidad.data : null,
    fecha_vencimiento: fecha.success ? fecha.data : opcional(v.fecha_expiracion),
    rangos: Object.fromEntries(NOMBRES_RANGO.map((r) => [r, pesos(v.rangos[r] ?? '')])),
    producto: producto?.id ?? null,
    categoria: producto ? null : opcional(v.categoria),
    unidad: producto ? producto.unidad : opcional(v.unidad),
    formato: producto ? null : opcional(v.formato),
    marca: producto ? null : opcional(v.marca),
    origen: producto ? null : opcional(v.origen),
    errores: [],
    producto_asignado: null,
  };
}

/**
 * Which field a message of the upload's rules is about (the unit names a tier as the supplier read
 * it); 'root' for a tier the form has not; undefined when it names none.
 */
export function campoDe(mensaje: string, unidad: string | null): CampoProducto | 'root' | undefined {
  const rango = /^El (?:precio del rango|valor del rango|rango) "([^"]+)"/.exec(mensaje);
  if (rango) {
    const clave = NOMBRES_RANGO.find((r) => r === rango[1] || nombreRango(limiteDeRango(r)!, unidad ?? 'KILO') === rango[1]);
    return clave ? `rangos.${clave}` : 'root';
  }
  const reglas: Array<[RegExp, CampoProducto]> = [
    [/SKU/, 'sku'],
    [/^(El nombre|Nombre)/, 'nombre'],
    [/^El precio/, 'precio'],
    [/^(El stock|La cantidad|Stock)/, 'cantidad'],
    [/^La fecha/, 'fecha_expiracion'],
    [/^La categoría/, 'categoria'],
    [/^La unidad/, 'unidad'],
    [/^El formato/, 'formato'],
    [/^La marca/, 'marca'],
    [/^El origen/, 'origen'],
    [/^El producto asignado/, 'producto'],
  ];
  return reglas.find(([re]) => re.test(mensaje))?.[1];
}

/**
 * Messages by field, the first of each field kept; what is about no field goes under 'root'. A
 * sentence that names no field continues the one before it ('El rango "X" no existe. Usa: …').
 */
export function porCampo(mensajes: readonly string[], unidad: string | null): Partial<Record<CampoProducto | 'root', string>> {
  const out: Partial<Record<CampoProducto | 'root', string>> = {};
  let anterior: CampoProducto | 'root' | undefined;
  for (const m of mensajes) {
    const campo = campoDe(m, unidad);
    if (campo === undefined && anterior !== undefined && out[anterior]) {
      out[anterior] = `${out[anterior]} ${m}`;
      continue;
    }
    anterior = campo ?? 'root';
    out[anterior] ??= m;
  }
  return out;
}

/** A server's motivo is the row's messages joined by spaces ('El SKU no puede estar vacío. La fecha …'): its sentences. */
export const frasesDe = (motivo: string) => motivo.split(/(?<=\.)\s+(?=[A-ZÁÉÍÓÚÑ¿¡])/);

/**
 * What stops the row before it is sent, by field: the lot's rule (a quantity above 0, a date after
 * `hoy` in Chile), the upload's row rule, a SKU the supplier already uses; and for a new product
 * its name. Category, unit, brand and origin of a new product are the server's check, under their fields.
 */
export function erroresDe(v: ValoresProducto, producto: ProductoEncontrado | null, hoy: string, skusPropios: ReadonlySet<string>) {
  const fila = filaDe(v, producto);
  const { cantidad, fecha } = loteDe(v);
  const mensajes = [cantidad, fecha].flatMap((r) => (r.success ? [] : r.error.issues.map((i) => i.message)));
  const futura = fecha.success ? errorFechaVencimiento(fecha.data, hoy) : undefined;
  if (futura) mensajes.push(futura);
  mensajes.push(...validateFila(fila, hoy));
  if (fila.sku && skusPropios.has(fila.sku)) mensajes.push(skuEnUso(fila.sku));
  return porCampo(mensajes, fila.unidad);
}

/** Ours: registrar-nuevos counts a SKU the supplier has on that product as done and changes nothing, so the form says it first. */
export const skuEnUso = (sku: string) => `Ya tienes un producto con el SKU ${sku}; usa otro SKU o agrega un lote a ese producto.`;
