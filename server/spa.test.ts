// The built SPA as the server sends it: precompressed copies chosen by Accept-Encoding, cache
// headers, and the history fallback. First on a folder of fixture files, then on a real build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../scripts/client-build';
import { IMMUTABLE, registerSpa } from './spa';

const HTML = `<!doctype html><html lang="es-CL"><head><title>Abastece</title></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(40)}</body></html>`;
const JS = `export const saludo = ${JSON.stringify('Hola, Abastece. '.repeat(500))};\n`;
const TINY = 'x';

async function serve(dir: string): Promise<FastifyInstance> {
  const app = Fastify();
  await registerSpa(app, dir);
  await app.ready();
  return app;
}

const get = (app: FastifyInstance, url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('SPA en una carpeta de prueba', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-spa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), HTML);
    fs.writeFileSync(path.join(dir, 'assets', 'app-3f2a1b.js'), JS);
    fs.writeFileSync(path.join(dir, 'assets', 'tiny-9c8d7e.js'), TINY);
    precompressDir(dir);
    app = await serve(dir);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies only where they are smaller', () => {
    expect(fs.existsSync(path.join(dir, 'assets', 'app-3f2a1b.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets', 'app-3f2a1b.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny-9c8d7e.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny-9c8d7e.js.gz'))).toBe(false);
  });

  it('sends brotli when the browser accepts it', async () => {
    const res = await get(app, '/assets/app-3f2a1b.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(Number(res.headers['content-length'])).toBeLessThan(JS.length / 10);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends gzip when only gzip is accepted', async () => {
    const res = await get(app, '/assets/app-3f2a1b.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends the file as it is when nothing, or nothing it has, is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get(app, '/assets/app-3f2a1b.js', acceptEncoding);
      expect(res.statusCode, String(acceptEncoding)).toBe(200);
      expect(res.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(res.body).toBe(JS);
    }
  });

  it('sends a file too small to compress as it is, even to a browser that accepts brotli', async () => {
    const res = await get(app, '/assets/tiny-9c8d7e.js', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(TINY);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('caches hashed assets for a year, in every encoding, keyed on Accept-Encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const res = await get(app, '/assets/app-3f2a1b.js', acceptEncoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('makes the browser revalidate index.html, compressed too', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(app, url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML);
    }
  });

  it('answers every other page with index.html (history fallback), compressed and revalidated', async () => {
    for (const url of ['/mi-cuenta', '/direcciones-editar?id=3', '/password/reset/confirm/MQ/abc-123']) {
      const gz = await get(app, url, 'gzip');
      expect(gz.statusCode, url).toBe(200);
      expect(gz.headers['content-type'], url).toMatch(/^text\/html/);
      expect(gz.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.gunzipSync(gz.rawPayload).toString(), url).toBe(HTML);
      const plain = await get(app, url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(HTML);
    }
  });

  it('answers 404 to a file the build did not make, never the HTML (/assets/nonexistent.js was 200)', async () => {
    for (const url of ['/assets/nonexistent.js', '/assets/viejo-abc123.css', '/favicon-viejo.png', '/robots.txt']) {
      const res = await get(app, url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('keeps a JSON 404 under /api and /auth', async () => {
    for (const url of ['/api/no-existe/', '/auth/no-existe/']) {
      const res = await get(app, url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'No encontrado.' });
    }
  });
});

describe('SPA del build de producción', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-build-'));
    await build({ configFile: path.resolve('vite.config.ts'), configLoader: 'runner', logLevel: 'silent', build: { outDir: dir, emptyOutDir: true } });
    app = await serve(dir);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has a brotli and a gzip copy of every script and stylesheet it links', async () => {
    const html = zlib.brotliDecompressSync((await get(app, '/', 'br')).rawPayload).toString();
    const linked = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(linked.length).toBeGreaterThanOrEqual(3);
    for (const url of linked) {
      for (const [acceptEncoding, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
      ]) {
        const res = await get(app, url, acceptEncoding);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
      }
    }
  });

  /** The preload script's table: per landing path, [its JS chunks, its stylesheets]. */
  function preloads(): { html: string; table: Record<string, [string[], string[]]> } {
    const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script type="module" crossorigin src="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    const preload = fs.readFileSync(path.join(dir, scripts[0]!), 'utf8');
    return { html, table: JSON.parse(preload.match(/\((\{.*?\})\)/)![1]!) };
  }

  it('preloads, before the main bundle, the chunks and stylesheets of the landing page being opened', async () => {
    const { html, table } = preloads();
    expect(Object.keys(table).sort()).toEqual(['/', '/cotizar', '/login', '/signup']);
    expect(table['/']![0][0]).toMatch(/^\/assets\/home-page-/);
    expect(table['/login']![0][0]).toMatch(/^\/assets\/login-page-/);
    expect(table['/signup']![0][0]).toMatch(/^\/assets\/signup-page-/);
    expect(table['/cotizar']![0][0]).toMatch(/^\/assets\/cotizar-page-/);
    // The forms' styles come with their code, not a round trip after it.
    expect(table['/login']![1].some((href) => href.endsWith('.css'))).toBe(true);
    for (const href of Object.values(table).flat(2)) {
      expect(fs.existsSync(path.join(dir, href)), href).toBe(true);
      // Never what the HTML already loads.
      expect(html, href).not.toContain(href);
    }
  });

  it("paints /cotizar's heading without zod, libphonenumber or the table's code: they load after it (docs/decisions/019)", () => {
    const [js, css] = preloads().table['/cotizar']!;
    const code = js.map((href) => fs.readFileSync(path.join(dir, href), 'utf8')).join('\n');
    // zod names its classes with strings ($constructor('ZodObject', …)) and libphonenumber its errors: both survive minifying.
    expect(code).not.toContain('ZodObject');
    expect(code).not.toContain('libphonenumber');
    expect(code).not.toContain('Productos a cotizar');
    // Its only stylesheet is its own few lines (the footer waits hidden while the table loads).
    expect(css).toHaveLength(1);
    expect(fs.statSync(path.join(dir, css[0]!)).size).toBeLessThan(500);
    // What the page adds to the main bundle before its first paint: about 1 KB compressed today.
    expect(code.length).toBeLessThan(5_000);
  });
});
