// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompararPrecios, Opcion, ResultadoComparacion } from '../../../../../common/schemas/comparacion';
import { toast } from '../../../ui/toast';
import CotizarResultadoPage from './cotizar-resultado-page';
import { renderAt, stubFetch, type Llamada, type Respuesta } from '../../../test/page-harness';
import { respuestaComparacion } from '../../../test/comparacion';
import { COTIZANTE_DE_PRUEBA } from '../../../test/cotizante';

const opcion = (id: number, o: Partial<Opcion>): Opcion => ({
  opcion_id: id,
  proveedor_producto_id: 40 + id,
  proveedor_id: id,
  producto: 'Lomo vetado',
  marca: 'Swift',
  categoria: 'CARNE BOVINA',
  origen: 'Argentina',
  unidad: 'KILO',
  proveedor: `Proveedor ${id}`,
  cantidad_solicitada: 280,
  cantidad_proveida: 280,
  precio: 15_000,
  subtotal: 4_200_000,
  stock_disponible: 1000,
  fecha_vencimiento: '2026-12-31',
  estado: 'adicional',
  ...o,
});
const LOMO: ResultadoComparacion = {
  producto: 7,
  nombre: 'Lomo vetado',
  unidad: 'KILO',
  cantidad_solicitada: 280,
  opciones_seleccionadas: [opcion(1, { estado: 'seleccionado' })],
  opciones_adicionales: [opcion(2, { stock_disponible: 80, cantidad_proveida: 80, precio: 16_000 })],
  mensaje: null,
  productos_inexistentes: [],
  sugerencia: {
    proveedor_producto_id: 41,
    cantidad_adicional: 20,
    cantidad_total: 300,
    precio: 14_000,
    total: 4_200_000,
    mensaje: 'Agrega 20 kg y pagas $14.000/kg',
  },
  avisos: [],
};
const PATO: ResultadoComparacion = {
  producto: 8,
  nombre: 'Pato entero',
  unidad: 'KILO',
  cantidad_solicitada: 100,
  opciones_seleccionadas: [],
  opciones_adicionales: [],
  mensaje: 'No hay ofertas de "Pato entero" con stock para la fecha de entrega.',
  productos_inexistentes: ['Pato entero'],
  sugerencia: null,
  avisos: [],
};
const COTIZACION: CompararPrecios = respuestaComparacion({
  cotizacion_id: 77,
  fecha_entrega: '2026-11-30',
  resultados: [LOMO, PATO],
  productos_no_identificados: [{ producto: 999, mensaje: 'No encontramos el producto 999 en el catálogo.' }],
});

const ACTUALIZAR = 'PUT /api/cotizaciones/77/actualizar/';
const COTIZANTE = COTIZANTE_DE_PRUEBA;
let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  sessionStorage.setItem('cotizacion', JSON.stringify(COTIZACION));
  sessionStorage.setItem('solicitud', JSON.stringify({ id: 5, fecha_creacion: '2026-11-23T10:00:00Z', clave: 'clave-de-prueba', detalles: [] }));
  respuestas = { [ACTUALIZAR]: { status: 200, body: { id: 77 } } };
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const renderPage = () =>
  renderAt('/cotizar-resultado', <CotizarResultadoPage />, { '/facturacion': 'Facturación', '/confirmar-cotizacion': 'Resumen', '/cotizar': 'Cotizar' });

const eleccion = () => JSON.parse(sessionStorage.getItem('eleccion') ?? 'null');

describe('/cotizar-resultado', () => {
  it('lists the selected option in CLP with its total and the nudge; the not-found and unidentified modals list their products', () => {
    renderPage();
    const tabla = screen.getByRole('table', { name: 'Opciones seleccionadas' });
    expect(within(tabla).getAllByRole('row')).toHaveLength(2);
    expect(tabla.textContent).toContain('Proveedor 1');
    expect(tabla.textContent).toContain('$4.200.000');
    expect(tabla.textContent).toContain('Agrega 20 kg y pagas $14.000/kg');
    expect(screen.getByLabelText('Total').textContent).toContain('$4.200.000');

    fireEvent.click(screen.getByRole('button', { name: 'Productos no encontrados (1)' }));
    expect(screen.getByRole('dialog', { name: 'Productos no encontrados' }).textContent).toContain('Pato entero');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Productos no identificados (1)' }));
    expect(screen.getByRole('dialog', { name: 'Productos no identificados' }).textContent).toContain('No encontramos el producto 999 en el catálogo.');
  });

  it('a swap to less stock is confirmed first; the choice is kept in session storage and survives a new visit', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Ver alternativas a Proveedor 1 para Lomo vetado' }));
    fireEvent.click(screen.getByRole('button', { name: 'Elegir Proveedor 2' }));
    expect(screen.getByRole('dialog', { name: 'Stock insuficiente' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sí' }));

    const tabla = screen.getByRole('table', { name: 'Opciones seleccionadas' });
    expect(tabla.textContent).toContain('Proveedor 2');
    expect(tabla.textContent).toContain('Stock insuficiente: faltan 200 kg');
    expect(eleccion()).toMatchObject({ cotizacion_id: 77, guardada: false });
    expect(eleccion().resultados[0].opciones_seleccionadas[0]).toMatchObject({ opcion_id: 2, cantidad_proveida: 80, estado: 'seleccionado' });

    cleanup();
    renderPage();
    expect(screen.getByRole('table', { name: 'Opciones seleccionadas' }).textContent).toContain('Stock insuficiente: faltan 200 kg');
    expect(screen.getByText(/Cambiaste la selección/)).toBeTruthy();
  });

  it('Comprar saves the choice with the clave and goes to billing', async () => {
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    await screen.findByRole('heading', { name: 'Facturación' });
    expect(llamadas.map((l) => `${l.method} ${l.url}`)).toEqual(['PUT /api/cotizaciones/77/actualizar/']);
    expect(llamadas[0]!.body).toEqual({ productos: [{ proveedor_producto_id: 41, cantidad: 280, precio: 15_000 }] });
    expect(llamadas[0]!.headers['x-clave-cotizacion']).toBe('clave-de-prueba');
    expect(eleccion().guardada).toBe(true);
    expect(router.state.location.pathname).toBe('/facturacion');
  });

  it('a failed save is silent (SPEC §8) but the choice stays, unsaved, for the order screen to send', async () => {
    respuestas[ACTUALIZAR] = { status: 500, body: { detail: 'Error interno.' } };
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    await screen.findByRole('heading', { name: 'Facturación' });
    expect(toast.error).not.toHaveBeenCalled();
    expect(eleccion()).toMatchObject({ cotizacion_id: 77, guardada: false });
  });

  it('a tampered comparison in session storage sends the buyer back to /cotizar, never a blank screen', async () => {
    sessionStorage.setItem('cotizacion', JSON.stringify({ ...COTIZACION, resultados: [{ producto: 'x' }] }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Cotizar' })).toBeTruthy();
    expect(sessionStorage.getItem('cotizacion')).toBeNull();
  });

  it("with a delivery date: 'para entregar el' that day, in the es-CL long format", () => {
    sessionStorage.setItem('cotizante', JSON.stringify({ ...COTIZANTE, fecha_entrega: '2026-11-30' }));
    renderPage();
    expect(screen.getByText(/Precios y stock para entregar el 30 de noviembre de 2026\./)).toBeTruthy();
  });

  it('without a delivery date it says so, never today as if chosen (issue #20)', () => {
    sessionStorage.setItem('cotizante', JSON.stringify(COTIZANTE));
    renderPage();
    expect(screen.getByText(/Precios y stock sin fecha de entrega: se usan los lotes que vencen después de hoy\./)).toBeTruthy();
    expect(screen.queryByText(/entregar el/)).toBeNull();
  });

  it('after a stock conflict at checkout it says the options were brought up to date', async () => {
    const aviso = 'Actualizamos las opciones con el stock disponible ahora. Revisa tu selección antes de comprar.';
    const router = renderPage();
    expect(screen.queryByText(aviso)).toBeNull();
    await router.navigate('/facturacion');
    await router.navigate('/cotizar-resultado', { state: { stockActualizado: true } });
    expect(await screen.findByText(aviso)).toBeTruthy();
  });
});
