// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { diaMesAnio, hoyEnChile } from '#common/fecha';
import { RANGO_INVERTIDO } from '#common/schemas/pedidos';
import { type Respuesta, renderAt, stubFetch } from '../test/page-harness';
import { COMPRADORA, PROVEEDOR, signIn } from '../test/sesion';
import { ExportarExcel } from './exportar-excel';
import { toast } from './toast';

const hoy = hoyEnChile();
const primero = `${hoy.slice(0, 8)}01`;
const url = (de: string, desde: string, hasta: string) => `GET /api/${de}/exportar/?desde=${desde}&hasta=${hasta}`;

let respuestas: Record<string, Respuesta>;
/** The name each saved file took: the link the download clicks. */
let guardados: string[];

beforeEach(() => {
  respuestas = {};
  guardados = [];
  vi.spyOn(toast, 'error');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    guardados.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ExportarExcel', () => {
  it("downloads the supplier's pedidos from the first of this month to today, with the session, under the server's name", async () => {
    respuestas[url('pedidos', primero, hoy)] = { status: 200, body: 'xlsx' };
    signIn(respuestas, PROVEEDOR);
    const llamadas = stubFetch(respuestas);
    renderAt('/pedidos-recibidos', <ExportarExcel de="pedidos" />);
    expect(screen.getByLabelText('Desde')).toHaveProperty('value', diaMesAnio(primero));
    expect(screen.getByLabelText('Hasta')).toHaveProperty('value', diaMesAnio(hoy));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() => expect(guardados).toEqual([`pedidos-${primero}-a-${hoy}.xlsx`]));
    const llamada = llamadas.find((l) => l.url.startsWith('/api/pedidos/exportar/'))!;
    expect(llamada.headers.authorization).toMatch(/^JWT /);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says in a toast why the server refused the buyer's range, and saves nothing", async () => {
    respuestas[url('ordenes', '2026-11-30', hoy)] = { status: 400, body: { hasta: [RANGO_INVERTIDO] } };
    signIn(respuestas, COMPRADORA);
    stubFetch(respuestas);
    renderAt('/ordenes', <ExportarExcel de="ordenes" />);
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '30-11-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(RANGO_INVERTIDO));
    expect(guardados).toEqual([]);
  });
});
