// Business constants of docs/producto.md §9, shared by server and client.
import { esCaja, formatCantidad } from './format';

export const CATEGORIAS = ['AVES', 'CARNE BOVINA', 'CERDO', 'LACTEO', 'LIQUIDOS GRASOS', 'POLLO', 'SECOS', 'VEGETALES'] as const;
export const FORMATOS = ['AL VACIO', 'BLOCK', 'BOLSA', 'CAJA', 'IQF', 'IWP', 'LAYERPACK', 'LP'] as const;
export const UNIDADES = ['CAJA', 'KILO'] as const;

/** Volume tiers, in the product's unit (kg, or boxes for a product sold by CAJA), each priced from its lower limit on. */
export const LIMITES_RANGO_KG = [100, 300, 700, 1000, 1500] as const;

/**
 * A tier as a person reads it, in the product's unit: 'Desde 100 kg' (docs/producto.md §2's columns), 'Desde
 * 100 cajas'. Without a unit, the kg name: the tier's key in the API and its name in rango_precio
 * (docs/decisions/008, rangos en la unidad del producto).
 */
export const nombreRango = (limite: number, unidad = 'KILO') => `Desde ${formatCantidad(limite, unidad)}`;

/** The lower limit a tier's name states, whichever unit it is written in ('Desde 100 cajas' → 100), or undefined. */
export function limiteDeRango(nombre: string): number | undefined {
  const m = /^desde\s+(\d{1,6})(\s+(kg|kilos?|cajas?|kg o cajas))?$/i.exec(nombre.trim().replace(/\s+/g, ' '));
  return m ? Number(m[1]) : undefined;
}

/** The tier's key (its kg name) for a name in any unit; the name itself when it states no tier. */
export const claveRango = (nombre: string) => {
  const limite = limiteDeRango(nombre);
  return limite === undefined ? nombre : nombreRango(limite);
};

/**
 * The header of a tier column over products of these units: the unit when they share one
 * ('Desde 100 kg', 'Desde 100 cajas'), both when a list mixes them ('Desde 100 kg o cajas').
 */
export function encabezadoRango(limite: number, unidades: Iterable<string | null | undefined>): string {
  let cajas = false;
  let kilos = false;
  for (const u of unidades) {
    if (esCaja(u)) cajas = true;
    else if (u) kilos = true;
  }
  return cajas && kilos ? `Desde ${limite} kg o cajas` : nombreRango(limite, cajas ? 'CAJA' : 'KILO');
}

export const CANTIDAD_MAXIMA = 9999;
export const CANTIDAD_MAX_DIGITOS = 5;
export const MOBILE_MAX_WIDTH = 768;
export const PASSWORD_MIN_LENGTH = 6;
export const TELEFONO_MIN_LENGTH = 8;
export const NOMBRE_MIN_LENGTH = 2;
export const DIRECCION_MIN_LENGTH = 10;
export const EDAD_MINIMA = 18;
export const EDAD_MAXIMA = 120;
export const HORA_CORTE_MISMO_DIA = 12;
export const LOADING_MIN_MS = 6000;
export const LOADING_ROTATION_MS = 2000;
export const SPINNER_DELAY_MS = 300;
export const TOAST_DURATION_MS = 5000;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const UPLOAD_PAGE_SIZE = 10;
export const PROVEEDOR_PAGE_SIZE = 7;
export const PRECIO_MAX_DIGITOS = 10;
export const AUTH_SCHEME = 'JWT';
