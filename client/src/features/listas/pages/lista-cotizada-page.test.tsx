// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListaCotizada } from '#common/schemas/listas';
import { cotizacionGuardada, cotizanteGuardado, filasCotizacion, solicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { respuestaComparacion } from '../../../test/comparacion';
import { COTIZANTE_DE_PRUEBA } from '../../../test/cotizante';
import { type Llamada, type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { COMPRADORA, signIn } from '../../../test/sesion';
import ListaCotizadaPage from './lista-cotizada-page';

const URL_API = 'GET /api/listas/3/cotizaciones/77/';
const PREPARADA: ListaCotizada = {
  solicitud: {
    id: 5,
    fecha_creacion: '2030-01-07T11:00:00Z',
    solicitud: { id: 5, fecha_creacion: '2030-01-07T11:00:00Z' },
    clave: null,
    detalles: [{ producto_id: 12, cantidad: 100, categoria: 'CARNES', origen: 'Chile', marca: 'Los Andes', producto_nombre: 'Lomo vetado', unidad: 'KILO' }],
  },
  cotizante: { ...COTIZANTE_DE_PRUEBA, clave: null, fecha_entrega: '2099-01-15' },
  cotizacion: respuestaComparacion({ cotizacion_id: 77, fecha_entrega: '2099-01-15', resultados: [], productos_no_identificados: [] }),
  orden_id: null,
};

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  respuestas = { [URL_API]: { status: 200, body: PREPARADA } };
  signIn(respuestas, COMPRADORA);
  llamadas = stubFetch(respuestas);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

async function abrir(path = '/listas/3/cotizaciones/77') {
  const router = renderAt('/listas/:id/cotizaciones/:cotizacionId', <ListaCotizadaPage />, {
    '/cotizar-resultado': 'Las mejores opciones para ti',
    '/listas': 'Mis listas',
    '/ordenes/:id': 'Orden de compra',
    '/cotizar': 'Cotizar',
  });
  await act(() => router.navigate(path));
  return router;
}

describe('/listas/:id/cotizaciones/:cotizacionId, the reminder e-mail’s link', () => {
  it('keeps the prepared quotation in the tab as the flow does and gives its place to the results', async () => {
    // Rows of a quotation in progress in this tab: the prepared one replaces it whole.
    filasCotizacion.set([{ key: 'a', categoria: 1, origen: null, marca: null, producto: 99, cantidad: '5' }]);
    const router = await abrir();
    expect(await screen.findByRole('heading', { name: 'Las mejores opciones para ti' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cotizar-resultado');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(solicitudGuardada.get()).toEqual(PREPARADA.solicitud);
    expect(cotizanteGuardado.get()).toEqual({ ...PREPARADA.cotizante, solicitud_id: 5 });
    expect(cotizacionGuardada.get()).toEqual(PREPARADA.cotizacion);
    expect(filasCotizacion.get()).toBeNull();
    expect(llamadas.filter((l) => l.url === '/api/listas/3/cotizaciones/77/')).toHaveLength(1);
  });

  it('one already bought says which order, and quotes the same products again', async () => {
    respuestas[URL_API] = { status: 200, body: { ...PREPARADA, orden_id: 501 } };
    const router = await abrir();
    expect(await screen.findByRole('heading', { name: 'Ya compraste esta cotización' })).toBeTruthy();
    expect(screen.getByText(/Es la orden de compra N° 501\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver la orden' }).getAttribute('href')).toBe('/ordenes/501');
    expect(cotizacionGuardada.get()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cotizar de nuevo' }));
    expect(router.state.location.pathname).toBe('/cotizar');
    expect(router.state.location.search).toBe('?repetir=12-100');
    expect(router.state.location.state).toEqual({ nombres: { 12: 'Lomo vetado' } });
  });

  it('one whose delivery day has passed says so, and stores nothing', async () => {
    respuestas[URL_API] = { status: 200, body: { ...PREPARADA, cotizante: { ...PREPARADA.cotizante, fecha_entrega: '2020-01-15' } } };
    await abrir();
    expect(await screen.findByRole('heading', { name: 'Esta cotización ya no se puede comprar' })).toBeTruthy();
    expect(screen.getByText(/Era para entregar el 15 de enero de 2020/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cotizar de nuevo' })).toBeTruthy();
    expect(solicitudGuardada.get()).toBeNull();
  });

  it('an unknown one (or another account’s) says so, with the way to the lists', async () => {
    respuestas[URL_API] = { status: 404, body: { detail: 'No encontramos esta cotización de tu lista.' } };
    await abrir();
    expect(await screen.findByRole('heading', { name: 'No encontramos esta cotización' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Mis listas' }).getAttribute('href')).toBe('/listas');
    // A link that names no record asks the server nothing.
    cleanup();
    await abrir('/listas/3/cotizaciones/abc');
    expect(screen.getByRole('heading', { name: 'No encontramos esta cotización' })).toBeTruthy();
    expect(llamadas.filter((l) => l.url.includes('abc'))).toHaveLength(0);
  });
});
