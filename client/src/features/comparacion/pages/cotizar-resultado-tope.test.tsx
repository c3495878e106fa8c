// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompararPrecios, ResultadoComparacion } from '#common/schemas/comparacion';
import { CLAVE_COTIZACION_HEADER } from '#common/schemas/cotizaciones';
import CotizarResultadoPage from './cotizar-resultado-page';
import { pantalla } from '../../../app/layout/pantalla.fixtures';
import { renderAt, stubFetch, type Llamada, type Respuesta } from '../../../test/page-harness';
import { opcionDePrueba, respuestaComparacion, resultadoDePrueba } from '../../../test/comparacion';

vi.mock('../../../lib/listas/guardar-como-lista', () => ({ GuardarComoLista: () => null }));

/** Product `producto`'s line, bought from supplier `proveedor` at `precio` per kg. */
function linea(producto: number, proveedor: number, precio: number): ResultadoComparacion {
  return resultadoDePrueba({
    producto,
    nombre: `Producto ${producto}`,
    cantidad_solicitada: 100,
    opciones_seleccionadas: [
      opcionDePrueba(producto * 10 + proveedor, {
        proveedor_id: proveedor,
        proveedor: `Proveedor ${proveedor}`,
        producto: `Producto ${producto}`,
        cantidad_solicitada: 100,
        cantidad_proveida: 100,
        precio,
        subtotal: precio * 100,
        estado: 'seleccionado',
      }),
    ],
  });
}

/** Without a cap: three suppliers, $300.000. */
const SIN_TOPE: CompararPrecios = respuestaComparacion({
  cotizacion_id: 77,
  fecha_entrega: '2026-11-30',
  resultados: [linea(1, 1, 1000), linea(2, 2, 1000), linea(3, 3, 1000)],
  productos_no_identificados: [],
});
/** At most 2: $318.400, two suppliers. */
const CON_TOPE: CompararPrecios = respuestaComparacion({
  cotizacion_id: 78,
  fecha_entrega: '2026-11-30',
  resultados: [linea(1, 1, 1000), linea(2, 1, 1184), linea(3, 3, 1000)],
  productos_no_identificados: [],
  tope: {
    max_proveedores: 2,
    proveedores: 2,
    proveedores_sin_tope: 3,
    total_sin_tope: 300_000,
    diferencia: 18_400,
    mensaje: '+$18.400 por recibir 2 camiones en vez de 3',
  },
});

const COMPARAR = 'POST /api/cotizaciones/comparar-precios/';
let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  pantalla(1280);
  sessionStorage.setItem('cotizacion', JSON.stringify(SIN_TOPE));
  sessionStorage.setItem(
    'solicitud',
    JSON.stringify({
      id: 5,
      fecha_creacion: '2026-11-23T10:00:00Z',
      clave: 'clave-de-prueba',
      detalles: [1, 2, 3].map((p) => ({
        id: p,
        producto_id: p,
        producto_nombre: `Producto ${p}`,
        categoria: 'CARNE BOVINA',
        origen: 'Chile',
        marca: 'Swift',
        unidad: 'KILO',
        cantidad: 100,
      })),
    }),
  );
  respuestas = { [COMPARAR]: { status: 201, body: CON_TOPE } };
  llamadas = stubFetch(respuestas);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

const renderPage = () => renderAt('/cotizar-resultado', <CotizarResultadoPage />, { '/cotizar': 'Cotizar' });
const control = () => screen.getByRole('combobox', { name: 'Menos proveedores' }) as HTMLSelectElement;
const total = () => screen.getByLabelText('Total').textContent;

describe("/cotizar-resultado's 'Menos proveedores'", () => {
  it('offers the caps that could change the basket, compares again with the one chosen and shows what it costs, the new total and the cap chosen', async () => {
    renderPage();
    expect(
      within(control())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sin límite', 'Máximo 1 proveedor', 'Máximo 2 proveedores']);
    expect(control().value).toBe('');
    expect(total()).toContain('$357.000');

    fireEvent.change(control(), { target: { value: '2' } });
    expect(await screen.findByText('+$18.400 por recibir 2 camiones en vez de 3')).toBeTruthy();
    expect(llamadas.filter((l) => l.method === 'POST')).toEqual([
      expect.objectContaining({
        body: { productos: [1, 2, 3].map((producto) => ({ producto, cantidad: 100 })), solicitudId: 5, max_proveedores: 2 },
        headers: expect.objectContaining({ [CLAVE_COTIZACION_HEADER]: 'clave-de-prueba' }),
      }),
    ]);
    // The new quotation is the one the screen (and Comprar) now holds; with IVA: 318.400 × 1,19.
    expect(JSON.parse(sessionStorage.getItem('cotizacion')!).cotizacion_id).toBe(78);
    expect(total()).toContain('$378.896');
    expect(screen.queryByRole('table', { name: 'Opciones seleccionadas: Proveedor 2' })).toBeNull();
    expect(control().value).toBe('2');
    expect(document.activeElement).toBe(control());

    // A reload reads the same stored answer: the cap and its cost are still there.
    cleanup();
    renderPage();
    expect(control().value).toBe('2');
    expect(screen.getByText('+$18.400 por recibir 2 camiones en vez de 3')).toBeTruthy();

    // 'Sin límite' compares again without a cap.
    respuestas[COMPARAR] = { status: 201, body: { ...SIN_TOPE, cotizacion_id: 79 } };
    fireEvent.change(control(), { target: { value: '' } });
    await screen.findByRole('table', { name: 'Opciones seleccionadas: Proveedor 2' });
    expect(llamadas.filter((l) => l.method === 'POST').at(-1)!.body).toEqual({
      productos: [1, 2, 3].map((producto) => ({ producto, cantidad: 100 })),
      solicitudId: 5,
    });
    expect(control().value).toBe('');
    expect(screen.queryByText(/camiones en vez de/)).toBeNull();
  });

  it('a comparison that fails says so under the control and keeps the results as they were', async () => {
    respuestas[COMPARAR] = { status: 500, body: { detail: 'Error interno del servidor.' } };
    renderPage();
    fireEvent.change(control(), { target: { value: '1' } });
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos comparar de nuevo con ese máximo de proveedores. Intenta nuevamente.');
    expect(JSON.parse(sessionStorage.getItem('cotizacion')!).cotizacion_id).toBe(77);
    expect(control().value).toBe('');
    expect(screen.getByRole('table', { name: 'Opciones seleccionadas: Proveedor 2' })).toBeTruthy();
  });

  it('a basket from one supplier offers no cap', () => {
    const uno = respuestaComparacion({ cotizacion_id: 77, fecha_entrega: '2026-11-30', resultados: [linea(1, 1, 1000)], productos_no_identificados: [] });
    sessionStorage.setItem('cotizacion', JSON.stringify(uno));
    renderPage();
    expect(screen.queryByRole('combobox', { name: 'Menos proveedores' })).toBeNull();
  });
});
