// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';
import { tokens } from './storage';

const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.viejo';
const NUEVO = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.nuevo';
const REFRESH = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.refresh';

/** A stand-in for the browser's XMLHttpRequest: each send answers with the next scripted reply. */
class FakeXhr {
  static replies: { status: number; body: string }[] = [];
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const reply = FakeXhr.replies.shift();
    queueMicrotask(() => {
      if (!reply) return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = reply.status;
      this.responseText = reply.body;
      this.onload?.();
    });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  FakeXhr.replies = [];
  FakeXhr.sent = [];
});

const form = () => {
  const data = new FormData();
  data.append('archivo', new File(['x'], 'stock.xlsx'));
  return data;
};

describe('api with FormData', () => {
  it('posts through XMLHttpRequest with the Authorization header, reports progress and parses the answer', async () => {
    tokens.set({ access: ACCESS, refresh: REFRESH });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.replies.push({ status: 200, body: JSON.stringify({ errores: [] }) });
    const progress: number[] = [];
    const body = form();
    const result = await api('/api/productos/cargar-excel/', { method: 'POST', body, auth: true, onUploadProgress: (f) => progress.push(f) });
    expect(result).toEqual({ errores: [] });
    expect(progress).toEqual([0.5, 1]);
    const [xhr] = FakeXhr.sent;
    expect(xhr!.method).toBe('POST');
    expect(xhr!.headers.authorization).toBe(`JWT ${ACCESS}`);
    // The browser writes the multipart boundary itself.
    expect(xhr!.headers['content-type']).toBeUndefined();
    expect(xhr!.body).toBe(body);
  });

  it('refreshes the access token silently on a 401 and sends the upload again with the new one', async () => {
    tokens.set({ access: ACCESS, refresh: REFRESH });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ access: NUEVO }), { status: 200 })),
    );
    FakeXhr.replies.push({ status: 401, body: JSON.stringify({ detail: 'El token expiró.' }) }, { status: 200, body: '{}' });
    await api('/api/productos/cargar-excel/', { method: 'POST', body: form(), auth: true });
    expect(FakeXhr.sent.map((x) => x.headers.authorization)).toEqual([`JWT ${ACCESS}`, `JWT ${NUEVO}`]);
  });

  it('throws ApiError with the body on a non-2xx, and a TypeError when the network fails', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.replies.push({ status: 404, body: '<html>Not Found</html>' });
    const error = (await api('/api/productos/cargar-excel/', { method: 'POST', body: form() }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.data).toBeNull();
    await expect(api('/x/', { method: 'POST', body: form() })).rejects.toBeInstanceOf(TypeError);
  });
});
