import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '#server/route-registry';
import { setupTestApp } from '#server/test/test-app';
import { registerCatalogoSync } from './catalogo-sync';

const ctx = setupTestApp();

describe('the catalogue sync after a write (docs/decisions/010)', () => {
  it('waits for the sync before a 2xx of a route that declares cambiaCatalogo leaves; not after a 4xx, a 5xx or another route', async () => {
    const app = Fastify();
    const llamadas: string[] = [];
    registerCatalogoSync(app, {
      // Slow on purpose: the answer must not leave before it ends.
      sync: () => new Promise((resolve) => setTimeout(() => resolve(void llamadas.push('sync')), 50)),
    });
    const config = { cambiaCatalogo: true };
    app.post('/crea', { config }, (_, reply) => reply.status(201).send({ ok: true }));
    app.delete('/borra', { config }, (_, reply) => reply.status(204).send());
    app.post('/rechaza', { config }, (_, reply) => reply.status(400).send({ detail: 'no' }));
    app.post('/falla', { config }, () => {
      throw new Error('falla');
    });
    app.post('/otra', (_, reply) => reply.status(201).send({ ok: true }));

    for (const [method, url, status, sync] of [
      ['POST', '/crea', 201, true],
      ['DELETE', '/borra', 204, true],
      ['POST', '/rechaza', 400, false],
      ['POST', '/falla', 500, false],
      ['POST', '/otra', 201, false],
    ] as const) {
      llamadas.length = 0;
      const res = await app.inject({ method, url });
      llamadas.push('respuesta');
      expect(res.statusCode, url).toBe(status);
      expect(llamadas, url).toEqual(sync ? ['sync', 'respuesta'] : ['respuesta']);
    }
    await app.close();
  });

  it('is declared by every route that writes offers, stock, prices, moderation or a supplier’s terms or company, and by no other', () => {
    const declaradas = registeredRoutes(ctx.t.app)
      .filter((r) => r.cambiaCatalogo)
      .map((r) => `${r.method} ${r.url}`);
    expect(declaradas.sort()).toEqual(
      [
        'DELETE /api/productos/proveedoresproductos/:id/',
        'DELETE /api/productos/proveedoresproductos/:id/lotes/:loteId/',
        'PATCH /api/productos/proveedoresproductos/:id/',
        'POST /api/productos/proveedoresproductos/:id/lotes/',
        'POST /api/facturacion/crear-orden/',
        'POST /api/ordenes/confirmar/',
        'POST /api/pedidos/:id/estado/',
        'POST /api/productos/moderar-producto/',
        'POST /api/productos/registrar-nuevos/',
        'PUT /api/productos/actualizar-precios/',
        'PUT /api/proveedor/condiciones/',
        'PUT /api/proveedor/empresa/',
      ].sort(),
    );
  });
});
