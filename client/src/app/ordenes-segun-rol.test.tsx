// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { SIN_DATOS_FACTURACION } from '../lib/historial-ordenes';
import { type Respuesta, renderAt, stubFetch } from '../test/page-harness';
import { PROVEEDOR, signIn } from '../test/sesion';
import OrdenesSegunRol from './ordenes-segun-rol';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

it('/ordenes for a supplier: the pedidos it received instead, since it places no orders', async () => {
  const respuestas: Record<string, Respuesta> = { 'GET /api/pedidos/?page=1': { status: 200, body: { count: 0, results: [] } } };
  signIn(respuestas, PROVEEDOR);
  const llamadas = stubFetch(respuestas);
  vi.stubGlobal('scrollTo', vi.fn());
  // An order this browser placed: a buyer's page would list it.
  localStorage.setItem('historialOrdenes', JSON.stringify([{ orden_id: 400, fecha: '2026-11-20T10:00:00.000Z', datos_facturacion: SIN_DATOS_FACTURACION }]));
  renderAt('/ordenes', <OrdenesSegunRol />);
  await vi.waitFor(() => expect(llamadas.some((l) => l.url.startsWith('/api/pedidos/'))).toBe(true));
  expect(llamadas.some((l) => l.url.startsWith('/api/ordenes/'))).toBe(false);
  expect(screen.queryByRole('heading', { name: 'Historial de Órdenes de Compra' })).toBeNull();
  expect(screen.queryByRole('heading', { name: /^Orden N°/ })).toBeNull();
});
