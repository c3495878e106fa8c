// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import { CREDITO_EXCESIVO, MOTIVO_OBLIGATORIO, type PedidoDetalle, type Reclamo } from '#common/schemas/pedidos';
import { type Llamada, type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { evento, lomoVetado, pedidoRecibido } from '../../../test/pedidos';
import { toast } from '../../../ui/toast';
import PedidoRecibidoPage from './pedido-recibido-page';

/** The supplier sees what its buyer received and answers the claim on /pedidos-recibidos/:id (docs/producto.md §18). */
const ABIERTO: Reclamo = { estado: 'abierto', monto: 75_000, monto_credito: null, motivo: null, resuelto_en: null };
const pedido = (reclamo: Reclamo | null, cambios: Partial<PedidoDetalle> = {}): PedidoDetalle =>
  pedidoRecibido({
    estado: 'entregado',
    eventos: [evento('pendiente', '2026-11-23T13:05:00Z'), evento('entregado', '2026-11-24T10:00:00Z')],
    lineas: [lomoVetado({ cantidad_recibida: 75, problema: 'dañado', comentario: 'Cajas aplastadas' })],
    recibido_en: '2026-11-24T12:00:00Z',
    recepcion_hasta: '2026-11-26T10:00:00Z',
    reclamo,
    ...cambios,
  });
const RECLAMO = 'POST /api/pedidos/7/reclamo/';

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];
beforeEach(() => {
  respuestas = { 'GET /api/pedidos/7/': { status: 200, body: pedido(ABIERTO) } };
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPedido() {
  const router = renderAt('/pedidos-recibidos/:id', <PedidoRecibidoPage />, { '/pedidos-recibidos': 'Pedidos Recibidos' });
  await act(() => router.navigate('/pedidos-recibidos/7'));
  return within(await screen.findByRole('region', { name: 'Recepción y reclamo' }));
}
const escritas = () => llamadas.filter((l) => l.method === 'POST');

describe('/pedidos-recibidos/:id: the receipt and its claim', () => {
  it('shows what arrived and the open claim; a pedido not received has no such section', async () => {
    const seccion = await renderPedido();
    const region = screen.getByRole('region', { name: 'Recepción y reclamo' });
    for (const texto of ['Recibido 75 kg de 80 kg', 'Dañado', 'Cajas aplastadas']) expect(region.textContent).toContain(texto);
    expect(seccion.getByText(`Reclamo abierto por ${formatClp(75_000)}`)).toBeTruthy();
    expect(seccion.getByRole('button', { name: 'Aceptar reclamo' })).toBeTruthy();
    // The pedido's amounts under the claim say whose they are: not the claim's, not yet final.
    expect(seccion.getByText('Monto del pedido mientras se resuelve:')).toBeTruthy();
    expect(seccion.getByLabelText('Monto del pedido N° 7 mientras se resuelve').textContent).toContain(formatClp(conIva(1_200_000).total_con_iva));
    expect(seccion.queryByLabelText('Monto final del pedido N° 7')).toBeNull();
    cleanup();
    respuestas['GET /api/pedidos/7/'] = {
      status: 200,
      body: pedido(null, { recibido_en: null, lineas: [lomoVetado()] }),
    };
    const router = renderAt('/pedidos-recibidos/:id', <PedidoRecibidoPage />);
    await act(() => router.navigate('/pedidos-recibidos/7'));
    await screen.findByRole('heading', { name: /Pedido N° 7/ });
    expect(screen.queryByRole('region', { name: /Recepción/ })).toBeNull();
  });

  it('Aceptar reclamo: the credit prefilled with the amount, never above it, sent in whole pesos; then the credit and the final amounts', async () => {
    const seccion = await renderPedido();
    fireEvent.click(seccion.getByRole('button', { name: 'Aceptar reclamo' }));
    const modal = within(screen.getByRole('dialog', { name: 'Aceptar reclamo del pedido N° 7' }));
    const credito = modal.getByLabelText('Crédito (neto)') as HTMLInputElement;
    expect(credito.value).toBe('75000');
    fireEvent.change(credito, { target: { value: '75.001' } });
    fireEvent.click(modal.getByRole('button', { name: 'Aceptar reclamo' }));
    expect(await modal.findByText(CREDITO_EXCESIVO)).toBeTruthy();
    expect(escritas()).toHaveLength(0);

    const aceptado = pedido({ ...ABIERTO, estado: 'aceptado', monto_credito: 50_000, resuelto_en: '2026-11-25T09:00:00Z' });
    respuestas[RECLAMO] = { status: 200, body: aceptado };
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: aceptado };
    fireEvent.change(credito, { target: { value: '50.000' } });
    fireEvent.click(modal.getByRole('button', { name: 'Aceptar reclamo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(escritas().map((l) => [l.url, l.body])).toEqual([['/api/pedidos/7/reclamo/', { accion: 'aceptar', monto_credito: 50_000 }]]);
    expect(toast.success).toHaveBeenCalledWith('Reclamo aceptado.');
    const despues = within(screen.getByRole('region', { name: 'Recepción y reclamo' }));
    expect(await despues.findByText(`Crédito aceptado: ${formatClp(50_000)}`)).toBeTruthy();
    expect(despues.getByText(`De ${formatClp(75_000)} reclamados.`)).toBeTruthy();
    const final = conIva(1_200_000 - 50_000);
    expect(despues.getByLabelText('Monto final del pedido N° 7').textContent).toContain(formatClp(final.total_con_iva));
    expect(despues.getByText('Monto final del pedido:')).toBeTruthy();
    // Its buttons gone with the dialog, the focus lands on the receipt, not on the page's top.
    await waitFor(() => expect(document.activeElement).toBe(despues.getByRole('heading', { name: 'Recepción' })));
    expect(despues.queryByRole('button', { name: 'Aceptar reclamo' })).toBeNull();
  });

  it("Aceptar reclamo: the server's refusal lands under the credit", async () => {
    const seccion = await renderPedido();
    fireEvent.click(seccion.getByRole('button', { name: 'Aceptar reclamo' }));
    const modal = within(screen.getByRole('dialog'));
    respuestas[RECLAMO] = { status: 400, body: { monto_credito: [CREDITO_EXCESIVO] } };
    fireEvent.click(modal.getByRole('button', { name: 'Aceptar reclamo' }));
    const error = await modal.findByText(CREDITO_EXCESIVO);
    expect(error.closest('.field')?.querySelector('input')).toBe(modal.getByLabelText('Crédito (neto)'));
  });

  it('Rechazar reclamo: asks the reason, sends it, then shows it', async () => {
    const seccion = await renderPedido();
    fireEvent.click(seccion.getByRole('button', { name: 'Rechazar reclamo' }));
    const modal = within(screen.getByRole('dialog', { name: 'Rechazar reclamo del pedido N° 7' }));
    fireEvent.click(modal.getByRole('button', { name: 'Rechazar reclamo' }));
    expect(await modal.findByText(MOTIVO_OBLIGATORIO)).toBeTruthy();
    expect(escritas()).toHaveLength(0);

    const rechazado = pedido({ ...ABIERTO, estado: 'rechazado', motivo: 'La guía firmada dice 80 kg', resuelto_en: '2026-11-25T09:00:00Z' });
    respuestas[RECLAMO] = { status: 200, body: rechazado };
    respuestas['GET /api/pedidos/7/'] = { status: 200, body: rechazado };
    fireEvent.change(modal.getByLabelText('Motivo del rechazo'), { target: { value: 'La guía firmada dice 80 kg' } });
    fireEvent.click(modal.getByRole('button', { name: 'Rechazar reclamo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(escritas().map((l) => l.body)).toEqual([{ accion: 'rechazar', motivo: 'La guía firmada dice 80 kg' }]);
    expect(await screen.findByText('Reclamo rechazado: La guía firmada dice 80 kg')).toBeTruthy();
  });
});
