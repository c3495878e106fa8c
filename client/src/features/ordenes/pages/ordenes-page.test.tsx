// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import type { OrdenResumen, OrdenesPage as PaginaOrdenes } from '#common/schemas/pedidos';
import { type HistorialOrden, SIN_DATOS_FACTURACION } from '../../../lib/historial-ordenes';
import { expectPaginaDos, type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { toast } from '../../../ui/toast';
import { FACTURACION, SIN_FACTURACION } from '../../../test/pedidos';
import { COMPRADORA, signIn } from '../../../test/sesion';
import OrdenesPage from './ordenes-page';

const orden = (o: Partial<OrdenResumen> & Pick<OrdenResumen, 'id'>): OrdenResumen => ({
  creado_en: '2026-11-23T13:05:00Z',
  fecha_entrega: '2026-11-30',
  comuna_nombre: 'Quilpué',
  total: 1_550_000,
  ...conIva(1_550_000),
  facturacion: FACTURACION,
  pedidos: [
    { id: 45, proveedor: 'Carnes del Maule', estado: 'pendiente', total: 1_200_000, parcial: false, reclamo_estado: null, ...conIva(1_200_000) },
    { id: 46, proveedor: 'Distribuidora Austral', estado: 'confirmado', total: 350_000, parcial: false, reclamo_estado: null, ...conIva(350_000) },
  ],
  ...o,
});
const pagina = (count: number, results: OrdenResumen[]): Respuesta => ({ status: 200, body: { count, results } satisfies PaginaOrdenes });

const local = (e: Partial<HistorialOrden> & Pick<HistorialOrden, 'orden_id'>): HistorialOrden => ({
  fecha: '2026-11-20T10:00:00.000Z',
  datos_facturacion: SIN_DATOS_FACTURACION,
  ...e,
});
/** This browser's history: what the page must show once, or not at all. */
const HISTORIAL = [
  // Placed without an account: only this browser knows of it.
  local({ orden_id: 400, seguimiento: 'S'.repeat(43), datos_facturacion: { ...SIN_DATOS_FACTURACION, rut: '11.111.111-1', razon_social: 'Feria Quilpué' } }),
  // Placed by this account: the server lists it.
  local({ orden_id: 502, usuario_id: COMPRADORA.id }),
  // From before pedidos existed (no account recorded), and on the server's page too.
  local({ orden_id: 501 }),
  // Another account's, logged in on this browser before.
  local({ orden_id: 300, usuario_id: 99 }),
];

let respuestas: Record<string, Respuesta>;

beforeEach(() => {
  respuestas = { 'GET /api/ordenes/?page=1': pagina(2, [orden({ id: 502 }), orden({ id: 501, facturacion: SIN_FACTURACION, fecha_entrega: null })]) };
  signIn(respuestas, COMPRADORA);
  stubFetch(respuestas);
  vi.spyOn(toast, 'success');
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const renderPage = () =>
  renderAt('/ordenes', <OrdenesPage />, { '/cotizar': 'Cotizar', '/historial': 'Mi Historial de Cotizaciones', '/login': 'Iniciar sesión' });
const card = (id: number) => screen.getByRole('heading', { name: `Orden N° ${id}` }).closest('li')!;
const titulos = () => screen.getAllByRole('heading', { name: /^Orden N° \d+$/ }).map((h) => h.textContent);

describe('/ordenes, a buyer', () => {
  it("shows its orders from the server with each supplier's pedido and state, then this browser's orders without an account; an order in both is shown once", async () => {
    localStorage.setItem('historialOrdenes', JSON.stringify(HISTORIAL));
    renderPage();
    await screen.findByRole('heading', { name: 'Orden N° 502' });
    expect(screen.getByRole('heading', { name: 'Historial de Órdenes de Compra' })).toBeTruthy();
    expect(screen.getByText(/Hola, Daniela\./)).toBeTruthy();

    // The server's two, newest first, then the one only this browser knows; 300 is another account's.
    expect(titulos()).toEqual(['Orden N° 502', 'Orden N° 501', 'Orden N° 400']);

    const servidor = within(card(502));
    expect(servidor.getByText('23 de noviembre de 2026')).toBeTruthy();
    const pedidos = within(servidor.getByRole('list', { name: 'Pedidos de la orden N° 502' })).getAllByRole('listitem');
    expect(pedidos.map((p) => p.textContent)).toEqual([
      `Pedido N° 45 · Carnes del Maule · ${formatClp(1_428_000)} IVA incl.Pendiente`,
      `Pedido N° 46 · Distribuidora Austral · ${formatClp(416_500)} IVA incl.Confirmado`,
    ]);
    // The order's total with IVA, once on its neto ($1.550.000 → IVA $294.500), and the neto under it.
    expect(servidor.getByLabelText('Total de la orden N° 502').textContent).toBe(`Total${formatClp(1_844_500)} IVA incl.Neto${formatClp(1_550_000)}`);
    // The billing rows, in docs/producto.md's order.
    const filas = servidor.getByLabelText('Datos de facturación de la orden N° 502');
    expect([...filas.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'RUT',
      'Razón social',
      'Giro comercial',
      'Dirección',
      'Teléfono',
      'Región',
      'Comuna',
      'Rubro',
      'Método de pago',
    ]);
    expect(filas.textContent).toContain('12.345.678-5');
    expect(servidor.getByRole('link', { name: 'Ver detalle de la orden N° 502' }).getAttribute('href')).toBe('/ordenes/502');
    // An order on the server is not deleted from here.
    expect(servidor.queryByRole('button', { name: /Eliminar/ })).toBeNull();
    expect(within(card(501)).getByText('Compra sin datos de facturación.')).toBeTruthy();

    const soloAqui = within(card(400));
    expect(soloAqui.getByText('Feria Quilpué')).toBeTruthy();
    expect(soloAqui.getByRole('link', { name: 'Ver seguimiento de la orden N° 400' }).getAttribute('href')).toBe(`/seguimiento/${'S'.repeat(43)}`);
    expect(soloAqui.queryByRole('link', { name: /Ver detalle/ })).toBeNull();
  });

  it("a pedido with a claim says where it stands beside its state ('Reclamo abierto')", async () => {
    const conReclamo = orden({
      id: 502,
      pedidos: [
        { id: 45, proveedor: 'Carnes del Maule', estado: 'entregado', total: 1_200_000, parcial: false, reclamo_estado: 'abierto', ...conIva(1_200_000) },
      ],
    });
    respuestas['GET /api/ordenes/?page=1'] = pagina(1, [conReclamo]);
    renderPage();
    await screen.findByRole('heading', { name: 'Orden N° 502' });
    const [pedido] = within(within(card(502)).getByRole('list', { name: 'Pedidos de la orden N° 502' })).getAllByRole('listitem');
    expect(pedido!.textContent).toBe(`Pedido N° 45 · Carnes del Maule · ${formatClp(conIva(1_200_000).total_con_iva)} IVA incl.EntregadoReclamo abierto`);
  });

  it("a pedido confirmed for less reads 'Confirmado parcial'", async () => {
    const [maule, austral] = orden({ id: 502 }).pedidos;
    respuestas['GET /api/ordenes/?page=1'] = pagina(1, [orden({ id: 502, pedidos: [maule!, { ...austral!, parcial: true }] })]);
    renderPage();
    await screen.findByRole('heading', { name: 'Orden N° 502' });
    const pedidos = within(within(card(502)).getByRole('list', { name: 'Pedidos de la orden N° 502' })).getAllByRole('listitem');
    expect(pedidos.map((p) => p.querySelector('.estado-pedido')!.textContent)).toEqual(['Pendiente', 'Confirmado parcial']);
  });

  it("deleting an order of this browser asks first, says 'Orden eliminada del historial' and keeps every other entry", async () => {
    localStorage.setItem('historialOrdenes', JSON.stringify(HISTORIAL));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la orden N° 400 del historial' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: '¿Deseas eliminar esta orden del historial?' })).getByRole('button', { name: 'Eliminar' }));
    expect(toast.success).toHaveBeenCalledWith('Orden eliminada del historial');
    expect(screen.queryByRole('heading', { name: 'Orden N° 400' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('historialOrdenes')!).map((o: HistorialOrden) => o.orden_id)).toEqual([502, 501, 300]);
  });

  it("with no orders anywhere: 'Crear nueva órden' to /cotizar, the quotation history, and logging out to /login", async () => {
    respuestas['GET /api/ordenes/?page=1'] = pagina(0, []);
    localStorage.setItem('historialOrdenes', JSON.stringify([local({ orden_id: 300, usuario_id: 99 })]));
    const router = renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'Crear nueva órden' }));
    expect(router.state.location.pathname).toBe('/cotizar');
    await router.navigate('/ordenes');
    fireEvent.click(await screen.findByRole('link', { name: 'Ver historial de cotizaciones' }));
    expect(router.state.location.pathname).toBe('/historial');
    await router.navigate('/ordenes');
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('pages through the server 20 at a time, keeping the page in the URL', async () => {
    respuestas['GET /api/ordenes/?page=1'] = pagina(45, [orden({ id: 502 })]);
    respuestas['GET /api/ordenes/?page=2'] = pagina(45, [orden({ id: 470 })]);
    await expectPaginaDos(renderPage(), 'Páginas de órdenes de compra', { primera: 'Orden N° 502', segunda: 'Orden N° 470' });
  });

  it("when the server's orders cannot be read: says so with a retry, and this browser's orders still show", async () => {
    respuestas['GET /api/ordenes/?page=1'] = { status: 500, body: { detail: 'Error interno.' } };
    localStorage.setItem('historialOrdenes', JSON.stringify(HISTORIAL));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos cargar tus órdenes de compra.');
    expect(titulos()).toEqual(['Orden N° 501', 'Orden N° 400']);
    expect(screen.queryByRole('link', { name: 'Crear nueva órden' })).toBeNull();
    respuestas['GET /api/ordenes/?page=1'] = pagina(1, [orden({ id: 502 })]);
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('heading', { name: 'Orden N° 502' });
  });
});
