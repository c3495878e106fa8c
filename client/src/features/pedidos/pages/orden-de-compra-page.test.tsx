// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PedidoDetalle } from '#common/schemas/pedidos';
import { type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { EMPRESA_MAULE, linea, PENDIENTE, pedido } from '../../../test/pedidos';
import { COMPRADORA, PROVEEDOR, signIn } from '../../../test/sesion';
import { useRouteTitle } from '../../../app/route-title';
import OrdenDeCompraPage from './orden-de-compra-page';

/** The page as the layout holds it: the layout names the tab. */
function ConTitulo() {
  useRouteTitle();
  return <OrdenDeCompraPage />;
}

/** Pedido 45, the second of order 501, confirmed for less than ordered on one line, with an accepted credit. */
const PARCIAL: PedidoDetalle = pedido({
  ...PENDIENTE,
  numero: '501-2',
  estado: 'confirmado',
  parcial: true,
  lineas: [
    linea({
      id: 1,
      producto: 11,
      sku: 'CM-LV',
      producto_nombre: 'Lomo vetado',
      marca: 'Swift',
      unidad: 'KILO',
      cantidad: 100,
      cantidad_confirmada: 80,
      precio: 15_000,
      subtotal: 1_200_000,
    }),
    linea({
      id: 2,
      producto: 12,
      sku: 'CM-PO',
      producto_nombre: 'Posta rosada',
      marca: 'Swift',
      unidad: 'CAJA',
      cantidad: 3,
      precio: 50_001,
      subtotal: 150_003,
    }),
  ],
  costo_despacho: 8_990,
  total: 1_358_993,
  reclamo: { estado: 'aceptado', monto: 20_000, monto_credito: 15_000, motivo: null, resuelto_en: '2026-11-25T10:00:00Z' },
});

let respuestas: Record<string, Respuesta>;

beforeEach(() => {
  respuestas = { 'GET /api/pedidos/45/': { status: 200, body: PARCIAL } };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.title = '';
});

async function renderVista(id: string | number = 45) {
  stubFetch(respuestas);
  const router = renderAt('/pedidos/:id/orden-de-compra', <ConTitulo />);
  await act(() => router.navigate(`/pedidos/${id}/orden-de-compra`));
  return router;
}
const parte = (nombre: string) => screen.getByRole('region', { name: nombre }).textContent;

describe('/pedidos/:id/orden-de-compra', () => {
  it('is the purchase order: its number in the order, the buyer who issues it and the supplier, each with razón social, RUT, giro and address', async () => {
    signIn(respuestas, PROVEEDOR);
    await renderVista();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orden de compra N° 501-2' })).toBeTruthy();
    expect(screen.getByText('Fecha: 23 de noviembre de 2026')).toBeTruthy();
    expect(parte('Comprador')).toContain('Cocina Los Andes SpA');
    expect(parte('Comprador')).toContain('RUT: 12.345.678-5');
    expect(parte('Comprador')).toContain('Giro: Restaurante');
    expect(parte('Comprador')).toContain('Dirección: Calle Larga 450, Quilpué, Región de Valparaíso');
    expect(parte('Proveedor')).toContain(EMPRESA_MAULE.razon_social);
    expect(parte('Proveedor')).toContain('RUT: 76.086.428-5');
    expect(parte('Proveedor')).toContain('Giro: Venta al por mayor de carnes');
    expect(parte('Proveedor')).toContain('Dirección: Av. San Miguel 1450, Talca, Región del Maule');
    expect(parte('Entrega')).toContain(`Despachar a: ${PARCIAL.entrega.direccion_envio}`);
  });

  it('lists each line ordered and, confirmed for less, confirmed; the delivery fee, the credit and Neto / IVA / Total', async () => {
    signIn(respuestas, PROVEEDOR);
    await renderVista();
    const tabla = await screen.findByRole('table', { name: 'Productos de la orden de compra n° 501-2' });
    // On a phone the table scrolls in its box: a region a keyboard reaches.
    const caja = screen.getByRole('region', { name: 'Productos de la orden de compra n° 501-2' });
    expect(caja.contains(tabla) && caja.tabIndex).toBe(0);
    const filas = within(tabla)
      .getAllByRole('row')
      .map((f) =>
        within(f)
          .queryAllByRole(f.querySelector('th') ? 'columnheader' : 'cell')
          .map((c) => c.textContent),
      );
    expect(filas).toEqual([
      ['SKU', 'Producto', 'Marca', 'Pedido', 'Confirmado', 'Precio neto', 'Subtotal'],
      ['CM-LV', 'Lomo vetado', 'Swift', '100 kg', '80 kg', '$15.000', '$1.200.000'],
      ['CM-PO', 'Posta rosada', 'Swift', '3 cajas', '3 cajas', '$50.001', '$150.003'],
    ]);
    const montos = within(document.querySelector('.orden-de-compra__montos') as HTMLElement);
    expect(montos.getByText('Despacho').nextSibling?.textContent).toBe('$8.990');
    expect(montos.getByText('Crédito por reclamo').nextSibling?.textContent).toBe('−$15.000');
    // Neto after the credit, IVA once on it, rounded to the peso.
    expect(montos.getByText('Neto').nextSibling?.textContent).toBe('$1.343.993');
    expect(montos.getByText('IVA (19 %)').nextSibling?.textContent).toBe('$255.359');
    expect(montos.getByText('Total').nextSibling?.textContent).toBe('$1.599.352');
  });

  it('names the tab (and the saved PDF) after the document, prints it, and leads each party back to where it follows the pedido', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    signIn(respuestas, PROVEEDOR);
    await renderVista();
    await screen.findByRole('heading', { level: 1, name: 'Orden de compra N° 501-2' });
    expect(document.title).toBe('Orden de compra N° 501-2 · Abastece');
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole('link', { name: '← Volver al pedido N° 45' })).getAttribute('href')).toBe('/pedidos-recibidos/45');
    cleanup();

    signIn(respuestas, COMPRADORA);
    await renderVista();
    expect((await screen.findByRole('link', { name: '← Volver a la orden N° 501' })).getAttribute('href')).toBe('/ordenes/501');
  });

  it('a pedido that is not the viewer’s (404) does not exist; a number that is none is not asked for', async () => {
    signIn(respuestas, COMPRADORA);
    respuestas['GET /api/pedidos/45/'] = { status: 404, body: { detail: 'Pedido no encontrado.' } };
    await renderVista();
    expect(await screen.findByRole('heading', { name: 'Pedido no encontrado.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).toBeNull();
    cleanup();
    await renderVista('abc');
    expect(screen.getByRole('heading', { name: 'Pedido no encontrado.' })).toBeTruthy();
  });

  it('a buyer without billing data and a supplier without a company still make a document', async () => {
    signIn(respuestas, COMPRADORA);
    respuestas['GET /api/pedidos/45/'] = {
      status: 200,
      body: {
        ...PARCIAL,
        proveedor_empresa: null,
        facturacion: {
          ...PARCIAL.facturacion,
          rut_facturacion: '',
          giro_comercial: '',
          direccion_facturacion: '',
          comuna_nombre: '',
          region_nombre: '',
          telefono_facturacion: '',
          email_facturacion: '',
        },
      },
    };
    await renderVista();
    await screen.findByRole('heading', { level: 1, name: 'Orden de compra N° 501-2' });
    expect(parte('Comprador')).toBe('CompradorCocina Los Andes SpASin datos de facturación.');
    expect(parte('Proveedor')).toBe('ProveedorCarnes del Maule');
  });
});
