// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompararPrecios, Opcion } from '../../../../../common/schemas/comparacion';
import { toast } from '../../../ui/toast';
import FacturacionPage from './facturacion-page';
import { renderAt, stubFetch, type Llamada, type Respuesta } from '../../../test/page-harness';

const SOLICITUD = { id: 5, fecha_creacion: '2026-11-23T10:00:00Z', clave: 'clave-de-prueba', detalles: [] };
const COTIZANTE = {
  cotizante_id: 9,
  solicitud_id: 5,
  clave: 'clave-de-prueba',
  fecha_entrega: null,
  nombre_contacto: 'Daniela Araya',
  correo_contacto: 'daniela@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: '',
  region: null,
  comuna: null,
  region_nombre: null,
  comuna_nombre: null,
};
const OPCION: Opcion = {
  opcion_id: 1,
  proveedor_producto_id: 41,
  producto: 'Lomo vetado',
  marca: 'Swift',
  categoria: 'CARNE BOVINA',
  origen: 'Argentina',
  unidad: 'KILO',
  proveedor: 'Carnes del Maule',
  cantidad_solicitada: 280,
  cantidad_proveida: 80,
  precio: 15_000,
  subtotal: 1_200_000,
  stock_disponible: 80,
  fecha_vencimiento: '2026-12-31',
  estado: 'seleccionado',
};
const RESULTADO = {
  producto: 7,
  nombre: 'Lomo vetado',
  unidad: 'KILO',
  cantidad_solicitada: 280,
  opciones_seleccionadas: [OPCION],
  opciones_adicionales: [],
  mensaje: null,
  productos_inexistentes: [],
  sugerencia: null,
};
const COTIZACION: CompararPrecios = { cotizacion_id: 77, fecha_entrega: '2026-11-23', resultados: [RESULTADO], productos_no_identificados: [] };

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  sessionStorage.setItem('solicitud', JSON.stringify(SOLICITUD));
  sessionStorage.setItem('cotizante', JSON.stringify(COTIZANTE));
  sessionStorage.setItem('cotizacion', JSON.stringify(COTIZACION));
  // The buyer's choice, whose save on Comprar failed (silently).
  sessionStorage.setItem('eleccion', JSON.stringify({ cotizacion_id: 77, resultados: [RESULTADO], guardada: false }));
  respuestas = {
    'GET /api/ubicacion/regiones/': { status: 200, body: [{ id: 5, nombre: 'Región de Valparaíso' }] },
    'GET /api/ubicacion/comunas/?region=5': { status: 200, body: [{ id: 5801, nombre: 'Quilpué' }] },
    'GET /api/facturacion/rubros/': { status: 200, body: [{ id: 1, nombre: 'Restaurante' }] },
    'GET /api/empresas/metodos-pago/': { status: 200, body: [{ id: 2, nombre: 'Transferencia bancaria' }] },
    'PUT /api/cotizaciones/77/actualizar/': { status: 200, body: { id: 77 } },
    'POST /api/facturacion/crear-orden/': { status: 201, body: { orden_id: 501 } },
  };
  vi.stubGlobal('scrollTo', vi.fn());
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

const renderPage = () =>
  renderAt('/facturacion', <FacturacionPage />, { '/confirmacion': 'Confirmación', '/cotizar-resultado': 'Resultados', '/cotizar': 'Cotizar' });

const escritas = () => llamadas.filter((l) => l.method !== 'GET').map((l) => `${l.method} ${l.url}`);
const historial = () => JSON.parse(localStorage.getItem('historialOrdenes') ?? 'null');

describe('/facturacion', () => {
  it("'No' saves the unsaved choice first, then places the order with no billing data, records it and goes to the confirmation", async () => {
    const router = renderPage();
    expect(screen.getByRole('dialog', { name: 'Datos de facturación' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await screen.findByRole('heading', { name: 'Confirmación' });

    expect(escritas()).toEqual(['PUT /api/cotizaciones/77/actualizar/', 'POST /api/facturacion/crear-orden/']);
    const [put, post] = llamadas.filter((l) => l.method !== 'GET');
    expect(put!.body).toEqual({ productos: [{ proveedor_producto_id: 41, cantidad: 80, precio: 15_000 }] });
    expect(post!.body).toEqual({ cotizacion_id: 77, cotizante_id: 9 });
    for (const l of [put, post]) expect(l!.headers['x-clave-cotizacion']).toBe('clave-de-prueba');
    expect(router.state.location.state).toEqual({ orden_id: 501 });
    expect(historial()).toEqual([
      { orden_id: 501, fecha: expect.any(String), datos_facturacion: expect.objectContaining({ rut: '', rubro: '', metodo_pago_nombre: '' }) },
    ]);
  });

  it("'Sí' shows the form: the shared schema's messages stop a bad submit; a good one sends the billing data and keeps their names", async () => {
    sessionStorage.setItem('eleccion', JSON.stringify({ cotizacion_id: 77, resultados: [RESULTADO], guardada: true }));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Sí' }));
    fireEvent.change(screen.getByLabelText('Razón social'), { target: { value: 'Cocina 2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar compra' }));
    expect(await screen.findByText('La razón social no puede contener números')).toBeTruthy();
    expect(escritas()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Razón social'), { target: { value: 'Cocina Los Andes SpA' } });
    fireEvent.change(screen.getByLabelText('RUT'), { target: { value: '12.345.678-5' } });
    await screen.findByRole('option', { name: 'Región de Valparaíso' });
    fireEvent.change(screen.getByLabelText('Región'), { target: { value: '5' } });
    await screen.findByRole('option', { name: 'Quilpué' });
    fireEvent.change(screen.getByLabelText('Comuna'), { target: { value: '5801' } });
    await screen.findByRole('option', { name: 'Restaurante' });
    fireEvent.change(screen.getByLabelText('Rubro'), { target: { value: '1' } });
    await screen.findByRole('option', { name: 'Transferencia bancaria' });
    fireEvent.change(screen.getByLabelText('Método de pago'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar compra' }));
    await screen.findByRole('heading', { name: 'Confirmación' });

    // The choice was saved on Comprar: only the order is sent.
    expect(escritas()).toEqual(['POST /api/facturacion/crear-orden/']);
    expect(llamadas.at(-1)!.body).toEqual({
      cotizacion_id: 77,
      cotizante_id: 9,
      rut_facturacion: '12.345.678-5',
      razon_social: 'Cocina Los Andes SpA',
      region: 5,
      comuna: 5801,
      rubro: 1,
      metodo_pago: 2,
    });
    expect(historial()[0].datos_facturacion).toEqual({
      rut: '12.345.678-5',
      razon_social: 'Cocina Los Andes SpA',
      giro_comercial: '',
      direccion_facturacion: '',
      telefono: '',
      region: 'Región de Valparaíso',
      comuna: 'Quilpué',
      rubro: 'Restaurante',
      metodo_pago_nombre: 'Transferencia bancaria',
    });
  });

  it("stock gone (409): the server's message, an offer to go back to the results, nothing recorded", async () => {
    const mensaje = 'No queda stock suficiente de "Lomo vetado" de Carnes del Maule: pediste 80 kg y quedan 20.';
    respuestas['POST /api/facturacion/crear-orden/'] = { status: 409, body: { detail: mensaje } };
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect((await screen.findByRole('alert')).textContent).toContain(mensaje);
    expect(historial()).toBeNull();
    expect(router.state.location.pathname).toBe('/facturacion');
    fireEvent.click(screen.getByRole('button', { name: 'Volver a los resultados' }));
    expect(router.state.location.pathname).toBe('/cotizar-resultado');
  });

  it('a choice the server refuses to save places no order, and says why', async () => {
    respuestas['PUT /api/cotizaciones/77/actualizar/'] = {
      status: 400,
      body: { productos: ['Fila 1: Solo quedan 20 kg de "Lomo vetado" de Carnes del Maule; elegiste 80.'] },
    };
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Solo quedan 20 kg');
    expect(escritas()).toEqual(['PUT /api/cotizaciones/77/actualizar/']);
  });

  it('a server failure is silent (SPEC §8): no toast, no message, the buyer can try again', async () => {
    respuestas['POST /api/facturacion/crear-orden/'] = { status: 500, body: { detail: 'Error interno.' } };
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: 'Comprar sin datos de facturación' }) as HTMLButtonElement).disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/facturacion');
  });

  it('without a comparison in session storage the flow starts over', async () => {
    sessionStorage.setItem('cotizacion', '{"cotizacion_id": "77"}');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Cotizar' })).toBeTruthy();
  });
});
