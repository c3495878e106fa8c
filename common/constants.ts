// Business constants of SPEC.md §9, shared by server and client.

export const CATEGORIAS = ['AVES', 'CARNE BOVINA', 'CERDO', 'LACTEO', 'LIQUIDOS GRASOS', 'POLLO', 'SECOS', 'VEGETALES'] as const;
export const FORMATOS = ['AL VACIO', 'BLOCK', 'BOLSA', 'CAJA', 'IQF', 'IWP', 'LAYERPACK', 'LP'] as const;
export const UNIDADES = ['CAJA', 'KILO'] as const;

/** Volume tiers, in kg, each priced from its lower limit on. */
export const LIMITES_RANGO_KG = [100, 300, 700, 1000, 1500] as const;
export const nombreRango = (limiteKg: number) => `Desde ${limiteKg} kg`;

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
