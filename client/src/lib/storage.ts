import type { z } from 'zod';

// Every browser-storage key the app uses, in one place (SPEC §3 "Login state", histories).
// Storage is user-editable: every read goes through a schema, and an entry that fails it is
// dropped, so a tampered or stale value reads as "nothing stored" instead of crashing a screen.
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
  /** Session storage: the copy of the address being edited (SPEC §2 Add and edit address). */
  direccionEditar: 'direccionEditar',
  /** Session storage, the quotation flow (SPEC §4 Quotation flow): the rows, the saved request, its delivery data, the comparison. */
  filasCotizacion: 'filasCotizacion',
  solicitud: 'solicitud',
  cotizante: 'cotizante',
  cotizacion: 'cotizacion',
  /** Local storage: the buyer's quotation history (SPEC §3). */
  historialCotizaciones: 'historialCotizaciones',
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

/** A stored JSON value read through its zod schema (the screens that use one bring zod with them). */
export function storedJson<T>(area: 'local' | 'session', key: string, schema: z.ZodType<T>): StoredJson<T> {
  const storage = () => (area === 'local' ? localStorage : sessionStorage);
  return {
    get() {
      let raw: string | null;
      try {
        raw = storage().getItem(key);
      } catch {
        return null;
      }
      if (raw === null) return null;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        value = undefined;
      }
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      drop(storage(), key);
      return null;
    },
    set(value) {
      try {
        storage().setItem(key, JSON.stringify(value));
      } catch {
        // Storage disabled or full: the value is not kept, and the screen goes on without it.
      }
    },
    remove() {
      drop(storage(), key);
    },
  };
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
