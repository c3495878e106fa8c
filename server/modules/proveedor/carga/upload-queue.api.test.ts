import net from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CARGA_PROPIA_EN_CURSO, CARGAS_OCUPADAS, type FilaCarga } from '#common/schemas/proveedor-carga';
import { usuario } from '#server/db/schema/usuario';
import { ROLES } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { filaExcel, multipartDe, xlsxDe } from '#server/test/carga';
import { createYielder, MAX_ACTIVE_CARGAS, MAX_WAITING_CARGAS, RETRY_AFTER_S } from './upload-queue';
import { cargarExcel } from './carga.service';
import { RITMO_SUBIDA, SUBIDA_DETENIDA } from './carga.routes';

/**
 * One supplier must not stall everyone. The process works on a few uploads at
 * once, one per supplier at a time, and answers 429 beyond its queue; the request thread gives the
 * loop back while it reads and matches rows.
 */
const ctx = setupTestApp({ roleTokens: true });

const idDe = async (email: string) => (await ctx.t.database.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, email)))[0]!.id;
const subir = (token: string | undefined, archivo: Buffer) =>
  ctx.t.request({ method: 'POST', url: '/api/productos/cargar-excel/', token, ...multipartDe(archivo) });
const archivoDe = (filas: number) =>
  xlsxDe(Array.from({ length: filas }, (_, i) => filaExcel({ sku: `T-${i}`, nombre: `Mermelada de murta ${i % 50}`, categoria: 'SECOS' })));

describe('the uploads’ queue', () => {
  it('full: 429 with a Spanish detail and Retry-After; once places are given back, the next one is taken', async () => {
    const archivo = await archivoDe(3);
    // Other suppliers' uploads (ids no one has) hold every place.
    const slots = Array.from({ length: MAX_ACTIVE_CARGAS + MAX_WAITING_CARGAS }, (_, i) => ctx.t.app.uploads.reserve(-1 - i));
    try {
      const res = await subir(ctx.tokens.proveedor, archivo);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ detail: CARGAS_OCUPADAS });
      expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_S));
    } finally {
      for (const l of slots) l.release();
    }
    expect((await subir(ctx.tokens.proveedor, archivo)).statusCode).toBe(200);
    expect(ctx.t.app.uploads.size()).toEqual({ active: 0, waiting: 0 });
  });

  it('a supplier with an upload worked on and one waiting: its third is 429, another supplier’s waits its turn and is answered', async () => {
    const archivo = await archivoDe(3);
    const id = await idDe(ROLES.proveedor);
    const slots = [ctx.t.app.uploads.reserve(id), ctx.t.app.uploads.reserve(id)];
    let otra: ReturnType<typeof subir> | undefined;
    try {
      const res = await subir(ctx.tokens.proveedor, archivo);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ detail: CARGA_PROPIA_EN_CURSO });
      // Queued behind the place being worked on (MAX_ACTIVE_CARGAS), not refused.
      otra = subir(ctx.tokens.otroProveedor, archivo);
      // It reaches the queue once its body is read: wait for that, however loaded the machine is.
      await vi.waitFor(() => expect(ctx.t.app.uploads.size().waiting).toBe(2), { timeout: 10_000 });
    } finally {
      for (const l of slots) l.release();
    }
    expect((await otra)?.statusCode).toBe(200);
    expect(ctx.t.app.uploads.size()).toEqual({ active: 0, waiting: 0 });
  });

  it('three real uploads of one supplier at once: two are answered 200 one after the other, the third 429; a refused file gives its place back', async () => {
    const archivo = await archivoDe(3000);
    const respuestas = await Promise.all([1, 2, 3].map(() => subir(ctx.tokens.proveedor, archivo)));
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 200, 429]);
    expect(ctx.t.app.uploads.size()).toEqual({ active: 0, waiting: 0 });
    const noEsExcel = await ctx.t.request({
      method: 'POST',
      url: '/api/productos/cargar-excel/',
      token: ctx.tokens.proveedor,
      ...multipartDe(Buffer.from('hola'), 'a.xlsx'),
    });
    expect(noEsExcel.statusCode).toBe(400);
    expect(ctx.t.app.uploads.size()).toEqual({ active: 0, waiting: 0 });
  });
});

/**
 * An upload sent by hand over a socket: the headers and the start of a 5 MB file at once, then
 * `goteo` (one byte every 2 s) or nothing more. Resolves with what the server wrote before the
 * connection closed.
 */
function subidaLenta(port: number, token: string, goteo: boolean): Promise<{ status: number; body: string }> {
  const { payload, headers } = multipartDe(Buffer.alloc(5 * 1024 * 1024 - 1024, 1), 'lenta.xlsx');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let recibido = '';
    let gotas: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(
        `POST /api/productos/cargar-excel/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: JWT ${token}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, 300));
      let enviados = 300;
      if (goteo) gotas = setInterval(() => socket.write(payload.subarray(enviados, ++enviados)), 2_000);
    });
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      recibido += chunk;
    });
    // The server may close while a drop is on its way: what it wrote before is the answer.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(gotas);
      const status = Number(recibido.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
      if (status === 0) reject(new Error(`sin respuesta: ${JSON.stringify(recibido)}`));
      else resolve({ status, body: recibido.slice(recibido.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('a slow upload body (docs/decisions/012, "Cuerpos lentos")', () => {
  it('one supplier stalls two uploads: both are dropped with a Spanish 408, and meanwhile another supplier’s upload is answered at once, the queue empty', async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.t.app.server.address() as net.AddressInfo;
    // The attack that held the queue: one body that stops, one sent a byte every 2 s.
    const lentas = [subidaLenta(port, ctx.tokens.proveedor!, false), subidaLenta(port, ctx.tokens.proveedor!, true)];
    await new Promise((r) => setTimeout(r, 500));
    expect(ctx.t.app.uploads.size()).toEqual({ active: 0, waiting: 0 });

    const otra = await subir(ctx.tokens.otroProveedor, await archivoDe(3));
    expect(otra.statusCode, otra.body).toBe(200);

    // No timing asserted: each is dropped once RITMO_SUBIDA says so (10 s here), whatever the machine.
    expect(RITMO_SUBIDA.idleMs).toBeLessThanOrEqual(10_000);
    for (const lenta of await Promise.all(lentas)) {
      expect(lenta.status).toBe(408);
      expect(JSON.parse(lenta.body)).toEqual({ detail: SUBIDA_DETENIDA });
    }
    expect(ctx.t.app.uploads.size()).toEqual({ active: 0, waiting: 0 });
    // Nothing of the dropped uploads is held against their supplier.
    expect((await subir(ctx.tokens.proveedor, await archivoDe(3))).statusCode).toBe(200);
  }, 90_000);
});

describe('the request thread in slices', () => {
  it('reading and matching 5,000 rows gives the loop back again and again, and the answer is the same', async () => {
    const archivo = await archivoDe(5000);
    const id = await idDe(ROLES.proveedor);
    const opciones = { timeoutMs: 30_000, now: new Date() };
    const real = createYielder(0);
    let cesiones = 0;
    const yielder = {
      due: real.due,
      yieldNow: () => {
        cesiones++;
        return real.yieldNow();
      },
    };
    const porPartes = await cargarExcel(ctx.t.database.db, id, archivo, { ...opciones, yielder });
    // Every row read and matched after the loop was given back (FILAS_POR_SLICE rows a slice at most).
    expect(cesiones).toBeGreaterThan(5000);
    const deUnaVez = await cargarExcel(ctx.t.database.db, id, archivo, { ...opciones, yielder: { due: () => false, yieldNow: async () => {} } });
    expect(porPartes).toEqual(deUnaVez);
    expect(porPartes.productos_nuevos_exclusivos.map((f: FilaCarga) => f.sku).slice(0, 2)).toEqual(['T-0', 'T-1']);
  });
});
