// Every browser-storage key the app uses, in one place (SPEC §3 "Login state", histories).
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
  /** Session storage: the copy of the address being edited (SPEC §2 Add and edit address). */
  direccionEditar: 'direccionEditar',
} as const;

/** JSON in session storage; a missing or unreadable value reads as null. */
export const sessionJson = {
  get<T>(key: string): T | null {
    try {
      const raw = sessionStorage.getItem(key);
      return raw ? (JSON.parse(raw) as T) : null;
    } catch {
      return null;
    }
  },
  set(key: string, value: unknown) {
    sessionStorage.setItem(key, JSON.stringify(value));
  },
  remove(key: string) {
    sessionStorage.removeItem(key);
  },
};

export const tokens = {
  access: () => localStorage.getItem(STORAGE_KEYS.access),
  refresh: () => localStorage.getItem(STORAGE_KEYS.refresh),
  set(t: { access: string; refresh?: string }) {
    localStorage.setItem(STORAGE_KEYS.access, t.access);
    if (t.refresh) localStorage.setItem(STORAGE_KEYS.refresh, t.refresh);
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.access);
    localStorage.removeItem(STORAGE_KEYS.refresh);
  },
};
