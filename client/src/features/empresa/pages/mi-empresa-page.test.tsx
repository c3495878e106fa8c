// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMUNA_DE_OTRA_REGION } from '#common/schemas/direcciones';
import { type Empresa, GIRO_REQUERIDO, RUT_EMPRESA_INVALIDO } from '#common/schemas/empresa';
import { type Llamada, renderAt, type Respuesta, stubFetch } from '../../../test/page-harness';
import { toast } from '../../../ui/toast';
import MiEmpresaPage, { EMPRESA_SIN_GUARDAR } from './mi-empresa-page';

const URL = '/api/proveedor/empresa/';
const SIN_GUARDAR: Empresa = {
  razon_social: '',
  nombre_fantasia: 'Rodrigo Fuentes',
  rut: '',
  giro: '',
  direccion: '',
  region: null,
  comuna: null,
  region_nombre: null,
  comuna_nombre: null,
  telefono: '',
  correo_ventas: 'rodrigo@prueba.cl',
  guardada: false,
};
const GUARDADA: Empresa = {
  razon_social: 'Comercializadora Sur Verde SpA',
  nombre_fantasia: 'Sur Verde',
  rut: '76.086.428-5',
  giro: 'Venta al por mayor de carnes',
  direccion: 'Av. San Miguel 2450',
  region: 7,
  comuna: 7101,
  region_nombre: 'Región del Maule',
  comuna_nombre: 'Talca',
  telefono: '+56712614400',
  correo_ventas: 'ventas@surverde.cl',
  guardada: true,
};

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  localStorage.setItem('access', 'a.b.c');
  respuestas = {
    [`GET ${URL}`]: { status: 200, body: SIN_GUARDAR },
    'GET /api/ubicacion/regiones/': {
      status: 200,
      body: [
        { id: 7, nombre: 'Región del Maule' },
        { id: 13, nombre: 'Región Metropolitana de Santiago' },
      ],
    },
    'GET /api/ubicacion/comunas/?region=7': { status: 200, body: [{ id: 7101, nombre: 'Talca' }] },
    'GET /api/ubicacion/comunas/?region=13': { status: 200, body: [{ id: 13123, nombre: 'Providencia' }] },
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

const escribir = (label: string, valor: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: valor } });
const valor = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const puts = () => llamadas.filter((l) => l.method === 'PUT').map((l) => l.body);

async function llenar() {
  escribir('Nombre de fantasía', 'Sur Verde');
  escribir('Razón social', 'Comercializadora Sur Verde SpA');
  escribir('RUT', '76086428-5');
  escribir('Giro', 'Venta al por mayor de carnes');
  escribir('Dirección', 'Av. San Miguel 2450');
  await screen.findByRole('option', { name: 'Región del Maule' });
  escribir('Región', '7');
  await screen.findByRole('option', { name: 'Talca' });
  escribir('Comuna', '7101');
  escribir('Teléfono', '71 261 4400');
  escribir('Correo de ventas', 'ventas@surverde.cl');
}

describe('/mi-empresa', () => {
  it('says what buyers see, what the orders print and that its products are not compared until it saves, and starts from the name buyers see today and the account’s e-mail', async () => {
    renderAt('/mi-empresa', <MiEmpresaPage />);
    await screen.findByRole('heading', { name: 'Mi empresa' });
    expect(screen.getByText('Los compradores te ven por tu nombre de fantasía; el resto de estos datos va impreso en tus órdenes de compra.')).toBeTruthy();
    await waitFor(() => expect(valor('Nombre de fantasía')).toBe('Rodrigo Fuentes'));
    expect(valor('Correo de ventas')).toBe('rodrigo@prueba.cl');
    expect(valor('RUT')).toBe('');
    expect(screen.getByRole('status').textContent).toBe(EMPRESA_SIN_GUARDAR);
    expect(EMPRESA_SIN_GUARDAR).toMatch(/^Aún no guardas los datos de tu empresa: hasta que los guardes, tus productos no aparecen en las cotizaciones\./);
  });

  it('saves the company, says so, and shows what the server kept', async () => {
    respuestas[`PUT ${URL}`] = { status: 200, body: GUARDADA };
    renderAt('/mi-empresa', <MiEmpresaPage />);
    await waitFor(() => expect(valor('Nombre de fantasía')).toBe('Rodrigo Fuentes'));
    await llenar();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Datos de tu empresa guardados.'));
    expect(puts()).toEqual([
      {
        razon_social: 'Comercializadora Sur Verde SpA',
        nombre_fantasia: 'Sur Verde',
        rut: '76.086.428-5',
        giro: 'Venta al por mayor de carnes',
        direccion: 'Av. San Miguel 2450',
        region: 7,
        comuna: 7101,
        telefono: '+56712614400',
        correo_ventas: 'ventas@surverde.cl',
      },
    ]);
    expect(valor('RUT')).toBe('76.086.428-5');
    expect(valor('Teléfono')).toBe('+56 71 261 4400');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses a RUT with a wrong check digit and an empty giro under their fields, sending nothing', async () => {
    renderAt('/mi-empresa', <MiEmpresaPage />);
    await waitFor(() => expect(valor('Nombre de fantasía')).toBe('Rodrigo Fuentes'));
    await llenar();
    escribir('RUT', '76086428-4');
    escribir('Giro', '');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(RUT_EMPRESA_INVALIDO)).toBeTruthy();
    expect(screen.getByText(GIRO_REQUERIDO)).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('puts the server’s field error under its field', async () => {
    respuestas[`PUT ${URL}`] = { status: 400, body: { comuna: [COMUNA_DE_OTRA_REGION] } };
    renderAt('/mi-empresa', <MiEmpresaPage />);
    await waitFor(() => expect(valor('Nombre de fantasía')).toBe('Rodrigo Fuentes'));
    await llenar();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(COMUNA_DE_OTRA_REGION)).toBeTruthy();
    expect(screen.getByLabelText('Comuna').getAttribute('aria-invalid')).toBe('true');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows a saved company as it is', async () => {
    respuestas[`GET ${URL}`] = { status: 200, body: GUARDADA };
    renderAt('/mi-empresa', <MiEmpresaPage />);
    await waitFor(() => expect(valor('RUT')).toBe('76.086.428-5'));
    await waitFor(() => expect(valor('Comuna')).toBe('7101'));
    expect(valor('Región')).toBe('7');
    expect(valor('Teléfono')).toBe('+56 71 261 4400');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
