// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CotizacionHistorial, HistorialPage as PaginaHistorial, LineaHistorial } from '#common/schemas/historial';
import type { HistorialCotizacion } from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { expectPaginaDos, type Llamada, type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { COMPRADORA, signIn } from '../../../test/sesion';
import { toast } from '../../../ui/toast';
import HistorialPage from './historial-page';

const linea = (l: Partial<LineaHistorial> & Pick<LineaHistorial, 'producto' | 'producto_nombre'>): LineaHistorial => ({
  categoria: 'CARNE BOVINA',
  origen: 'Chile',
  marca: 'Swift',
  unidad: 'KILO',
  cantidad: 100,
  disponible: true,
  ...l,
});
const cotizacion = (c: Partial<CotizacionHistorial> & Pick<CotizacionHistorial, 'cotizacion_id'>): CotizacionHistorial => ({
  fecha: '2026-11-23T13:05:00Z',
  productos: [linea({ producto: 11, producto_nombre: 'Lomo vetado' })],
  orden_id: null,
  ...c,
});
const pagina = (count: number, results: CotizacionHistorial[]): Respuesta => ({ status: 200, body: { count, results } satisfies PaginaHistorial });

const local = (e: Partial<HistorialCotizacion>): HistorialCotizacion => ({
  fecha: '2026-11-20T10:00:00.000Z',
  productos: [{ producto: 31, categoria: 'ABARROTES', origen: 'Chile', marca: 'Tucapel', producto_nombre: 'Arroz grado 1', unidad: 'KILO', cantidad: 280 }],
  ...e,
});
/** This browser's history: what the page must show once, or not at all. */
const LOCAL = [
  // Made without a session: only this browser knows of it.
  local({ cotizacion_id: 400 }),
  // Made by this account: the server lists it.
  local({ cotizacion_id: 802, usuario_id: COMPRADORA.id }),
  // From before the server kept histories (no account recorded), and on the server's page too.
  local({ cotizacion_id: 801 }),
  // Another account's, logged in on this browser before.
  local({ cotizacion_id: 300, usuario_id: 99 }),
  // From before products were kept by id: shown, but it cannot be repeated.
  local({
    cotizacion_id: 200,
    productos: [{ categoria: 'ABARROTES', origen: 'Chile', marca: 'Miraflores', producto_nombre: 'Azúcar', unidad: 'KILO', cantidad: 50 }],
  }),
];

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  respuestas = {
    'GET /api/cotizaciones/historial/?page=1': pagina(2, [
      cotizacion({
        cotizacion_id: 802,
        fecha: '2026-11-24T13:05:00Z',
        productos: [
          linea({ producto: 11, producto_nombre: 'Lomo vetado', cantidad: 80 }),
          linea({ producto: 12, producto_nombre: 'Posta negra', cantidad: 120, disponible: false }),
        ],
      }),
      cotizacion({ cotizacion_id: 801, orden_id: 501 }),
    ]),
    'DELETE /api/cotizaciones/historial/802/': { status: 204, body: null },
  };
  signIn(respuestas, COMPRADORA);
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const renderPage = () =>
  renderAt('/historial', <HistorialPage />, { '/cotizar': 'Cotizar', '/ordenes': 'Historial de Órdenes de Compra', '/ordenes/:id': 'Orden' });
const card = (n: number) => screen.getByRole('heading', { name: `Cotización N° ${n}` }).closest('li')!;
const titulos = () => screen.getAllByRole('heading', { level: 2, name: /^Cotización N°/ }).map((h) => h.textContent);

describe('/historial', () => {
  it("the account's quotations from the server, newest first, then only those this browser made without a session", async () => {
    localStorage.setItem('historialCotizaciones', JSON.stringify(LOCAL));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Mi Historial de Cotizaciones' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Cotización N° 802' });
    expect(titulos()).toEqual(['Cotización N° 802', 'Cotización N° 801', 'Cotización N° 200', 'Cotización N° 400']);
    const seccion = screen.getByRole('region', { name: 'En este navegador, sin sesión' });
    expect(
      within(seccion)
        .getAllByRole('heading', { level: 2, name: /^Cotización/ })
        .map((h) => h.textContent),
    ).toEqual(['Cotización N° 200', 'Cotización N° 400']);

    const tabla = within(card(802)).getByRole('table', { name: 'Productos de la cotización N° 802' });
    for (const texto of ['CARNE BOVINA', 'Chile', 'Swift', 'Lomo vetado', 'KILO', '80']) expect(tabla.textContent).toContain(texto);
    // A product the catalogue no longer offers says so.
    expect(within(tabla).getByText('Posta negra').closest('td')!.textContent).toBe('Posta negra Ya no se vende');
    // The quotation bought links to its order.
    expect(within(card(801)).getByRole('link', { name: 'Ver la orden N° 501' }).getAttribute('href')).toBe('/ordenes/501');
    expect(within(card(802)).queryByRole('link', { name: /Ver la orden/ })).toBeNull();
  });

  it("'Cotizar de nuevo' opens /cotizar with the quotation's products and quantities, named for the notice of those no longer sold", async () => {
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cotizar de nuevo la cotización N° 802' }));
    expect(await screen.findByRole('heading', { name: 'Cotizar' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cotizar');
    expect(router.state.location.search).toBe('?repetir=11-80,12-120');
    expect(router.state.location.state).toEqual({ nombres: { 11: 'Lomo vetado', 12: 'Posta negra' } });
  });

  it('a quotation of this browser without a session repeats too; one kept before products had ids cannot', async () => {
    localStorage.setItem('historialCotizaciones', JSON.stringify(LOCAL));
    const router = renderPage();
    await screen.findByRole('heading', { name: 'Cotización N° 400' });
    expect(within(card(200)).queryByRole('button', { name: /Cotizar de nuevo/ })).toBeNull();
    fireEvent.click(within(card(400)).getByRole('button', { name: 'Cotizar de nuevo la cotización N° 400' }));
    await screen.findByRole('heading', { name: 'Cotizar' });
    expect(router.state.location.search).toBe('?repetir=31-280');
  });

  it("deleting one of the account's asks first, deletes it on the server and says 'Cotización eliminada del historial'", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la cotización N° 802 del historial' }));
    const dialogo = screen.getByRole('dialog', { name: '¿Deseas eliminar esta cotización del historial?' });
    expect(dialogo.textContent).toContain('Se borra de tu historial en todos tus equipos');
    respuestas['GET /api/cotizaciones/historial/?page=1'] = pagina(1, [cotizacion({ cotizacion_id: 801, orden_id: 501 })]);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Eliminar' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Cotización eliminada del historial'));
    expect(llamadas.filter((l) => l.method === 'DELETE').map((l) => l.url)).toEqual(['/api/cotizaciones/historial/802/']);
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Cotización N° 802' })).toBeNull());
  });

  it('a delete the server refuses says why and keeps the quotation', async () => {
    respuestas['DELETE /api/cotizaciones/historial/802/'] = { status: 404, body: { detail: 'Cotización no encontrada.' } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la cotización N° 802 del historial' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Cotización no encontrada.'));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Cotización N° 802' })).toBeTruthy();
  });

  it('deleting one of this browser only touches this browser', async () => {
    localStorage.setItem('historialCotizaciones', JSON.stringify(LOCAL));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la cotización N° 400 del historial' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(toast.success).toHaveBeenCalledWith('Cotización eliminada del historial');
    expect(screen.queryByRole('heading', { name: 'Cotización N° 400' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('historialCotizaciones')!).map((e: HistorialCotizacion) => e.cotizacion_id)).toEqual([802, 801, 300, 200]);
    expect(llamadas.filter((l) => l.method === 'DELETE')).toEqual([]);
  });

  it("with nothing anywhere: 'No hay cotizaciones en tu historial'", async () => {
    respuestas['GET /api/cotizaciones/historial/?page=1'] = pagina(0, []);
    localStorage.setItem('historialCotizaciones', JSON.stringify([local({ cotizacion_id: 300, usuario_id: 99 })]));
    renderPage();
    expect(await screen.findByText('No hay cotizaciones en tu historial')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('pages through the server 20 at a time, keeping the page in the URL', async () => {
    respuestas['GET /api/cotizaciones/historial/?page=1'] = pagina(45, [cotizacion({ cotizacion_id: 802 })]);
    respuestas['GET /api/cotizaciones/historial/?page=2'] = pagina(45, [cotizacion({ cotizacion_id: 770 })]);
    await expectPaginaDos(renderPage(), 'Páginas del historial de cotizaciones', { primera: 'Cotización N° 802', segunda: 'Cotización N° 770' });
  });

  it("when the server's history cannot be read: says so with a retry, and this browser's quotations still show", async () => {
    respuestas['GET /api/cotizaciones/historial/?page=1'] = { status: 500, body: { detail: 'Error interno.' } };
    localStorage.setItem('historialCotizaciones', JSON.stringify(LOCAL));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos cargar tu historial de cotizaciones.');
    expect(titulos()).toEqual(['Cotización N° 200', 'Cotización N° 801', 'Cotización N° 400']);
    respuestas['GET /api/cotizaciones/historial/?page=1'] = pagina(1, [cotizacion({ cotizacion_id: 802 })]);
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('heading', { name: 'Cotización N° 802' });
  });
});
