import { AUTH_SCHEME } from '#common/constants';
import { tokens } from './storage';

/** A non-2xx answer; `data` is the server's body ({detail}, {field: [msgs]} or null when it was not JSON). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, or sent as multipart when it is FormData (the Excel upload). */
  body?: unknown;
  /** Sends `Authorization: JWT <access>` (docs/producto.md §6 lists which calls do). */
  auth?: boolean;
  /** Extra headers of one call (the anonymous quotation's X-Clave-Cotizacion). */
  headers?: Record<string, string>;
  /** Upload progress from 0 to 1; only FormData bodies report it (fetch cannot, so these go through XMLHttpRequest). */
  onUploadProgress?(fraction: number): void;
  /** A 2xx answers a file (an .xlsx export), resolved as its Blob; an error still reads as JSON. */
  archivo?: boolean;
}

interface RawResponse {
  status: number;
  text: string;
  /** The file of a 2xx, with `archivo`. */
  blob?: Blob;
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

function headersFor({ body, auth, headers: extra }: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { ...extra, accept: 'application/json' };
  // FormData sets its own multipart content type with the boundary.
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const access = tokens.access();
  if (auth && access) headers.authorization = `${AUTH_SCHEME} ${access}`;
  return headers;
}

async function sendFetch(path: string, options: RequestOptions): Promise<RawResponse> {
  const { method = 'GET', body } = options;
  const res = await fetch(path, {
    method,
    headers: headersFor(options),
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  if (options.archivo && res.ok) return { status: res.status, text: '', blob: await res.blob() };
  return { status: res.status, text: await res.text() };
}

/** XMLHttpRequest only for FormData: it is the one browser API that reports upload progress. */
function sendXhr(path: string, options: RequestOptions & { body: FormData }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    for (const [name, value] of Object.entries(headersFor(options))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onUploadProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    // Same contract as fetch: a network failure is a TypeError, not an ApiError.
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new TypeError('Network request aborted'));
    xhr.send(options.body);
  });
}

const send = (path: string, options: RequestOptions) =>
  options.body instanceof FormData ? sendXhr(path, options as RequestOptions & { body: FormData }) : sendFetch(path, options);

/** A body that is not JSON (a proxy's HTML error page, say) reads as null instead of throwing. */
function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The one HTTP client of the app. Throws ApiError on non-2xx, TypeError when offline. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let res = await send(path, options);
  if (res.status === 401 && options.auth && (await refreshAccess())) res = await send(path, options);
  if (res.blob) return res.blob as T;
  const data = parseBody(res.text);
  if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, data);
  return data as T;
}
