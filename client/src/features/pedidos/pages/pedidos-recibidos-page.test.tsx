// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conIva } from '#common/iva';
import type { PedidoResumen, PedidosPage } from '#common/schemas/pedidos';
import { type Llamada, type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { LOGIN_TOAST_ID } from '../../../lib/session';
import { toast } from '../../../ui/toast';
import PedidosRecibidosPage from './pedidos-recibidos-page';

const fila = (p: Partial<PedidoResumen> & { id: number }): PedidoResumen => ({
  orden_id: 500 + p.id,
  estado: 'pendiente',
  creado_en: '2026-11-23T13:05:00Z',
  fecha_entrega: '2026-11-30',
  comprador: 'Restorán Ñuñoa',
  comuna_nombre: 'Ñuñoa',
  total: 1_250_000,
  ...conIva(p.total ?? 1_250_000),
  lineas: 3,
  parcial: false,
  reclamo_estado: null,
  factura_numero: null,
  pagado_el: null,
  ...p,
});
const pagina = (count: number, results: PedidoResumen[]): Respuesta => ({ status: 200, body: { count, results } satisfies PedidosPage });

const PRIMERA = pagina(2, [fila({ id: 12 }), fila({ id: 11, estado: 'confirmado', comprador: 'Hotel Pucón', fecha_entrega: null, total: 99_990, lineas: 1 })]);

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  respuestas = { 'GET /api/pedidos/?page=1': PRIMERA };
  llamadas = stubFetch(respuestas);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const esperar = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
const renderPage = () => renderAt('/pedidos-recibidos', <PedidosRecibidosPage />, { '/login': 'Iniciar sesión' });
const pedidas = () => llamadas.filter((l) => l.url.startsWith('/api/pedidos/')).map((l) => l.url);
const filas = () =>
  within(screen.getByRole('table', { name: 'Pedidos recibidos' }))
    .getAllByRole('row')
    .slice(1);

describe('/pedidos-recibidos', () => {
  it("a pedido confirmed for less reads 'Confirmado parcial' in its row", async () => {
    respuestas['GET /api/pedidos/?page=1'] = pagina(2, [fila({ id: 12, estado: 'confirmado', parcial: true }), fila({ id: 11, estado: 'confirmado' })]);
    renderPage();
    await screen.findByRole('table', { name: 'Pedidos recibidos' });
    expect(filas().map((f) => f.querySelector('.estado-pedido')!.textContent)).toEqual(['Confirmado parcial', 'Confirmado']);
  });

  it("lists the supplier's pedidos with their numbers, buyer, delivery, total, state and a link to each", async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Pedidos recibidos' });
    expect(filas()).toHaveLength(2);

    const [primera, segunda] = filas().map((f) => within(f));
    expect(primera!.getByText('12')).toBeTruthy();
    expect(primera!.getByText('512')).toBeTruthy();
    expect(primera!.getByText('Restorán Ñuñoa')).toBeTruthy();
    expect(primera!.getByText('30 de noviembre de 2026')).toBeTruthy();
    // The total with IVA (once on the neto) and the neto under it.
    expect(primera!.getByLabelText('Total del pedido N° 12').textContent).toBe('Total$1.487.500 IVA incl.Neto$1.250.000');
    expect(primera!.getByText('Pendiente')).toBeTruthy();
    expect(primera!.getByRole('link', { name: 'Ver pedido N° 12' }).getAttribute('href')).toBe('/pedidos-recibidos/12');

    expect(segunda!.getByText('Hotel Pucón')).toBeTruthy();
    expect(segunda!.getByText('Sin fecha')).toBeTruthy();
    expect(segunda!.getByText('Confirmado')).toBeTruthy();
    expect(segunda!.getByLabelText('Total del pedido N° 11').textContent).toBe('Total$118.988 IVA incl.Neto$99.990');
    expect(screen.getByText('2 pedidos en total.')).toBeTruthy();
    // Everything fits on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Páginas de pedidos' })).toBeNull();
  });

  it("a row with a claim says where it stands beside the state ('Reclamo abierto')", async () => {
    respuestas['GET /api/pedidos/?page=1'] = pagina(2, [
      fila({ id: 12, estado: 'entregado', reclamo_estado: 'abierto' }),
      fila({ id: 11, estado: 'entregado', reclamo_estado: 'aceptado' }),
    ]);
    renderPage();
    await screen.findByRole('table', { name: 'Pedidos recibidos' });
    const [primera, segunda] = filas().map((f) => within(f));
    expect(primera!.getByText('Reclamo abierto')).toBeTruthy();
    expect(segunda!.getByText('Reclamo aceptado')).toBeTruthy();
  });

  it('asks the server for the chosen state, from page 1, and keeps it in the URL', async () => {
    respuestas['GET /api/pedidos/?page=2'] = pagina(45, [fila({ id: 3 })]);
    respuestas['GET /api/pedidos/?page=1&estado=confirmado'] = pagina(1, [fila({ id: 11, estado: 'confirmado', comprador: 'Hotel Pucón' })]);
    const router = renderPage();
    await act(() => router.navigate('/pedidos-recibidos?page=2'));
    await screen.findByText('$1.250.000');

    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'confirmado' } });
    await screen.findByText('Hotel Pucón');
    expect(filas()).toHaveLength(1);
    expect(pedidas()).toContain('/api/pedidos/?page=1&estado=confirmado');
    expect(router.state.location.search).toBe('?estado=confirmado');

    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("filters 'Por facturar' and 'Por cobrar' on the server, keeps the filter in the URL, and shows each row's invoice and payment", async () => {
    respuestas['GET /api/pedidos/?page=1&cobro=por_facturar'] = pagina(1, [fila({ id: 21, estado: 'entregado', comprador: 'Hostal Frutillar' })]);
    respuestas['GET /api/pedidos/?page=1&cobro=por_cobrar'] = pagina(1, [
      fila({ id: 22, estado: 'entregado', comprador: 'Bar Central', factura_numero: 'F-880' }),
    ]);
    respuestas['GET /api/pedidos/?page=1&estado=entregado&cobro=por_cobrar'] = pagina(0, []);
    respuestas['GET /api/pedidos/?page=1&estado=entregado'] = pagina(1, [
      fila({ id: 23, estado: 'entregado', factura_numero: 'F-700', pagado_el: '2026-12-02' }),
    ]);
    const router = renderPage();
    await screen.findByRole('table', { name: 'Pedidos recibidos' });
    // Not yet on its way: nothing to invoice, nothing said.
    expect(within(filas()[0]!).queryByText(/factura/i)).toBeNull();

    fireEvent.change(screen.getByLabelText('Factura y pago'), { target: { value: 'por_facturar' } });
    await screen.findByText('Hostal Frutillar');
    expect(router.state.location.search).toBe('?cobro=por_facturar');
    expect(within(filas()[0]!).getByText('Por facturar')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Factura y pago'), { target: { value: 'por_cobrar' } });
    await screen.findByText('Bar Central');
    expect(router.state.location.search).toBe('?cobro=por_cobrar');
    expect(within(filas()[0]!).getByText(/Factura N° F-880/)).toBeTruthy();
    expect(within(filas()[0]!).getByText('Por cobrar')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'entregado' } });
    await screen.findByText('No hay pedidos que coincidan con la búsqueda.');
    expect(pedidas()).toContain('/api/pedidos/?page=1&estado=entregado&cobro=por_cobrar');
    fireEvent.click(screen.getByRole('button', { name: 'Ver todos los pedidos' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await act(() => router.navigate('/pedidos-recibidos?estado=entregado&cobro=nada'));
    await screen.findByText(/Pagada el 2 de diciembre de 2026/);
    expect((screen.getByLabelText('Factura y pago') as HTMLSelectElement).value).toBe('');
  });

  it('searches after a pause in typing, not at every letter, and keeps the search in the URL', async () => {
    respuestas['GET /api/pedidos/?page=1&q=Hotel'] = pagina(1, [fila({ id: 11, comprador: 'Hotel Pucón' })]);
    const router = renderPage();
    await screen.findByRole('table', { name: 'Pedidos recibidos' });
    const buscar = screen.getByPlaceholderText('Buscar por comprador o número...');

    // Letters 150 ms apart, as someone types: none of them is a pause.
    fireEvent.change(buscar, { target: { value: 'Ho' } });
    await esperar(150);
    fireEvent.change(buscar, { target: { value: 'Hotel ' } });
    await esperar(150);
    expect(pedidas()).toEqual(['/api/pedidos/?page=1']);
    await waitFor(() => expect(filas()).toHaveLength(1));
    expect(pedidas()).toEqual(['/api/pedidos/?page=1', '/api/pedidos/?page=1&q=Hotel']);
    expect(router.state.location.search).toBe('?q=Hotel');
  });

  it('reads the page, state and search from the URL (Back, a reload) and pages on the server, 20 a page', async () => {
    respuestas['GET /api/pedidos/?page=2&estado=pendiente&q=hotel'] = pagina(45, [fila({ id: 30, comprador: 'Hotel Pucón' })]);
    respuestas['GET /api/pedidos/?page=3&estado=pendiente&q=hotel'] = pagina(45, [fila({ id: 5, comprador: 'Hotel Frontera' })]);
    const router = renderPage();
    await act(() => router.navigate('/pedidos-recibidos?estado=pendiente&q=hotel&page=2'));

    await screen.findByText('Hotel Pucón');
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('pendiente');
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('hotel');
    expect(screen.getByText('45 pedidos coinciden con la búsqueda.')).toBeTruthy();
    const paginas = screen.getByRole('navigation', { name: 'Páginas de pedidos' });
    expect(within(paginas).getAllByRole('button', { name: /^Página/ })).toHaveLength(3);
    expect(within(paginas).getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(paginas).getByRole('button', { name: 'Página 3' }));
    await screen.findByText('Hotel Frontera');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');

    // Back returns to page 2, its box and select as they were.
    await act(() => router.navigate(-1));
    await screen.findByText('Hotel Pucón');
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('hotel');
  });

  it('says when the supplier has no pedidos yet, and when none matches the search (with a way back to all)', async () => {
    respuestas['GET /api/pedidos/?page=1'] = pagina(0, []);
    respuestas['GET /api/pedidos/?page=1&estado=anulado'] = pagina(0, []);
    const router = renderPage();
    expect(await screen.findByText('Aún no recibes pedidos.')).toBeTruthy();

    await act(() => router.navigate('/pedidos-recibidos?estado=anulado'));
    expect(await screen.findByText('No hay pedidos que coincidan con la búsqueda.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ver todos los pedidos' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says in Spanish that the list could not be loaded, and tries again', async () => {
    respuestas['GET /api/pedidos/?page=1'] = { status: 500, body: { detail: 'Internal Server Error' } };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('No se pudieron cargar tus pedidos.');

    respuestas['GET /api/pedidos/?page=1'] = PRIMERA;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('table', { name: 'Pedidos recibidos' });
  });

  it("an expired session (401 after the silent refresh) says 'Sesión expirada' and goes to /login", async () => {
    vi.spyOn(toast, 'error');
    respuestas['GET /api/pedidos/?page=1'] = { status: 401, body: { detail: 'Las credenciales de autenticación no se proveyeron.' } };
    renderPage();
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(toast.error).toHaveBeenCalledWith('Sesión expirada', { id: LOGIN_TOAST_ID });
  });
});
