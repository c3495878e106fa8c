import type { z } from 'zod';

// Every browser-storage key the app uses, in one place (docs/producto.md §3 "Login state", histories).
// Storage is user-editable: every read goes through a schema, and an entry that fails it is
// dropped, so a tampered or stale value reads as "nothing stored" instead of crashing a screen.
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
  /** Session storage: the copy of the address being edited (docs/producto.md §2 Add and edit address). */
  direccionEditar: 'direccionEditar',
  /** Session storage, the quotation flow (docs/producto.md §4 Quotation flow): the rows, the saved request, its delivery data, the comparison. */
  filasCotizacion: 'filasCotizacion',
  solicitud: 'solicitud',
  cotizante: 'cotizante',
  cotizacion: 'cotizacion',
  /** Session storage: the buyer's choice on the results screen (swaps, added suppliers), until the order is placed. */
  seleccion: 'seleccion',
  /** Session storage: the buyer's answer to /facturacion's billing question, for that quotation (a reload asked again). */
  facturacionRespuesta: 'facturacionRespuesta',
  /** Session storage: the moderator's staged decisions and typed reasons, until sent (a reload lost them). */
  moderacionStaged: 'moderacionStaged',
  /** Local storage: the buyer's quotation and order histories (docs/producto.md §3). */
  historialCotizaciones: 'historialCotizaciones',
  historialOrdenes: 'historialOrdenes',
  /** Local storage: the clave_activacion of each signup made in this browser, by e-mail, until its link is opened (docs/decisions/003). */
  clavesActivacion: 'clavesActivacion',
} as const;

/** A JWT's shape (three base64url parts); anything else in the token keys is not ours. A regex, not
 * a zod schema: the tokens are read on every load, and zod stays out of the first bundle. */
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** One stored JSON value with its schema: get() returns the parsed value or null, never throws. */
export interface StoredJson<T> {
  get(): T | null;
  set(value: T): void;
  remove(): void;
}

function drop(storage: Storage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // Storage disabled (private mode, a sandboxed iframe): nothing to drop.
  }
}

const areaOf = (area: 'local' | 'session') => (area === 'local' ? localStorage : sessionStorage);

/** The parsed JSON under `key`: undefined when nothing is stored (or storage is disabled), null-safe otherwise. */
function readRaw(area: 'local' | 'session', key: string): { value: unknown } | undefined {
  let raw: string | null;
  try {
    raw = areaOf(area).getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    return { value: JSON.parse(raw) };
  } catch {
    return { value: undefined };
  }
}

function write(area: 'local' | 'session', key: string, value: unknown) {
  try {
    areaOf(area).setItem(key, JSON.stringify(value));
  } catch {
    // Storage disabled or full: the value is not kept, and the screen goes on without it.
  }
}

/** A stored JSON value read through its zod schema (the screens that use one bring zod with them). */
export function storedJson<T>(area: 'local' | 'session', key: string, schema: z.ZodType<T>): StoredJson<T> {
  return {
    get() {
      const raw = readRaw(area, key);
      if (raw === undefined) return null;
      const parsed = schema.safeParse(raw.value);
      if (parsed.success) return parsed.data;
      drop(areaOf(area), key);
      return null;
    },
    set: (value) => write(area, key, value),
    remove: () => drop(areaOf(area), key),
  };
}

/**
 * A stored list read entry by entry (docs/producto.md §2 histories): an entry that fails its schema is
 * skipped, not fatal, and the others still show. Only a value that is not a list at all is
 * dropped. At most the newest `max` entries are kept.
 */
export function storedList<T>(area: 'local' | 'session', key: string, itemSchema: z.ZodType<T>, max: number): StoredJson<T[]> {
  return {
    get() {
      const raw = readRaw(area, key);
      if (raw === undefined) return null;
      if (!Array.isArray(raw.value)) {
        drop(areaOf(area), key);
        return null;
      }
      return raw.value.slice(-max).flatMap((item) => {
        const parsed = itemSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      });
    },
    set: (value) => write(area, key, value.slice(-max)),
    remove: () => drop(areaOf(area), key),
  };
}

/**
 * docs/producto.md §4.6: the session keys of one quotation, from its rows to the buyer's choice on the results.
 * The order's confirmation clears them, and so does 'Nueva cotización' (the rows of an
 * abandoned quotation silently joined the next one).
 */
const FLUJO_COTIZACION = [
  STORAGE_KEYS.filasCotizacion,
  STORAGE_KEYS.solicitud,
  STORAGE_KEYS.cotizante,
  STORAGE_KEYS.cotizacion,
  STORAGE_KEYS.seleccion,
  STORAGE_KEYS.facturacionRespuesta,
];

export function clearFlujoCotizacion() {
  for (const key of FLUJO_COTIZACION) drop(sessionStorage, key);
}

function readToken(key: string): string | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    if (JWT.test(raw)) return raw;
    localStorage.removeItem(key);
  } catch {
    // Storage disabled: no session.
  }
  return null;
}

export const tokens = {
  access: () => readToken(STORAGE_KEYS.access),
  refresh: () => readToken(STORAGE_KEYS.refresh),
  set(t: { access: string; refresh?: string }) {
    localStorage.setItem(STORAGE_KEYS.access, t.access);
    if (t.refresh) localStorage.setItem(STORAGE_KEYS.refresh, t.refresh);
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.access);
    localStorage.removeItem(STORAGE_KEYS.refresh);
  },
};
