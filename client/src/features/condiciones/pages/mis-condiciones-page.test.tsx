// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONDICIONES_POR_DEFECTO, type CondicionesDespacho } from '#common/despacho';
import { COMUNA_DESCONOCIDA, MINIMO_INVALIDO } from '#common/schemas/condiciones';
import { type Llamada, renderAt, type Respuesta, stubFetch } from '../../../test/page-harness';
import { toast } from '../../../ui/toast';
import MisCondicionesPage from './mis-condiciones-page';

const URL = '/api/proveedor/condiciones/';
const METROPOLITANA = [
  { id: 13101, nombre: 'Santiago' },
  { id: 13114, nombre: 'Las Condes' },
  { id: 13123, nombre: 'Providencia' },
];
const VALPARAISO = [
  { id: 5101, nombre: 'Valparaíso' },
  { id: 5109, nombre: 'Viña del Mar' },
];
const TODAS = [...VALPARAISO, ...METROPOLITANA].map((c) => c.id).sort((a, b) => a - b);
const POR_DEFECTO = { guardadas: false, ...CONDICIONES_POR_DEFECTO, comunas: TODAS };
const AVISO = /^Aún no guardas tus condiciones: hasta que las guardes, tus productos no aparecen en las cotizaciones\./;

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  localStorage.setItem('access', 'a.b.c');
  respuestas = {
    [`GET ${URL}`]: { status: 200, body: POR_DEFECTO },
    'GET /api/ubicacion/regiones/': {
      status: 200,
      body: [
        { id: 5, nombre: 'Región de Valparaíso' },
        { id: 13, nombre: 'Región Metropolitana de Santiago' },
      ],
    },
    'GET /api/ubicacion/comunas/?region=5': { status: 200, body: VALPARAISO },
    'GET /api/ubicacion/comunas/?region=13': { status: 200, body: METROPOLITANA },
  };
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

const region = (nombre: string) => screen.getByRole('group', { name: nombre });
const resumen = () => screen.getByTestId('resumen-condiciones').textContent;
const escribir = (label: string, valor: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: valor } });
const enviado = () => llamadas.filter((l) => l.method === 'PUT').map((l) => l.body);

describe('/mis-condiciones', () => {
  it('shows the defaults and their sentence: every comuna, lunes a sábado, no minimum, free delivery', async () => {
    renderAt('/mis-condiciones', <MisCondicionesPage />);
    await screen.findByRole('heading', { name: 'Condiciones de despacho' });
    await waitFor(() =>
      expect(resumen()).toBe('Despachas lunes, martes, miércoles, jueves, viernes y sábado en todas las comunas; sin pedido mínimo; despacho gratis.'),
    );
    // The cut-off, easiest to get wrong, under it.
    expect(screen.getByText('Recibes pedidos antes de las 18:00 del día anterior a la entrega.')).toBeTruthy();
    expect((within(region('Región Metropolitana de Santiago')).getByLabelText('Toda la región') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Domingo') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Hora de corte') as HTMLInputElement).value).toBe('18:00');
    expect((screen.getByLabelText('Despacho gratis desde') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Pedido mínimo') as HTMLInputElement).value).toBe('$0');
    // Never saved: the comparison applies none of them yet, and the page says so.
    expect(screen.getByText(AVISO)).toBeTruthy();
  });

  it('changes the sentence as the supplier edits, and saves the terms it shows', async () => {
    const guardadas: CondicionesDespacho = {
      comunas: [5109, 13101, 13114, 13123],
      dias_despacho: [2, 4],
      anticipacion_dias: 2,
      hora_corte: '14:30',
      monto_minimo: 50_000,
      costo_despacho: 8_990,
      despacho_gratis_desde: 150_000,
    };
    respuestas[`PUT ${URL}`] = { status: 200, body: { guardadas: true, ...guardadas } };
    renderAt('/mis-condiciones', <MisCondicionesPage />);
    const valparaiso = await screen.findByRole('group', { name: 'Región de Valparaíso' });
    fireEvent.click(within(valparaiso).getByLabelText('Toda la región'));
    fireEvent.click(within(valparaiso).getByLabelText('Viña del Mar'));
    expect((within(valparaiso).getByLabelText('Toda la región') as HTMLInputElement).indeterminate).toBe(true);
    for (const dia of ['Lunes', 'Miércoles', 'Viernes', 'Sábado']) fireEvent.click(screen.getByLabelText(dia));
    escribir('Anticipación (días)', '2');
    escribir('Hora de corte', '14:30');
    escribir('Pedido mínimo', '50.000');
    escribir('Costo de despacho', '8990');
    escribir('Despacho gratis desde', '150.000');
    await waitFor(() => expect(resumen()).toBe('Despachas martes y jueves en 4 comunas; pedido mínimo $50.000; despacho $8.990, gratis desde $150.000.'));

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Condiciones guardadas.'));
    expect(enviado()).toEqual([guardadas]);
    // Saved: they apply now, and the notice is gone.
    expect(screen.queryByText(AVISO)).toBeNull();
  });

  it('finds a comuna by name across régiones, accents and case aside, and marks it there', async () => {
    renderAt('/mis-condiciones', <MisCondicionesPage />);
    await screen.findByRole('group', { name: 'Región de Valparaíso' });
    fireEvent.click(screen.getByLabelText('Todas las comunas de Chile'));
    fireEvent.change(screen.getByLabelText('Buscar comuna'), { target: { value: 'VALPARAISO' } });
    const encontradas = screen.getByRole('list', { name: 'Comunas encontradas' });
    expect(within(encontradas).getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.getByText('1 comuna encontrada')).toBeTruthy();
    // Its región describes it.
    expect(within(encontradas).getByRole('checkbox', { description: 'Región de Valparaíso' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Región de Valparaíso' })).toBeNull();
    fireEvent.click(within(encontradas).getByLabelText('Valparaíso'));
    fireEvent.change(screen.getByLabelText('Buscar comuna'), { target: { value: 'las co' } });
    fireEvent.click(within(screen.getByRole('list', { name: 'Comunas encontradas' })).getByLabelText('Las Condes'));
    fireEvent.change(screen.getByLabelText('Buscar comuna'), { target: { value: 'Temuco' } });
    expect(screen.getByText('Ninguna comuna coincide con tu búsqueda.')).toBeTruthy();

    // Cleared, the régiones show what the search marked.
    fireEvent.change(screen.getByLabelText('Buscar comuna'), { target: { value: '' } });
    expect(within(region('Región de Valparaíso')).getByText('1 de 2 comunas')).toBeTruthy();
    expect(within(region('Región Metropolitana de Santiago')).getByText('1 de 3 comunas')).toBeTruthy();
    escribir('Pedido mínimo', '0');
    await waitFor(() => expect(resumen()).toMatch(/ en 2 comunas;/));
  });

  it('refuses in the form what the schema refuses, and sends nothing', async () => {
    renderAt('/mis-condiciones', <MisCondicionesPage />);
    await screen.findByRole('group', { name: 'Región de Valparaíso' });
    fireEvent.click(screen.getByLabelText('Todas las comunas de Chile'));
    for (const dia of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado']) fireEvent.click(screen.getByLabelText(dia));
    escribir('Pedido mínimo', '-5');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Elige al menos una comuna.')).toBeTruthy();
    expect(screen.getByText('Elige al menos un día de despacho.')).toBeTruthy();
    expect(screen.getByText(MINIMO_INVALIDO)).toBeTruthy();
    expect(resumen()).toBe('Completa o corrige los campos para ver el resumen de tus condiciones.');
    expect(enviado()).toEqual([]);
  });

  it('puts the server’s field error under its field', async () => {
    respuestas[`PUT ${URL}`] = { status: 400, body: { comunas: [COMUNA_DESCONOCIDA] } };
    renderAt('/mis-condiciones', <MisCondicionesPage />);
    await screen.findByRole('group', { name: 'Región de Valparaíso' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(COMUNA_DESCONOCIDA)).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says so when the terms cannot be read, and reads them again', async () => {
    respuestas[`GET ${URL}`] = { status: 500, body: { detail: 'Error interno del servidor.' } };
    renderAt('/mis-condiciones', <MisCondicionesPage />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    respuestas[`GET ${URL}`] = { status: 200, body: POR_DEFECTO };
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('group', { name: 'Región de Valparaíso' });
  });
});
