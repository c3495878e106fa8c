// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import { type EstadoPedido, HORAS_PARA_RECEPCION, MOTIVO_OBLIGATORIO, type PedidoDetalle } from '#common/schemas/pedidos';
import { type Llamada, type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { LOGIN_TOAST_ID } from '../../../lib/session';
import { toast } from '../../../ui/toast';
import PedidoRecibidoPage from './pedido-recibido-page';
import { evento, linea, lomoVetado, pedidoRecibido, SIN_FACTURACION } from '../../../test/pedidos';
import { ENTREGA } from '../../../ui/datos-entrega.fixtures';

/** Pedido N° 7 as its supplier reads it: 120 kg of Lomo vetado for a buyer in Ñuñoa. */
const pedido = (estado: EstadoPedido, cambios: Partial<PedidoDetalle> = {}): PedidoDetalle =>
  pedidoRecibido({
    estado,
    comprador: 'Restorán Ñuñoa',
    entrega: { ...ENTREGA, direccion_envio: 'Av. Irarrázaval 2401', comuna_nombre: 'Ñuñoa', region_nombre: 'Región Metropolitana de Santiago' },
    facturacion: { ...SIN_FACTURACION, rut_facturacion: '12.345.678-5', razon_social: 'Restorán Ñuñoa SpA', metodo_pago_nombre: 'Transferencia bancaria' },
    lineas: [lomoVetado({ cantidad: 120 })],
    ...cambios,
  });

const ESTADO = 'POST /api/pedidos/7/estado/';
const RECLAMO_ABIERTO: PedidoDetalle['reclamo'] = { estado: 'abierto', monto: 49_950, monto_credito: null, motivo: null, resuelto_en: null };
let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  respuestas = { 'GET /api/pedidos/7/': { status: 200, body: pedido('pendiente') } };
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The harness routes one literal path: the page's own pattern is reached by going to it. */
async function renderPedido(id: string | number = 7) {
  const router = renderAt('/pedidos-recibidos/:id', <PedidoRecibidoPage />, { '/pedidos-recibidos': 'Pedidos Recibidos', '/login': 'Iniciar sesión' });
  await act(() => router.navigate(`/pedidos-recibidos/${id}`));
  return router;
}

const escritas = () => llamadas.filter((l) => l.method === 'POST');
const acciones = () =>
  within(screen.getByRole('region', { name: 'Próximo paso' }))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('/pedidos-recibidos/:id', () => {
  it('shows the pedido: its number and state, order, buyer, lines, delivery, billing and history', async () => {
    await renderPedido();
    const titulo = await screen.findByRole('heading', { level: 1, name: /Pedido N° 7/ });
    expect(within(titulo).getByText('Pendiente')).toBeTruthy();
    // The number of the printed document and the Excel; the day it was placed, not 'Recibido' (which reads as the buyer's receipt).
    const resumen = titulo.closest('.pedido-recibido__pantalla')!.querySelector('dl')!;
    expect(resumen.textContent).toContain('Orden de compraN° 501-1');
    expect(resumen.textContent).toContain('Fecha del pedido23 de noviembre de 2026');
    expect(resumen.textContent).not.toContain('Recibido');
    expect(resumen.textContent).toContain('CompradorRestorán Ñuñoa');
    expect(screen.getAllByText('Restorán Ñuñoa').length).toBeGreaterThan(0);

    const lineas = screen.getByRole('table', { name: 'Productos del pedido N° 7' });
    expect(within(lineas).getByText('Lomo vetado')).toBeTruthy();
    expect(within(lineas).getByText('120 kg')).toBeTruthy();
    expect(screen.getAllByText('$1.800.000').length).toBeGreaterThan(0);

    const entrega = within(screen.getByRole('region', { name: 'Entrega' }));
    expect(entrega.getByText('30 de noviembre de 2026')).toBeTruthy();
    expect(entrega.getByText('Av. Irarrázaval 2401, Ñuñoa, Región Metropolitana de Santiago')).toBeTruthy();
    expect(entrega.getByRole('link', { name: 'daniela@prueba.cl' }).getAttribute('href')).toBe('mailto:daniela@prueba.cl');

    const facturacion = within(screen.getByRole('region', { name: 'Facturación' }));
    expect(facturacion.getByText('12.345.678-5')).toBeTruthy();
    expect(facturacion.getAllByText('No indicado')).toHaveLength(7);

    expect(within(screen.getByRole('list', { name: 'Historial del pedido N° 7' })).getByText('Pendiente')).toBeTruthy();
  });

  it.each([
    [8_990, formatClp(8_990), 1_808_990],
    [0, 'sin costo', 1_800_000],
  ])(
    'under the lines (on screen and on the printed purchase order): the products, the delivery fee %i, then Neto, IVA and Total',
    async (costo, despacho, total) => {
      respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('pendiente', { costo_despacho: costo, total }) };
      await renderPedido();
      // The section the purchase order prints (pedidos-recibidos.css keeps it on paper).
      const productos = within(await screen.findByRole('region', { name: 'Productos' }));
      expect(productos.getByText('Productos:').textContent).toBe(`Productos: ${formatClp(1_800_000)}`);
      expect(productos.getByText(/^Despacho:/).textContent).toBe(`Despacho: ${despacho}`);
      const { neto, iva, total_con_iva } = conIva(total);
      expect(productos.getByLabelText('Montos del pedido N° 7').textContent).toBe(
        `Neto${formatClp(neto)}IVA (19 %)${formatClp(iva)}Total${formatClp(total_con_iva)}`,
      );
    },
  );

  it('says when the purchase came without billing data', async () => {
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('pendiente', { facturacion: SIN_FACTURACION }) };
    await renderPedido();
    const facturacion = within(await screen.findByRole('region', { name: 'Facturación' }));
    expect(facturacion.getByText('Compra sin datos de facturación.')).toBeTruthy();
    expect(facturacion.queryByText('No indicado')).toBeNull();
  });

  it.each<[EstadoPedido, string[]]>([
    ['pendiente', ['Confirmar', 'Confirmar con otras cantidades', 'Rechazar']],
    ['confirmado', ['Marcar como despachado', 'Rechazar']],
    ['despachado', ['Marcar como entregado']],
    ['entregado', []],
    ['rechazado', []],
    ['anulado', []],
  ])('a %s pedido offers its supplier %j', async (estado, botones) => {
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido(estado) };
    await renderPedido();
    await screen.findByRole('heading', { level: 1, name: /Pedido N° 7/ });
    expect(acciones()).toEqual(botones);
  });

  it('confirms after the question: posts the new state, says so, and offers the next move', async () => {
    respuestas[ESTADO] = { status: 200, body: pedido('confirmado') };
    await renderPedido();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));

    const dialogo = screen.getByRole('dialog', { name: 'Confirmar pedido' });
    expect(dialogo.textContent).toContain('¿Confirmas el pedido N° 7?');
    expect(escritas()).toHaveLength(0);
    // The server answers the new state from now on.
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('confirmado') };
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Pedido confirmado.'));
    expect(escritas().map((l) => [l.url, l.body])).toEqual([['/api/pedidos/7/estado/', { estado: 'confirmado' }]]);
    await waitFor(() => expect(acciones()).toEqual(['Marcar como despachado', 'Rechazar']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends nothing when the question is answered Cancelar', async () => {
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('despachado') };
    await renderPedido();
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como entregado' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Marcar como entregado' })).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(escritas()).toHaveLength(0);
  });

  it("a 409 shows the server's reason, and the pedido is read again", async () => {
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('confirmado') };
    respuestas[ESTADO] = { status: 409, body: { detail: 'El pedido ya fue anulado.' } };
    await renderPedido();
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como despachado' }));
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('anulado') };
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Marcar como despachado' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('El pedido ya fue anulado.'));
    expect(escritas()[0]!.body).toEqual({ estado: 'despachado' });
    await waitFor(() => expect(acciones()).toEqual([]));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('rejects only with a reason, counts its characters, and sends it', async () => {
    respuestas[ESTADO] = { status: 200, body: pedido('rechazado') };
    await renderPedido();
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const dialogo = within(screen.getByRole('dialog', { name: 'Rechazar pedido N° 7' }));
    const motivo = dialogo.getByLabelText('Motivo del rechazo') as HTMLTextAreaElement;
    expect(motivo.maxLength).toBe(500);
    expect(dialogo.getByText('0/500 caracteres')).toBeTruthy();

    fireEvent.change(motivo, { target: { value: '   ' } });
    fireEvent.click(dialogo.getByRole('button', { name: 'Rechazar pedido' }));
    expect(await dialogo.findByText(MOTIVO_OBLIGATORIO)).toBeTruthy();
    expect(escritas()).toHaveLength(0);

    fireEvent.change(motivo, { target: { value: 'Sin stock de lomo vetado esta semana.' } });
    expect(dialogo.getByText('37/500 caracteres')).toBeTruthy();
    // Read again after the move (over a network that takes its time), the pedido allows no
    // rejection: the form goes before the mutation settles, and its toast must not go with it.
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('rechazado') };
    const inmediato = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await new Promise((r) => setTimeout(r, 30));
      return inmediato(...args);
    });
    fireEvent.click(dialogo.getByRole('button', { name: 'Rechazar pedido' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Pedido rechazado.'));
    expect(escritas().map((l) => l.body)).toEqual([{ estado: 'rechazado', motivo: 'Sin stock de lomo vetado esta semana.' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Rechazaste este pedido: su stock volvió a tus lotes.')).toBeTruthy();
  });

  it("puts the server's refusal of a reason under its field, and keeps the form open", async () => {
    respuestas[ESTADO] = { status: 400, body: { motivo: ['El motivo puede tener como máximo 500 caracteres.'] } };
    await renderPedido();
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const dialogo = within(screen.getByRole('dialog', { name: 'Rechazar pedido N° 7' }));
    fireEvent.change(dialogo.getByLabelText('Motivo del rechazo'), { target: { value: 'No llegamos a esa comuna.' } });
    fireEvent.click(dialogo.getByRole('button', { name: 'Rechazar pedido' }));

    const error = await dialogo.findByText('El motivo puede tener como máximo 500 caracteres.', { selector: '.field__error' });
    expect(dialogo.getByLabelText('Motivo del rechazo').getAttribute('aria-describedby')).toContain(error.id);
    expect(toast.error).toHaveBeenCalledWith('El motivo puede tener como máximo 500 caracteres.');
  });

  describe('Confirmar con otras cantidades', () => {
    const DOS_LINEAS = {
      lineas: [
        lomoVetado({ cantidad: 100 }),
        linea({
          id: 72,
          producto: 12,
          sku: 'P1-0012',
          producto_nombre: 'Arroz grado 1',
          marca: '',
          unidad: 'CAJA',
          cantidad: 10,
          precio: 20_000,
          subtotal: 200_000,
        }),
      ],
      total: 1_708_990,
      costo_despacho: 8_990,
    };
    const CORTO = {
      ...DOS_LINEAS,
      lineas: [{ ...DOS_LINEAS.lineas[0]!, cantidad_confirmada: 80, subtotal: 1_200_000 }, DOS_LINEAS.lineas[1]!],
      total: 1_408_990,
      parcial: true,
      eventos: [evento('pendiente', '2026-11-23T13:05:00Z'), evento('confirmado', '2026-11-23T14:00:00Z', 'Confirmado parcial: Lomo vetado 80 de 100 kg')],
    };

    async function abrir() {
      respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('pendiente', DOS_LINEAS) };
      await renderPedido();
      fireEvent.click(await screen.findByRole('button', { name: 'Confirmar con otras cantidades' }));
      return within(screen.getByRole('dialog', { name: 'Confirmar con otras cantidades N° 7' }));
    }
    const totalDe = (dialogo: ReturnType<typeof within>) => dialogo.getByText('Productos:').textContent;

    it('one decimal input per line with its unit, prefilled with what was ordered; the products total follows what is typed', async () => {
      const dialogo = await abrir();
      const lomo = dialogo.getByLabelText('Lomo vetado (Swift) · kg') as HTMLInputElement;
      const arroz = dialogo.getByLabelText('Arroz grado 1 · cajas') as HTMLInputElement;
      expect([lomo.value, arroz.value]).toEqual(['100', '10']);
      expect(lomo.inputMode).toBe('decimal');
      expect(dialogo.getByText('Pedido: 100 kg')).toBeTruthy();
      expect(totalDe(dialogo)).toBe(`Productos: ${formatClp(1_700_000)} (pedido: ${formatClp(1_700_000)})`);
      fireEvent.change(lomo, { target: { value: '80,5' } });
      expect(totalDe(dialogo)).toBe(`Productos: ${formatClp(80.5 * 15_000 + 200_000)} (pedido: ${formatClp(1_700_000)})`);
      fireEvent.change(lomo, { target: { value: 'ochenta' } });
      expect(totalDe(dialogo)).toContain('Productos: —');
    });

    it('refuses what the server would (more than ordered, a third decimal, negative) under its input and sends nothing', async () => {
      const dialogo = await abrir();
      fireEvent.change(dialogo.getByLabelText('Lomo vetado (Swift) · kg'), { target: { value: '100,5' } });
      fireEvent.change(dialogo.getByLabelText('Arroz grado 1 · cajas'), { target: { value: '2,555' } });
      fireEvent.click(dialogo.getByRole('button', { name: 'Confirmar pedido' }));
      expect(await dialogo.findByText('No puedes confirmar más de lo pedido (100 kg).', { selector: '.field__error' })).toBeTruthy();
      expect(dialogo.getByText('La cantidad puede tener como máximo 2 decimales.', { selector: '.field__error' })).toBeTruthy();
      fireEvent.change(dialogo.getByLabelText('Arroz grado 1 · cajas'), { target: { value: '-1' } });
      fireEvent.click(dialogo.getByRole('button', { name: 'Confirmar pedido' }));
      expect(await dialogo.findByText('La cantidad no puede ser negativa.', { selector: '.field__error' })).toBeTruthy();
      expect(escritas()).toHaveLength(0);
    });

    it('sends every line with its quantity, says so, and the pedido reads Confirmado parcial with both quantities', async () => {
      respuestas[ESTADO] = { status: 200, body: pedido('confirmado', CORTO) };
      const dialogo = await abrir();
      fireEvent.change(dialogo.getByLabelText('Lomo vetado (Swift) · kg'), { target: { value: '80' } });
      respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('confirmado', CORTO) };
      fireEvent.click(dialogo.getByRole('button', { name: 'Confirmar pedido' }));

      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Pedido confirmado con las cantidades indicadas.'));
      expect(escritas().map((l) => [l.url, l.body])).toEqual([
        [
          '/api/pedidos/7/estado/',
          {
            estado: 'confirmado',
            lineas: [
              { id: 71, cantidad: 80 },
              { id: 72, cantidad: 10 },
            ],
          },
        ],
      ]);
      expect(screen.queryByRole('dialog')).toBeNull();
      const titulo = screen.getByRole('heading', { level: 1, name: /Pedido N° 7/ });
      expect(within(titulo).getByText('Confirmado parcial')).toBeTruthy();
      const tabla = within(screen.getByRole('table', { name: 'Productos del pedido N° 7' }));
      expect(tabla.getByRole('columnheader', { name: 'Pedido' })).toBeTruthy();
      expect(tabla.getByRole('columnheader', { name: 'Confirmado' })).toBeTruthy();
      expect(tabla.queryByRole('columnheader', { name: 'Cantidad' })).toBeNull();
      const lomo = tabla.getByText('Lomo vetado').closest('tr')!;
      expect([...lomo.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
        'P1-0011',
        'Lomo vetado',
        'Swift',
        '100 kg',
        '80 kg',
        formatClp(15_000),
        formatClp(1_200_000),
      ]);
      expect(screen.getByText('Productos:').textContent).toBe(`Productos: ${formatClp(1_400_000)}`);
      expect(screen.getByText('Motivo: Confirmado parcial: Lomo vetado 80 de 100 kg')).toBeTruthy();
    });

    it('every line at 0 offers a rejection instead', async () => {
      const dialogo = await abrir();
      fireEvent.change(dialogo.getByLabelText('Lomo vetado (Swift) · kg'), { target: { value: '0' } });
      fireEvent.change(dialogo.getByLabelText('Arroz grado 1 · cajas'), { target: { value: '0' } });
      expect(dialogo.getByText('Con todo en 0 el pedido queda rechazado y el comprador recibe un aviso.')).toBeTruthy();
      expect(dialogo.getByRole('button', { name: 'Rechazar pedido' })).toBeTruthy();
    });

    it("puts the server's refusal of a line under its input", async () => {
      respuestas[ESTADO] = { status: 400, body: { 'lineas.1.cantidad': ['No puedes confirmar más de lo pedido (10 cajas).'] } };
      const dialogo = await abrir();
      fireEvent.click(dialogo.getByRole('button', { name: 'Confirmar pedido' }));
      const error = await dialogo.findByText('No puedes confirmar más de lo pedido (10 cajas).', { selector: '.field__error' });
      expect(dialogo.getByLabelText('Arroz grado 1 · cajas').getAttribute('aria-describedby')).toContain(error.id);
    });
  });

  it("says 'Pedido no encontrado.' for a pedido that is not the supplier's, with a way back to the list", async () => {
    respuestas['GET /api/pedidos/7/'] = { status: 404, body: { detail: 'Pedido no encontrado.' } };
    const router = await renderPedido();
    expect(await screen.findByRole('heading', { name: 'Pedido no encontrado.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Ver Pedidos Recibidos' }));
    await screen.findByRole('heading', { name: 'Pedidos Recibidos' });
    expect(router.state.location.pathname).toBe('/pedidos-recibidos');
  });

  describe("an expired session (401 after the silent refresh): 'Sesión expirada' and /login, as on the buyer's screens", () => {
    const EXPIRADA = { status: 401, body: { detail: 'Las credenciales de autenticación no se proveyeron.' } };
    const expectLogin = async () => {
      await screen.findByRole('heading', { name: 'Iniciar sesión' });
      expect(toast.error).toHaveBeenCalledWith('Sesión expirada', { id: LOGIN_TOAST_ID });
      expect(toast.error).toHaveBeenCalledTimes(1);
    };

    it('on reading the pedido', async () => {
      respuestas['GET /api/pedidos/7/'] = EXPIRADA;
      await renderPedido();
      await expectLogin();
    });

    it('on a move', async () => {
      respuestas[ESTADO] = EXPIRADA;
      await renderPedido();
      fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
      fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirmar pedido' })).getByRole('button', { name: 'Confirmar' }));
      await expectLogin();
    });

    it('on a rejection', async () => {
      respuestas[ESTADO] = EXPIRADA;
      await renderPedido();
      fireEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
      const dialogo = within(screen.getByRole('dialog', { name: 'Rechazar pedido N° 7' }));
      fireEvent.change(dialogo.getByLabelText('Motivo del rechazo'), { target: { value: 'No llegamos a esa comuna.' } });
      fireEvent.click(dialogo.getByRole('button', { name: 'Rechazar pedido' }));
      await expectLogin();
    });
  });

  it('does not ask the server for a number it could never have given', async () => {
    await renderPedido('abc');
    expect(screen.getByRole('heading', { name: 'Pedido no encontrado.' })).toBeTruthy();
    expect(llamadas.filter((l) => l.url.startsWith('/api/pedidos/'))).toHaveLength(0);
  });

  it.each([
    [
      'an open claim',
      { reclamo: RECLAMO_ABIERTO },
      'El comprador abrió un reclamo: acéptalo con un crédito o recházalo indicando el motivo, en Recepción y reclamo.',
    ],
    ['no invoice', {}, 'Pedido entregado. Registra tu factura en Factura y pago.'],
    [
      'an invoice, no payment',
      { factura_numero: '4501', factura_fecha: '2026-11-24' },
      'Pedido facturado. Registra el pago en Factura y pago cuando te paguen.',
    ],
    [
      'an invoice and its payment',
      { factura_numero: '4501', factura_fecha: '2026-11-24', pagado_el: '2026-11-25' },
      'Pedido entregado y pagado: no quedan pasos pendientes.',
    ],
  ])("a delivered pedido with %s: 'Próximo paso' says what it still asks of the supplier", async (_, cambios, texto) => {
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('entregado', cambios) };
    await renderPedido();
    expect((await screen.findByRole('region', { name: 'Próximo paso' })).textContent).toContain(texto);
  });

  it("'Marcar como entregado' asks with the buyer's window to record the receipt, not as if it closed the pedido", async () => {
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('despachado') };
    await renderPedido();
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como entregado' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar como entregado' });
    expect(dialogo.textContent).toContain(
      `¿El comprador ya recibió el pedido N° 7? Tendrá ${HORAS_PARA_RECEPCION} horas para registrar lo que recibió y reclamar si faltó algo.`,
    );
    expect(dialogo.textContent).not.toContain('cierra el pedido');
  });

  it('opens the purchase order to print in its own view, the same both parties open', async () => {
    await renderPedido();
    const imprimir = await screen.findByRole('link', { name: 'Imprimir orden de compra' });
    expect(imprimir.getAttribute('href')).toBe('/pedidos/7/orden-de-compra');
  });
});

describe("/pedidos-recibidos/:id 'Factura y pago'", () => {
  const PATCH = 'PATCH /api/pedidos/7/';
  const seccion = () => within(screen.getByRole('region', { name: 'Factura y pago' }));

  it('is not there before the pedido is confirmed', async () => {
    await renderPedido();
    await screen.findByRole('region', { name: 'Próximo paso' });
    expect(screen.queryByRole('region', { name: 'Factura y pago' })).toBeNull();
  });

  it('records the invoice: the number and day typed day-month-year, sent as the contract reads them, the answer shown', async () => {
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('entregado') };
    respuestas[PATCH] = { status: 200, body: pedido('entregado', { factura_numero: '123', factura_fecha: '2026-11-30' }) };
    await renderPedido();
    await screen.findByRole('region', { name: 'Factura y pago' });
    expect(seccion().getByText('Por facturar.')).toBeTruthy();
    fireEvent.change(seccion().getByLabelText('N° de factura'), { target: { value: '123' } });
    fireEvent.change(seccion().getByLabelText('Fecha de factura'), { target: { value: '30-11-2026' } });
    // The pedido as the server keeps it from now on: the views read again after a write see it.
    respuestas['GET /api/pedidos/7/'] = respuestas[PATCH];
    fireEvent.click(seccion().getByRole('button', { name: 'Guardar factura y pago' }));
    await waitFor(() => expect(llamadas.filter((l) => l.method === 'PATCH')).toHaveLength(1));
    expect(llamadas.find((l) => l.method === 'PATCH')!.body).toEqual({ factura_numero: '123', factura_fecha: '2026-11-30', pagado_el: null });
    await seccion().findByText('Factura N° 123 del 30 de noviembre de 2026 · Por cobrar');
    expect(toast.success).toHaveBeenCalledWith('Factura y pago guardados.');
  });

  it("shows the server's reason under its field, and a date that is no date before sending anything", async () => {
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('despachado', { factura_numero: '123', factura_fecha: '2026-11-30' }) };
    respuestas[PATCH] = { status: 400, body: { pagado_el: ['La fecha de pago no puede ser anterior a la de la factura.'] } };
    await renderPedido();
    await screen.findByRole('region', { name: 'Factura y pago' });
    expect(seccion().getByText('Factura N° 123 del 30 de noviembre de 2026 · Por cobrar')).toBeTruthy();
    fireEvent.change(seccion().getByLabelText('Pagado el'), { target: { value: '31-02-2026' } });
    fireEvent.click(seccion().getByRole('button', { name: 'Guardar factura y pago' }));
    await seccion().findByText('Fecha de pago inválida.');
    expect(llamadas.filter((l) => l.method === 'PATCH')).toHaveLength(0);

    fireEvent.change(seccion().getByLabelText('Pagado el'), { target: { value: '29-11-2026' } });
    fireEvent.click(seccion().getByRole('button', { name: 'Guardar factura y pago' }));
    await seccion().findByText('La fecha de pago no puede ser anterior a la de la factura.');
    expect(seccion().getByLabelText('Pagado el').getAttribute('aria-invalid')).toBe('true');
  });

  it('an annulled or rejected pedido shows its invoice read-only', async () => {
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: pedido('rechazado', { factura_numero: '9', factura_fecha: null }) };
    await renderPedido();
    await screen.findByRole('region', { name: 'Factura y pago' });
    expect(seccion().getByText('Factura N° 9 · Por cobrar')).toBeTruthy();
    expect(seccion().queryByRole('textbox')).toBeNull();
  });
});
