// Every browser-storage key the app uses, in one place (SPEC §3 "Login state", histories).
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
} as const;

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
