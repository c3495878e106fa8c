// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import type { PedidoDetalle } from '#common/schemas/pedidos';
import { type Llamada, type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { toast } from '../../../ui/toast';
import OrdenPage from './orden-page';
import { evento, ORDEN, PENDIENTE, pedido as pedidoDe, RECHAZADO, SEGUIMIENTO } from '../../../test/pedidos';
import { COMPRADORA, signIn } from '../../../test/sesion';
import SeguimientoPage from './seguimiento-page';

const TOKEN = 'T'.repeat(43);
const ANULADO: PedidoDetalle = {
  ...PENDIENTE,
  estado: 'anulado',
  eventos: [...PENDIENTE.eventos, evento('anulado', '2026-11-23T14:00:00Z', 'Me equivoqué de cantidad')],
};
const CONFIRMADO: PedidoDetalle = {
  ...PENDIENTE,
  estado: 'confirmado',
  eventos: [...PENDIENTE.eventos, evento('confirmado', '2026-11-23T13:30:00Z')],
};
/** Pedido 45 with its 100 kg of lomo confirmed as 80 (docs/decisions/026): charged for 80. */
const PARCIAL: PedidoDetalle = pedidoDe({
  ...CONFIRMADO,
  lineas: [{ ...PENDIENTE.lineas[0]!, cantidad: 100, cantidad_confirmada: 80, subtotal: 1_200_000 }],
  parcial: true,
  eventos: [...PENDIENTE.eventos, evento('confirmado', '2026-11-23T13:30:00Z', 'Confirmado parcial: Lomo vetado 80 de 100 kg')],
});
/** A confirmed partially reads so, with what was ordered and what was confirmed of each line. */
function expectParcial(card: HTMLElement) {
  const c = within(card);
  expect(c.getByText('Confirmado parcial', { selector: '.estado-pedido' })).toBeTruthy();
  const tabla = within(c.getByRole('table', { name: 'Productos del pedido N° 45' }));
  expect(tabla.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'SKU',
    'Producto',
    'Marca',
    'Pedido',
    'Confirmado',
    'Precio unitario',
    'Subtotal',
  ]);
  const fila = [...tabla.getByText('Lomo vetado').closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
  expect(fila.slice(3)).toEqual(['100 kg', '80 kg', formatClp(15_000), formatClp(1_200_000)]);
}

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  respuestas = { 'GET /api/ordenes/501/': { status: 200, body: ORDEN } };
  signIn(respuestas, COMPRADORA);
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The route's pattern first, then the order: the page reads its number from the URL. */
async function renderOrden(id: string) {
  const router = renderAt('/ordenes/:id', <OrdenPage />, { '/ordenes': 'Historial de Órdenes de Compra' });
  await act(() => router.navigate(`/ordenes/${id}`));
  return router;
}
const pedidoCard = (id: number) => screen.getByRole('listitem', { name: new RegExp(`^Pedido N° ${id} `) });
/** A pedido card's sums under its lines: its products, its delivery fee ('sin costo' when free), then its Neto, IVA and Total. */
function expectSumas(id: number, { productos, despacho, total }: { productos: number; despacho: string; total: number }) {
  const card = within(pedidoCard(id));
  expect(card.getByText('Productos:').textContent).toBe(`Productos: ${formatClp(productos)}`);
  expect(card.getByText(/^Despacho:/).textContent).toBe(`Despacho: ${despacho}`);
  const { neto, iva, total_con_iva } = conIva(total);
  expect(card.getByLabelText(`Montos del pedido N° ${id}`).textContent).toBe(
    `Neto${formatClp(neto)}IVA (19 %)${formatClp(iva)}Total${formatClp(total_con_iva)}`,
  );
}
/** The order's head: what stands now, IVA once on its neto. */
const montosOrden = () => screen.getByLabelText('Montos de la orden N° 501').textContent;
const lecturas = () => llamadas.filter((l) => l.method === 'GET' && l.url === '/api/ordenes/501/').length;
const escritas = () => llamadas.filter((l) => l.method !== 'GET' && l.url.startsWith('/api/'));

describe('/ordenes/:id', () => {
  it("shows each pedido's invoice and payment read-only, and a way to print each pedido's purchase order", async () => {
    respuestas['GET /api/ordenes/501/'] = {
      status: 200,
      body: {
        ...ORDEN,
        pedidos: [{ ...PENDIENTE, estado: 'entregado', factura_numero: '123', factura_fecha: '2026-11-30', pagado_el: '2026-12-05' }, RECHAZADO],
      },
    };
    await renderOrden('501');
    await screen.findByText('Factura N° 123 del 30 de noviembre de 2026 · Pagada el 5 de diciembre de 2026');
    expect(within(pedidoCard(46)).queryByText(/Factura N°/)).toBeNull();
    expect(within(pedidoCard(45)).queryByRole('textbox')).toBeNull();
    expect(within(pedidoCard(45)).getByRole('link', { name: 'Imprimir orden de compra N° 501-1' }).getAttribute('href')).toBe('/pedidos/45/orden-de-compra');
    expect(within(pedidoCard(46)).getByRole('link', { name: 'Imprimir orden de compra N° 501-2' }).getAttribute('href')).toBe('/pedidos/46/orden-de-compra');
  });

  it('shows the order: number, date, delivery, billing, total, and a card per pedido with its state, lines and history (a rejection with its reason)', async () => {
    await renderOrden('501');
    expect(await screen.findByRole('heading', { name: 'Orden de compra N° 501' })).toBeTruthy();
    expect(screen.getByText(/Realizada el 23 de noviembre de 2026/)).toBeTruthy();
    // The order's amounts include every standing pedido's delivery fee, and it says how much of it is delivery.
    // Pedido 46 was rejected: the amounts are what stands (19 % of $1.208.990 is $229.708,1), and what it was when placed is said too.
    expect(montosOrden()).toBe('Neto$1.208.990IVA (19 %)$229.708Total$1.438.698');
    expect(screen.getByText(`Incluye ${formatClp(8_990)} de despacho, neto`)).toBeTruthy();
    expect(screen.getByText(/^Al comprar:/).textContent).toBe(
      `Al comprar: ${formatClp(1_558_990)} neto. Sin lo anulado, rechazado, no confirmado o acreditado.`,
    );
    const entrega = screen.getByRole('region', { name: 'Entrega' });
    for (const texto of ['30 de noviembre de 2026', 'Av. Los Carrera 1450', 'Daniela Araya']) expect(entrega.textContent).toContain(texto);
    const facturacion = screen.getByRole('region', { name: 'Facturación' });
    for (const texto of ['12.345.678-5', 'Cocina Los Andes SpA', 'Transferencia bancaria']) expect(facturacion.textContent).toContain(texto);

    const maule = within(pedidoCard(45));
    expect(maule.getByText('Pendiente', { selector: '.estado-pedido' })).toBeTruthy();
    expect(maule.getByRole('table', { name: 'Productos del pedido N° 45' }).textContent).toContain('Lomo vetado');
    expect(maule.getByRole('button', { name: 'Anular el pedido N° 45' })).toBeTruthy();
    // Its lines' sum, its delivery fee and its total with the fee, as the e-mails give them.
    expectSumas(45, { productos: 1_200_000, despacho: formatClp(8_990), total: 1_208_990 });

    const austral = within(pedidoCard(46));
    expect(austral.getByText('Rechazado', { selector: '.estado-pedido' })).toBeTruthy();
    expect(austral.getByRole('list', { name: 'Historial del pedido N° 46' }).textContent).toContain('Motivo: No nos queda arroz grado 1 para esa fecha.');
    // Only a pendiente pedido can be annulled.
    expect(austral.queryByRole('button', { name: /Anular/ })).toBeNull();
    expectSumas(46, { productos: 350_000, despacho: 'sin costo', total: 350_000 });
  });

  it("a pedido confirmed for less reads 'Confirmado parcial', with both quantities and its new total", async () => {
    respuestas['GET /api/ordenes/501/'] = { status: 200, body: { ...ORDEN, pedidos: [PARCIAL, RECHAZADO] } };
    await renderOrden('501');
    await screen.findByRole('heading', { name: 'Orden de compra N° 501' });
    expectParcial(pedidoCard(45));
    expectSumas(45, { productos: 1_200_000, despacho: formatClp(8_990), total: 1_208_990 });
    // A partial confirmation changed the deal: its buyer may still decline it (a whole one it may not).
    expect(within(pedidoCard(45)).getByText('El proveedor confirmó solo una parte: si no te sirve, puedes anularlo mientras no lo despache.')).toBeTruthy();
    expect(within(pedidoCard(45)).getByRole('button', { name: 'Anular el pedido N° 45' })).toBeTruthy();
    // The rejected pedido's lines were never short: one quantity column.
    expect(
      within(within(pedidoCard(46)).getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Cantidad');
  });

  it('an order delivered free of charge says nothing of its delivery in its head; each pedido still says its fee', async () => {
    const sinCosto = { ...PENDIENTE, costo_despacho: 0, total: 1_200_000, ...conIva(1_200_000) };
    respuestas['GET /api/ordenes/501/'] = { status: 200, body: { ...ORDEN, total: 1_550_000, ...conIva(1_200_000), pedidos: [sinCosto, ORDEN.pedidos[1]] } };
    await renderOrden('501');
    await screen.findByRole('heading', { name: 'Orden de compra N° 501' });
    expect(montosOrden()).toBe('Neto$1.200.000IVA (19 %)$228.000Total$1.428.000');
    expect(screen.queryByText(/de despacho/)).toBeNull();
    expectSumas(45, { productos: 1_200_000, despacho: 'sin costo', total: 1_200_000 });
  });

  it("'Anular' asks first, sends the optional reason, says 'Pedido anulado.' and shows the pedido as the server now has it", async () => {
    respuestas['POST /api/pedidos/45/estado/'] = { status: 200, body: ANULADO };
    await renderOrden('501');
    fireEvent.click(await screen.findByRole('button', { name: 'Anular el pedido N° 45' }));
    const dialogo = screen.getByRole('dialog', { name: '¿Deseas anular el pedido N° 45?' });
    // Cancelar sends nothing.
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(escritas()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Anular el pedido N° 45' }));
    fireEvent.change(screen.getByLabelText('Motivo (opcional)'), { target: { value: 'Me equivoqué de cantidad' } });
    respuestas['GET /api/ordenes/501/'] = { status: 200, body: { ...ORDEN, pedidos: [ANULADO, ORDEN.pedidos[1]] } };
    fireEvent.click(screen.getByRole('button', { name: 'Anular pedido' }));

    await within(pedidoCard(45)).findByText('Anulado', { selector: '.estado-pedido' });
    expect(escritas().map((l) => [l.url, l.body])).toEqual([['/api/pedidos/45/estado/', { estado: 'anulado', motivo: 'Me equivoqué de cantidad' }]]);
    expect(toast.success).toHaveBeenCalledWith('Pedido anulado.');
    expect(lecturas()).toBe(2);
    expect(within(pedidoCard(45)).queryByRole('button', { name: /Anular/ })).toBeNull();
  });

  it("a pedido the supplier confirmed meanwhile (409): the server's message, and the order read again without 'Anular'", async () => {
    respuestas['POST /api/pedidos/45/estado/'] = { status: 409, body: { detail: 'El pedido ya fue confirmado.' } };
    await renderOrden('501');
    fireEvent.click(await screen.findByRole('button', { name: 'Anular el pedido N° 45' }));
    respuestas['GET /api/ordenes/501/'] = { status: 200, body: { ...ORDEN, pedidos: [CONFIRMADO, ORDEN.pedidos[1]] } };
    fireEvent.click(screen.getByRole('button', { name: 'Anular pedido' }));

    await within(pedidoCard(45)).findByText('Confirmado', { selector: '.estado-pedido' });
    expect(toast.error).toHaveBeenCalledWith('El pedido ya fue confirmado.');
    expect(toast.success).not.toHaveBeenCalled();
    expect(lecturas()).toBe(2);
    expect(screen.queryByRole('button', { name: /Anular/ })).toBeNull();
  });

  it("another buyer's order, or one that does not exist (404), reads 'Orden no encontrada.' with a way back to /ordenes", async () => {
    respuestas['GET /api/ordenes/777/'] = { status: 404, body: { detail: 'Orden no encontrada.' } };
    const router = await renderOrden('777');
    expect(await screen.findByRole('heading', { name: 'Orden no encontrada.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Ver mis órdenes de compra' }));
    expect(router.state.location.pathname).toBe('/ordenes');
  });

  it("'Cotizar de nuevo' opens /cotizar with each product once, its quantities summed and rounded up to a whole number", async () => {
    // One product bought from both suppliers, part of it by the kilo's fraction; a line whose product the catalogue lost.
    const extra = { ...RECHAZADO.lineas[0]!, producto: 11, producto_nombre: 'Lomo vetado', cantidad: 20.5 };
    const perdida = { ...RECHAZADO.lineas[0]!, producto: null, producto_nombre: 'Producto retirado' };
    respuestas['GET /api/ordenes/501/'] = {
      status: 200,
      body: { ...ORDEN, pedidos: [PENDIENTE, { ...RECHAZADO, lineas: [...RECHAZADO.lineas, extra, perdida] }] },
    };
    const router = renderAt('/ordenes/:id', <OrdenPage />, { '/cotizar': 'Cotizar' }, '/ordenes/501');
    fireEvent.click(await screen.findByRole('button', { name: 'Cotizar de nuevo' }));
    expect(await screen.findByRole('heading', { name: 'Cotizar' })).toBeTruthy();
    expect(router.state.location.search).toBe('?repetir=11-101,14-280');
    expect(router.state.location.state).toEqual({ nombres: { 11: 'Lomo vetado', 14: 'Arroz grado 1' } });
  });

  it('a number the server could never have given is not asked for', async () => {
    await renderOrden('abc');
    expect(screen.getByRole('heading', { name: 'Orden no encontrada.' })).toBeTruthy();
    expect(llamadas.some((l) => l.url.startsWith('/api/ordenes/'))).toBe(false);
  });
});

describe('/seguimiento/:token', () => {
  beforeEach(() => {
    // Whoever holds the link: no session.
    localStorage.clear();
    respuestas[`GET /api/seguimiento/${TOKEN}/`] = { status: 200, body: SEGUIMIENTO };
  });

  async function renderSeguimiento(token: string) {
    const router = renderAt('/seguimiento/:token', <SeguimientoPage />);
    await act(() => router.navigate(`/seguimiento/${token}`));
  }

  it("shows each pedido's state first, then its day and comuna, its lines and history, without logging in and without 'Anular'", async () => {
    await renderSeguimiento(TOKEN);
    expect(await screen.findByRole('heading', { name: 'Orden de compra N° 501' })).toBeTruthy();
    for (const [id, estado] of [
      [45, 'Pendiente'],
      [46, 'Rechazado'],
    ] as const) {
      const card = pedidoCard(id);
      expect(card.textContent!.startsWith(estado), card.textContent!).toBe(true);
      expect(within(card).getByLabelText(`Entrega del pedido N° ${id}`).textContent).toBe('Fecha de entrega30 de noviembre de 2026ComunaQuilpué');
    }
    expect(within(pedidoCard(46)).getByText(/No nos queda arroz grado 1/)).toBeTruthy();
    expect(montosOrden()).toBe('Neto$1.208.990IVA (19 %)$229.708Total$1.438.698');
    expect(screen.getByText(`Incluye ${formatClp(8_990)} de despacho, neto`)).toBeTruthy();
    expectSumas(45, { productos: 1_200_000, despacho: formatClp(8_990), total: 1_208_990 });
    expectSumas(46, { productos: 350_000, despacho: 'sin costo', total: 350_000 });
    expect(screen.queryByRole('button', { name: /Anular/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Facturación' })).toBeNull();
    expect(llamadas.find((l) => l.url.startsWith('/api/seguimiento/'))!.headers.authorization).toBeUndefined();
  });

  it("a pedido confirmed for less reads 'Confirmado parcial' there too, with both quantities", async () => {
    const { lineas, parcial, estado, eventos } = PARCIAL;
    respuestas[`GET /api/seguimiento/${TOKEN}/`] = {
      status: 200,
      body: { ...SEGUIMIENTO, pedidos: SEGUIMIENTO.pedidos.map((p) => (p.id === 45 ? { ...p, lineas, parcial, estado, eventos } : p)) },
    };
    await renderSeguimiento(TOKEN);
    await screen.findByRole('heading', { name: 'Orden de compra N° 501' });
    expectParcial(pedidoCard(45));
  });

  it('an unknown link says so in Spanish', async () => {
    await renderSeguimiento('no-existe');
    expect(await screen.findByRole('heading', { name: 'No encontramos esta orden' })).toBeTruthy();
    expect(screen.getByText(/El enlace de seguimiento no es válido/)).toBeTruthy();
  });
});
