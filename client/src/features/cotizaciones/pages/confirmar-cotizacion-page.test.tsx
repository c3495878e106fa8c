// @vitest-environment jsdom
import { respuestaComparacion } from '../../../test/comparacion';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../ui/toast';
import ConfirmarCotizacionPage from './confirmar-cotizacion-page';
import { renderAt, stubFetch, type Llamada, type Respuesta } from '../../../test/page-harness';
import { COTIZANTE_DE_PRUEBA } from '../../../test/cotizante';
import { COMPRADORA, signIn } from '../../../test/sesion';

const COMPARACION = respuestaComparacion({ cotizacion_id: 77, fecha_entrega: '2030-01-15', resultados: [], productos_no_identificados: [] });

const SOLICITUD = {
  id: 5,
  fecha_creacion: '2026-11-23T10:00:00Z',
  clave: 'clave-de-prueba',
  detalles: [
    { producto_id: 23, cantidad: 150, categoria: 'CARNE BOVINA', origen: 'Chile', marca: 'Carnes Ñuble', producto_nombre: 'Abastero', unidad: 'KILO' },
  ],
};
const COTIZANTE = COTIZANTE_DE_PRUEBA;

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  sessionStorage.setItem('solicitud', JSON.stringify(SOLICITUD));
  sessionStorage.setItem('cotizante', JSON.stringify(COTIZANTE));
  respuestas = {
    'PUT /api/cotizaciones/editar-cotizante/9/': { status: 200, body: { ...COTIZANTE, solicitud_id: 5 } },
    'POST /api/cotizaciones/comparar-precios/': {
      status: 201,
      body: COMPARACION,
    },
  };
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

const renderPage = () => renderAt('/confirmar-cotizacion', <ConfirmarCotizacionPage />, { '/cotizar-resultado': 'Resultados', '/cotizar': 'Cotizar' });

const avanzar = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('/confirmar-cotizacion', () => {
  it('marks what a phone shows small (cotizaciones.css): each product line, and the delivery data as three lines, their labels kept', () => {
    renderPage();
    const tabla = screen.getByRole('table', { name: 'Productos solicitados' });
    const celdas = [...tabla.querySelectorAll('tbody td')].map((td) => [td.getAttribute('data-label'), td.className, td.textContent]);
    expect(celdas).toEqual([
      ['Producto', 'resumen__col-producto', 'Abastero'],
      ['Categoría', 'resumen__col-secundaria', 'CARNE BOVINA'],
      ['Origen', 'resumen__col-secundaria', 'Chile'],
      ['Marca', 'resumen__col-secundaria', 'Carnes Ñuble'],
      ['Unidad', 'resumen__col-unidad', 'KILO'],
      ['Cantidad', 'resumen__col-cantidad', '150'],
    ]);
    // The column names stay the table's headers.
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Producto', 'Categoría', 'Origen', 'Marca', 'Unidad', 'Cantidad']);
    const datos = document.querySelector('dl[aria-label="Datos de entrega"]')!;
    const filas = [...datos.querySelectorAll('.datos__fila')];
    expect(filas.map((f) => f.querySelector('dt')!.textContent)).toEqual([
      'Fecha de entrega',
      'Nombre de contacto',
      'Correo de contacto',
      'Teléfono',
      'Dirección de envío',
      'Región',
      'Comuna',
    ]);
    // When, who, where: each line starts at its first field.
    expect(filas.filter((f) => f.classList.contains('datos__fila--linea')).map((f) => f.querySelector('dt')!.textContent)).toEqual([
      'Fecha de entrega',
      'Nombre de contacto',
      'Dirección de envío',
    ]);
    // The actions stay at the end, Generar cotización last.
    expect([...document.querySelectorAll('.form__actions button')].map((b) => b.textContent)).toEqual(['Volver', 'Generar cotización']);
  });

  it('re-saves the delivery data, compares, rotates the three messages every 2 s and opens the results at 6 s', async () => {
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Generar cotización' }));
    expect(screen.getByRole('status').textContent).toBe('Buscando los mejores precios');
    await avanzar(2000);
    expect(screen.getByRole('status').textContent).toBe('Analizando opciones disponibles');
    await avanzar(2000);
    expect(screen.getByRole('status').textContent).toBe('Seleccionando los productos ideales');
    await avanzar(1900);
    expect(router.state.location.pathname).toBe('/confirmar-cotizacion');
    await avanzar(100);
    expect(router.state.location.pathname).toBe('/cotizar-resultado');

    expect(llamadas.map((l) => `${l.method} ${l.url}`)).toEqual(['PUT /api/cotizaciones/editar-cotizante/9/', 'POST /api/cotizaciones/comparar-precios/']);
    expect(llamadas[0]!.headers['x-clave-cotizacion']).toBe('clave-de-prueba');
    expect(llamadas[0]!.body).toMatchObject({ nombre_contacto: 'Daniela Araya', solicitud_id: 5 });
    expect(llamadas[1]!.body).toEqual({ productos: [{ producto: 23, cantidad: 150 }], solicitudId: 5 });
    // An anonymous request is compared with its clave too.
    expect(llamadas[1]!.headers['x-clave-cotizacion']).toBe('clave-de-prueba');
    // docs/producto.md §4.3: the quotation id and results are kept, and the history gains the entry.
    expect(JSON.parse(sessionStorage.getItem('cotizacion')!)).toEqual(COMPARACION);
    expect(JSON.parse(localStorage.getItem('historialCotizaciones')!)[0].usuario_id).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('historialCotizaciones')!)[0].productos).toEqual([
      { producto: 23, categoria: 'CARNE BOVINA', origen: 'Chile', marca: 'Carnes Ñuble', producto_nombre: 'Abastero', unidad: 'KILO', cantidad: 150 },
    ]);
  });

  it('compared again (the buyer came back for another date), opens the results as soon as they are ready', async () => {
    sessionStorage.setItem(
      'cotizacion',
      JSON.stringify(respuestaComparacion({ cotizacion_id: 76, fecha_entrega: '2030-01-14', resultados: [], productos_no_identificados: [] })),
    );
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Generar cotización' }));
    // The two calls answer; no 6 s pass.
    await avanzar(50);
    expect(router.state.location.pathname).toBe('/cotizar-resultado');
    expect(JSON.parse(sessionStorage.getItem('cotizacion')!)).toEqual(COMPARACION);
  });

  it("a logged-in buyer's history entry names its account, whose /historial reads it from the server", async () => {
    signIn(respuestas, COMPRADORA);
    renderPage();
    // The session is known before the comparison is asked for.
    await avanzar(0);
    fireEvent.click(screen.getByRole('button', { name: 'Generar cotización' }));
    await avanzar(6000);
    expect(JSON.parse(localStorage.getItem('historialCotizaciones')!)).toMatchObject([{ cotizacion_id: 77, usuario_id: COMPRADORA.id }]);
  });

  it.each([
    [400, 'Error en los datos enviados. Por favor, verifica la información.'],
    [500, 'Error al generar la cotización. Intenta nuevamente.'],
    [404, 'Error al generar la cotización. Intenta nuevamente.'],
  ])('a comparison answered %i says so and returns to the summary', async (status, mensaje) => {
    respuestas['POST /api/cotizaciones/comparar-precios/'] = { status, body: { detail: 'Algo falló.' } };
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Generar cotización' }));
    await avanzar(0);
    expect(toast.error).toHaveBeenCalledWith(mensaje);
    expect(screen.getByRole('button', { name: 'Generar cotización' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirmar-cotizacion');
    expect(localStorage.getItem('historialCotizaciones')).toBeNull();
  });

  it('a delivery record that cannot be re-saved stops before comparing', async () => {
    respuestas['PUT /api/cotizaciones/editar-cotizante/9/'] = { status: 400, body: { fecha_entrega: ['No puedes seleccionar una fecha pasada'] } };
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Generar cotización' }));
    await avanzar(0);
    expect(toast.error).toHaveBeenCalledWith('Ocurrió un error al confirmar la cotización');
    expect(llamadas).toHaveLength(1);
  });

  it('goes to /cotizar when the delivery data belong to another request', async () => {
    sessionStorage.setItem('cotizante', JSON.stringify({ ...COTIZANTE, solicitud_id: 6 }));
    const router = renderPage();
    await avanzar(0);
    expect(router.state.location.pathname).toBe('/cotizar');
  });
});
