// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiasEntrega } from '#common/schemas/dias-entrega';
import { renderAt, stubFetch, type Llamada, type Respuesta } from '../../../test/page-harness';
import { COTIZANTE_DE_PRUEBA } from '../../../test/cotizante';
import DatosCotizacionPage from './datos-cotizacion-page';

const SOLICITUD = {
  id: 5,
  fecha_creacion: '2026-11-23T10:00:00Z',
  clave: 'clave-de-prueba',
  detalles: [
    { producto_id: 23, cantidad: 150, categoria: 'CARNE BOVINA', origen: 'Chile', marca: 'Carnes Ñuble', producto_nombre: 'Abastero', unidad: 'KILO' },
  ],
};

/** Tuesday 1 December 2026 onwards: 3 suppliers, none on Sundays, all three first on Thursday the 3rd. */
const DIAS: DiasEntrega = {
  total_proveedores: 3,
  dias: Array.from({ length: 14 }, (_, i) => {
    const fecha = `2026-12-${String(i + 1).padStart(2, '0')}`;
    const proveedores = i === 5 || i === 12 ? 0 : i === 2 || i === 9 ? 3 : i % 2 === 0 ? 2 : 1;
    return { fecha, proveedores };
  }),
  propuesta: '2026-12-03',
};
const URL_DIAS = 'GET /api/cotizaciones/solicitud/5/dias-entrega/?comuna=13123';

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  sessionStorage.setItem('solicitud', JSON.stringify(SOLICITUD));
  respuestas = {
    'GET /api/ubicacion/regiones/': { status: 200, body: [{ id: 13, nombre: 'Metropolitana de Santiago' }] },
    'GET /api/ubicacion/comunas/?region=13': {
      status: 200,
      body: [
        { id: 13123, nombre: 'Providencia' },
        { id: 13120, nombre: 'Ñuñoa' },
      ],
    },
    [URL_DIAS]: { status: 200, body: DIAS },
    'POST /api/cotizaciones/crear-cotizante/': {
      status: 201,
      body: {
        ...COTIZANTE_DE_PRUEBA,
        fecha_entrega: '2026-12-07',
        region: 13,
        comuna: 13123,
        region_nombre: 'Metropolitana de Santiago',
        comuna_nombre: 'Providencia',
      },
    },
  };
  llamadas = stubFetch(respuestas);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

const renderPage = () => renderAt('/datos-cotizacion', <DatosCotizacionPage />, { '/confirmar-cotizacion': 'Confirmar' });
const FECHA = 'Fecha de entrega (opcional)';

async function elegirComuna(comuna = '13123') {
  await screen.findByRole('option', { name: 'Metropolitana de Santiago' });
  fireEvent.change(screen.getByRole('combobox', { name: 'Región' }), { target: { value: '13' } });
  await screen.findByRole('option', { name: 'Providencia' });
  fireEvent.change(screen.getByRole('combobox', { name: 'Comuna' }), { target: { value: comuna } });
}

async function llenarContacto() {
  fireEvent.change(screen.getByLabelText('Nombre de contacto'), { target: { value: 'Daniela Araya' } });
  fireEvent.change(screen.getByLabelText('Correo de contacto'), { target: { value: 'daniela@cocina.cl' } });
  fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '+56912345678' } });
  fireEvent.change(screen.getByLabelText('Dirección de envío (opcional)'), { target: { value: 'Av. Italia 1450' } });
}

const lista = () => screen.findByRole('combobox', { name: FECHA }) as Promise<HTMLSelectElement>;
const opciones = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);

describe('/datos-cotizacion, the delivery date', () => {
  it('before a comuna is chosen, is the plain date field', async () => {
    renderPage();
    expect(await screen.findByRole('textbox', { name: FECHA })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: FECHA })).toBeNull();
    expect(llamadas.some((l) => l.url.includes('dias-entrega'))).toBe(false);
  });

  it('once the comuna is chosen, lists the days someone delivers there with how many, proposes the first all can, and sends the day chosen', async () => {
    renderPage();
    await elegirComuna();
    const select = await lista();
    expect(opciones(select)).toEqual([
      'Sin fecha',
      'martes 1: 2 de 3 proveedores',
      'miércoles 2: 1 de 3 proveedores',
      'jueves 3: 3 de 3 proveedores (propuesto)',
      'viernes 4: 1 de 3 proveedores',
      'sábado 5: 2 de 3 proveedores',
      // Sunday the 6th: no one delivers, not offered.
      'lunes 7: 2 de 3 proveedores',
      'martes 8: 1 de 3 proveedores',
      'miércoles 9: 2 de 3 proveedores',
      'jueves 10: 3 de 3 proveedores',
      'viernes 11: 2 de 3 proveedores',
      'sábado 12: 1 de 3 proveedores',
      'lunes 14: 1 de 3 proveedores',
    ]);
    await waitFor(() => expect(select.value).toBe('2026-12-03'));
    expect(screen.getByText('Propuesto: el jueves 3, el primer día en que todos pueden despachar.')).toBeTruthy();
    const pedido = llamadas.find((l) => l.url.includes('dias-entrega'))!;
    expect(pedido.headers['x-clave-cotizacion']).toBe('clave-de-prueba');

    fireEvent.change(select, { target: { value: '2026-12-07' } });
    await llenarContacto();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Confirmar' });
    expect(llamadas.find((l) => l.method === 'POST')!.body).toMatchObject({ fecha_entrega: '2026-12-07', comuna: 13123, solicitud_id: 5 });
  });

  it("keeps 'Sin fecha' once the buyer chooses it: the request goes without a date", async () => {
    renderPage();
    await elegirComuna();
    const select = await lista();
    await waitFor(() => expect(select.value).toBe('2026-12-03'));
    fireEvent.change(select, { target: { value: '' } });
    await llenarContacto();
    expect(select.value).toBe('');
    expect(screen.getByText('Sin fecha: cada proveedor despacha el primer día que pueda.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Confirmar' });
    expect(llamadas.find((l) => l.method === 'POST')!.body).not.toHaveProperty('fecha_entrega');
  });

  it("another comuna's proposal replaces the one the field chose itself, never the buyer's", async () => {
    respuestas['GET /api/cotizaciones/solicitud/5/dias-entrega/?comuna=13120'] = { status: 200, body: { ...DIAS, propuesta: '2026-12-10' } };
    renderPage();
    await elegirComuna();
    const select = await lista();
    await waitFor(() => expect(select.value).toBe('2026-12-03'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Comuna' }), { target: { value: '13120' } });
    await waitFor(() => expect(select.value).toBe('2026-12-10'));
    fireEvent.change(select, { target: { value: '2026-12-04' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Comuna' }), { target: { value: '13123' } });
    await waitFor(() => expect(llamadas.filter((l) => l.url.includes('dias-entrega'))).toHaveLength(2));
    expect(select.value).toBe('2026-12-04');
  });

  it('with no day for all, says the proposal is the day with the most', async () => {
    respuestas[URL_DIAS] = { status: 200, body: { ...DIAS, total_proveedores: 4 } };
    renderPage();
    await elegirComuna();
    expect(await screen.findByText('Propuesto: el jueves 3, el primer día en que más proveedores pueden despachar.')).toBeTruthy();
    expect(opciones(await lista())).toContain('jueves 3: 3 de 4 proveedores (propuesto)');
  });

  it('a date the form held before the comuna stays chosen, said as it is, even when the list does not offer it', async () => {
    renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: FECHA }), { target: { value: '20-01-2027' } });
    await elegirComuna();
    const select = await lista();
    expect(select.value).toBe('2027-01-20');
    expect(select.selectedOptions[0]!.textContent).toBe('20 de enero de 2027');
  });

  it("coming back to change the delivery data, a confirmed 'Sin fecha' stays: no proposal replaces it", async () => {
    sessionStorage.setItem(
      'cotizante',
      JSON.stringify({
        ...COTIZANTE_DE_PRUEBA,
        solicitud_id: 5,
        fecha_entrega: null,
        region: 13,
        comuna: 13123,
        region_nombre: 'Metropolitana de Santiago',
        comuna_nombre: 'Providencia',
      }),
    );
    renderPage();
    const select = await lista();
    await waitFor(() => expect(opciones(select)).toContain('jueves 3: 3 de 3 proveedores (propuesto)'));
    expect(select.value).toBe('');
  });

  it('when the call fails, stays the plain date field', async () => {
    respuestas[URL_DIAS] = { status: 500, body: { detail: 'Error interno.' } };
    renderPage();
    await elegirComuna();
    await waitFor(() => expect(llamadas.some((l) => l.url.includes('dias-entrega'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('textbox', { name: FECHA })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: FECHA })).toBeNull();
  });
});
