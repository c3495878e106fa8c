// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import { type OrdenDetalle, type PedidoDetalle, PROBLEMA_OBLIGATORIO } from '#common/schemas/pedidos';
import { type Llamada, type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { evento, ORDEN, PENDIENTE, pedido } from '../../../test/pedidos';
import { COMPRADORA, signIn } from '../../../test/sesion';
import { toast } from '../../../ui/toast';
import OrdenPage from './orden-page';

/** The buyer records what arrived of a pedido on /ordenes/:id and follows its claim (docs/producto.md §18). */
const ENTREGADO: PedidoDetalle = pedido({
  ...PENDIENTE,
  costo_despacho: 0,
  total: 1_200_000,
  estado: 'entregado',
  eventos: [...PENDIENTE.eventos, evento('entregado', '2026-11-24T10:00:00Z')],
  recepcion_hasta: '2099-11-26T10:00:00Z',
});
const conPedido = (p: PedidoDetalle): OrdenDetalle => ({ ...ORDEN, total: p.total, ...conIva(p.neto), pedidos: [p] });
const RECIBIDO: PedidoDetalle = pedido({
  ...ENTREGADO,
  recibido_en: '2026-11-24T12:00:00Z',
  lineas: [{ ...ENTREGADO.lineas[0]!, cantidad_recibida: 75, problema: 'dañado', comentario: 'Cajas aplastadas' }],
  reclamo: { estado: 'abierto', monto: 75_000, monto_credito: null, motivo: null, resuelto_en: null },
});
const RECEPCION = 'POST /api/pedidos/45/recepcion/';

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];
beforeEach(() => {
  respuestas = { 'GET /api/ordenes/501/': { status: 200, body: conPedido(ENTREGADO) } };
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

async function renderOrden() {
  const router = renderAt('/ordenes/:id', <OrdenPage />, { '/ordenes': 'Historial de Órdenes de Compra' });
  await act(() => router.navigate('/ordenes/501'));
  await screen.findByRole('heading', { name: 'Orden de compra N° 501' });
}
const card = () => within(screen.getByRole('listitem', { name: /^Pedido N° 45 / }));
const escritas = () => llamadas.filter((l) => l.method === 'POST' && l.url.startsWith('/api/pedidos/'));

async function abrirFormulario() {
  await renderOrden();
  fireEvent.click(card().getByRole('button', { name: 'Registrar recepción' }));
  return within(screen.getByRole('dialog', { name: 'Registrar recepción del pedido N° 45' }));
}

describe('/ordenes/:id: Registrar recepción', () => {
  it('shows on a delivered pedido until when it may be recorded; on despachado too; not once late, nor once recorded', async () => {
    await renderOrden();
    expect(card().getByText(/Registra lo que recibiste hasta el 26 de noviembre de 2099/)).toBeTruthy();
    cleanup();
    for (const [p, boton] of [
      [{ ...ENTREGADO, estado: 'despachado' as const, recepcion_hasta: null }, true],
      [{ ...ENTREGADO, recepcion_hasta: '2020-01-01T00:00:00Z' }, false],
      [{ ...ENTREGADO, estado: 'confirmado' as const, recepcion_hasta: null }, false],
      [RECIBIDO, false],
    ] as const) {
      respuestas['GET /api/ordenes/501/'] = { status: 200, body: conPedido(p) };
      await renderOrden();
      expect(card().queryByRole('button', { name: 'Registrar recepción' }) !== null, p.estado).toBe(boton);
      cleanup();
    }
  });

  it('prefills what was confirmed, prices the claim live, asks the problem of a short line, and sends every line', async () => {
    const modal = await abrirFormulario();
    const recibido = modal.getByLabelText('Recibido (kg)') as HTMLInputElement;
    expect(recibido.value).toBe('80');
    expect(recibido.inputMode).toBe('decimal');
    expect(modal.getByText('Todo llegó completo: no se abre un reclamo.')).toBeTruthy();
    fireEvent.change(recibido, { target: { value: '75' } });
    expect((await modal.findByText(/Reclamo al proveedor:/)).textContent).toBe(`Reclamo al proveedor: ${formatClp(75_000)} (neto)`);

    fireEvent.click(modal.getByRole('button', { name: 'Registrar recepción' }));
    expect(await modal.findByText(PROBLEMA_OBLIGATORIO)).toBeTruthy();
    expect(escritas()).toHaveLength(0);

    respuestas[RECEPCION] = { status: 200, body: RECIBIDO };
    respuestas['GET /api/ordenes/501/'] = { status: 200, body: conPedido(RECIBIDO) };
    fireEvent.change(modal.getByLabelText('Problema'), { target: { value: 'dañado' } });
    fireEvent.change(modal.getByLabelText('Comentario (opcional)'), { target: { value: 'Cajas aplastadas' } });
    fireEvent.click(modal.getByRole('button', { name: 'Registrar recepción' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(escritas().map((l) => [l.url, l.body])).toEqual([
      ['/api/pedidos/45/recepcion/', { lineas: [{ id: 901, cantidad_recibida: 75, problema: 'dañado', comentario: 'Cajas aplastadas' }] }],
    ]);
    expect(toast.success).toHaveBeenCalledWith(`Recepción registrada. Abrimos un reclamo por ${formatClp(75_000)}.`);
    expect(await card().findByText(`Reclamo abierto por ${formatClp(75_000)}`)).toBeTruthy();
    // Its button gone with the dialog, the focus lands on what was recorded, not on the page's top.
    await waitFor(() => expect(document.activeElement).toBe(card().getByRole('heading', { name: 'Recepción' })));
  });

  it("reads a decimal comma, and shows the server's error under the line's field", async () => {
    const modal = await abrirFormulario();
    fireEvent.change(modal.getByLabelText('Recibido (kg)'), { target: { value: '79,5' } });
    fireEvent.change(modal.getByLabelText('Problema'), { target: { value: 'faltante' } });
    respuestas[RECEPCION] = { status: 409, body: { detail: 'El plazo para registrar la recepción venció: son 48 horas desde la entrega.' } };
    fireEvent.click(modal.getByRole('button', { name: 'Registrar recepción' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('El plazo para registrar la recepción venció: son 48 horas desde la entrega.'));
    expect(escritas()[0]!.body).toEqual({ lineas: [{ id: 901, cantidad_recibida: 79.5, problema: 'faltante', comentario: null }] });

    respuestas[RECEPCION] = { status: 400, body: { 'lineas.0.cantidad_recibida': ['La cantidad recibida no puede superar la confirmada (70 kg).'] } };
    fireEvent.click(modal.getByRole('button', { name: 'Registrar recepción' }));
    const error = await modal.findByText('La cantidad recibida no puede superar la confirmada (70 kg).');
    expect(error.closest('.field')?.querySelector('input')).toBe(modal.getByLabelText('Recibido (kg)'));
  });

  it('shows what arrived, the claim, and once accepted the credit with the final Neto, IVA and Total', async () => {
    respuestas['GET /api/ordenes/501/'] = { status: 200, body: conPedido(RECIBIDO) };
    await renderOrden();
    const recibido = card().getByRole('list', { name: 'Lo recibido del pedido N° 45' });
    for (const texto of ['Lomo vetado', 'Recibido 75 kg de 80 kg', 'Dañado', 'Cajas aplastadas']) expect(recibido.textContent).toContain(texto);
    cleanup();

    const aceptado = pedido({
      ...RECIBIDO,
      reclamo: { estado: 'aceptado', monto: 75_000, monto_credito: 75_000, motivo: null, resuelto_en: '2026-11-25T09:00:00Z' },
    });
    respuestas['GET /api/ordenes/501/'] = { status: 200, body: conPedido(aceptado) };
    await renderOrden();
    expect(card().getByText(`Crédito aceptado: ${formatClp(75_000)}`)).toBeTruthy();
    const montos = card().getByLabelText('Monto final del pedido N° 45');
    const final = conIva(1_200_000 - 75_000);
    for (const texto of [`−${formatClp(75_000)}`, formatClp(final.neto), formatClp(final.iva), formatClp(final.total_con_iva)])
      expect(montos.textContent).toContain(texto);
    cleanup();

    const rechazado = pedido({
      ...RECIBIDO,
      reclamo: { estado: 'rechazado', monto: 75_000, monto_credito: null, motivo: 'La guía dice otra cosa', resuelto_en: '2026-11-25T09:00:00Z' },
    });
    respuestas['GET /api/ordenes/501/'] = { status: 200, body: conPedido(rechazado) };
    await renderOrden();
    expect(card().getByText('Reclamo rechazado: La guía dice otra cosa')).toBeTruthy();
  });
});
