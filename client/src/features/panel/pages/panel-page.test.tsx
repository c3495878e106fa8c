// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hoyEnChile } from '#common/fecha';
import { type Panel, PRODUCTOS_NO_VISIBLES } from '#common/schemas/panel';
import { renderAt, type Respuesta, stubFetch } from '../../../test/page-harness';
import { panelDePrueba } from '../../../test/panel';
import PanelPage from './panel-page';

const PANEL = 'GET /api/proveedor/panel/';
const HOY = hoyEnChile();
const en = (dias: number) => new Date(Date.parse(`${HOY}T12:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

/** A supplier with its start done and a quiet month: nothing waits, nothing sold, nothing lost. */
const VACIO = panelDePrueba();

/** A busy day: pedidos waiting, lots expiring, an offer without stock, sales and lost quotations. */
const OCUPADO: Panel = {
  ...VACIO,
  pedidos_pendientes: 3,
  por_despachar_hoy: 1,
  lotes_por_vencer: [
    { lote_id: 11, proveedor_producto_id: 5, producto: 'Lomo vetado', unidad: 'KILO', cantidad: 12.5, fecha_expiracion: HOY },
    { lote_id: 12, proveedor_producto_id: 6, producto: 'Queso gauda', unidad: 'CAJA', cantidad: 1, fecha_expiracion: en(5) },
  ],
  sin_stock: [{ proveedor_producto_id: 7, producto: 'Posta rosada', sku: 'PR-01' }],
  ventas_30_dias: [
    { producto_id: 1, producto: 'Lomo vetado', unidad: 'KILO', cantidad: 1250.5, monto: 12_505_000 },
    { producto_id: 2, producto: 'Queso gauda', unidad: 'CAJA', cantidad: 3, monto: 89_970 },
  ],
  perdidas_por_precio: [
    { producto_id: 1, producto: 'Lomo vetado', veces: 12, de: 15, diferencia_mediana_pct: 4.2 },
    { producto_id: 2, producto: 'Queso gauda', veces: 0, de: 4, diferencia_mediana_pct: null },
  ],
};

let respuestas: Record<string, Respuesta>;

beforeEach(() => {
  localStorage.setItem('access', 'a.b.c');
  respuestas = { [PANEL]: { status: 200, body: OCUPADO } };
  stubFetch(respuestas);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const parte = async (titulo: string) => within((await screen.findByRole('heading', { level: 2, name: titulo })).closest('section')!);

describe('PanelPage', () => {
  it('leaves the checklist out once the three steps are done', async () => {
    renderAt('/panel', <PanelPage />);
    await screen.findByRole('heading', { level: 2, name: 'Pedidos' });
    expect(screen.queryByRole('heading', { name: 'Primeros pasos' })).toBeNull();
    expect(screen.queryByText(PRODUCTOS_NO_VISIBLES)).toBeNull();
  });

  it('opens with the checklist of a new supplier: each step pending, with its way in, and why its products are not seen yet', async () => {
    respuestas[PANEL] = { status: 200, body: { ...VACIO, onboarding: { empresa: false, condiciones: false, productos: false, visible: false } } };
    renderAt('/panel', <PanelPage />);
    const pasos = await parte('Primeros pasos');
    expect(pasos.getByText('0 de 3 listos')).toBeTruthy();
    expect(pasos.getByRole('status').textContent).toBe(PRODUCTOS_NO_VISIBLES);
    const items = pasos.getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Empresa', 'Condiciones de despacho', 'Productos']);
    expect(items.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual(['/mi-empresa', '/mis-condiciones', '/mis-productos-proovedor']);
    for (const li of items) expect(within(li).getByText('Pendiente')).toBeTruthy();
    // The checklist comes first, before the day.
    const titulos = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titulos[0]).toBe('Primeros pasos');
  });

  it('marks the steps done, and says nothing of visibility once company and terms are saved', async () => {
    respuestas[PANEL] = { status: 200, body: { ...VACIO, onboarding: { empresa: true, condiciones: true, productos: false, visible: true } } };
    renderAt('/panel', <PanelPage />);
    const pasos = await parte('Primeros pasos');
    expect(pasos.getByText('2 de 3 listos')).toBeTruthy();
    const estados = pasos.getAllByRole('listitem').map((li) => li.querySelector('.tag')?.textContent);
    expect(estados).toEqual(['Listo', 'Listo', 'Pendiente']);
    expect(pasos.queryByRole('status')).toBeNull();
  });

  it('still says why its products are not seen while only the company is saved', async () => {
    respuestas[PANEL] = { status: 200, body: { ...VACIO, onboarding: { empresa: true, condiciones: false, productos: true, visible: false } } };
    renderAt('/panel', <PanelPage />);
    const pasos = await parte('Primeros pasos');
    expect(pasos.getByRole('status').textContent).toBe(PRODUCTOS_NO_VISIBLES);
    expect(pasos.getAllByRole('listitem').map((li) => li.querySelector('.tag')?.textContent)).toEqual(['Listo', 'Pendiente', 'Listo']);
  });

  it("counts the pedidos to answer and to dispatch today, each a way into the inbox's filter", async () => {
    renderAt('/panel', <PanelPage />);
    const pedidos = await parte('Pedidos');
    expect(pedidos.getByRole('link', { name: '3 pedidos por responder' }).getAttribute('href')).toBe('/pedidos-recibidos?estado=pendiente');
    expect(pedidos.getByRole('link', { name: '1 por despachar hoy' }).getAttribute('href')).toBe('/pedidos-recibidos?estado=confirmado');
    expect(pedidos.queryByText(/Todo al día/)).toBeNull();
  });

  it('lists the lots about to expire with their quantity and day, and the offers without stock, each leading to the products', async () => {
    renderAt('/panel', <PanelPage />);
    const lotes = await parte('Lotes por vencer');
    const filas = lotes.getAllByRole('listitem');
    expect(filas.map((li) => li.textContent)).toEqual([
      'Lomo vetado12,5 kg · vence hoy',
      expect.stringMatching(/^Queso gauda1 caja · vence el \d+ de [a-z]+( de \d{4})?$/),
    ]);
    expect(within(filas[0]!).getByRole('link', { name: 'Lomo vetado' }).getAttribute('href')).toBe('/mis-productos-proovedor');
    const sinStock = await parte('Ofertas sin stock');
    expect(sinStock.getByRole('link', { name: 'Posta rosada' }).getAttribute('href')).toBe('/mis-productos-proovedor');
    expect(sinStock.getByText('SKU PR-01')).toBeTruthy();
  });

  it('shows the sales of the last 30 days by product in the one table, sortable, with their total', async () => {
    renderAt('/panel', <PanelPage />);
    const ventas = await parte('Ventas de los últimos 30 días');
    const tabla = ventas.getByRole('table', { name: 'Ventas de los últimos 30 días por producto' });
    const filas = within(tabla).getAllByRole('row').slice(1);
    expect(
      filas.map((f) =>
        within(f)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Lomo vetado', '1250,5 kg', '$12.505.000'],
      ['Queso gauda', '3 cajas', '$89.970'],
    ]);
    expect(ventas.getByText('Total: $12.594.970')).toBeTruthy();
    fireEvent.click(within(tabla).getByRole('button', { name: /Monto/ }));
    expect(within(tabla).getAllByRole('row')[1]!.textContent).toContain('Queso gauda');
  });

  it('writes each product lost on price as one line, and leaves out those never lost', async () => {
    renderAt('/panel', <PanelPage />);
    const perdidas = await parte('Cotizaciones perdidas por precio');
    expect(perdidas.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Lomo vetado: 12 de 15 · te faltó 4,2 %']);
  });

  it('says so in each part when there is nothing', async () => {
    respuestas[PANEL] = { status: 200, body: VACIO };
    renderAt('/panel', <PanelPage />);
    expect((await parte('Pedidos')).getByText('Todo al día: ningún pedido espera tu respuesta ni se despacha hoy.')).toBeTruthy();
    expect((await parte('Pedidos')).getByRole('link', { name: '0 pedidos por responder' })).toBeTruthy();
    expect((await parte('Lotes por vencer')).getByText('Ningún lote vence en los próximos 7 días.')).toBeTruthy();
    expect((await parte('Ofertas sin stock')).getByText('Todas tus ofertas tienen stock.')).toBeTruthy();
    expect((await parte('Ventas de los últimos 30 días')).getByText('Sin ventas en los últimos 30 días.')).toBeTruthy();
    expect((await parte('Ventas de los últimos 30 días')).queryByRole('table')).toBeNull();
    expect((await parte('Cotizaciones perdidas por precio')).getByText('Sin cotizaciones perdidas en los últimos 30 días.')).toBeTruthy();
  });

  it('says when the summary cannot be read, and reads it again on Reintentar', async () => {
    respuestas[PANEL] = { status: 500, body: { detail: 'Error interno del servidor.' } };
    renderAt('/panel', <PanelPage />);
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toContain('No se pudo cargar tu resumen.');
    respuestas[PANEL] = { status: 200, body: VACIO };
    fireEvent.click(within(alerta).getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('heading', { level: 2, name: 'Pedidos' });
  });
});
