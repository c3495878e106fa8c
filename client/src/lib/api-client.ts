import { AUTH_SCHEME } from '../../../common/constants';
import { tokens } from './storage';

/** A non-2xx answer; `data` is the server's JSON body ({detail} or {field: [msgs]}). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(typeof data === 'object' && data && 'detail' in data ? String((data as { detail: unknown }).detail) : `HTTP ${status}`);
  }
  /** The first message of a field, if the server sent one. */
  field(name: string): string | undefined {
    const value = (this.data as Record<string, unknown> | null)?.[name];
    return Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : undefined;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sends `Authorization: JWT <access>` (SPEC §6 lists which calls do). */
  auth?: boolean;
}

let refreshing: Promise<boolean> | undefined;

/** Silent refresh: one refresh at a time, shared by every request that hit a 401 meanwhile. */
function refreshAccess(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh = tokens.refresh();
    if (!refresh) return false;
    const res = await fetch('/auth/jwt/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh }) });
    if (!res.ok) return false;
    tokens.set(await res.json());
    return true;
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function send(path: string, { method = 'GET', body, auth }: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const access = tokens.access();
  if (auth && access) headers.authorization = `${AUTH_SCHEME} ${access}`;
  return fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The one HTTP client of the app. Throws ApiError on non-2xx, TypeError when offline. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let res = await send(path, options);
  if (res.status === 401 && options.auth && (await refreshAccess())) res = await send(path, options);
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}
