// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Direccion } from '#common/schemas/direcciones';
import { renderAt, stubFetch, type Respuesta } from '../../../test/page-harness';
import { direccionEditar } from '../api/direccion-editar';
import DireccionEditarPage from './direccion-editar-page';

const EN_SERVIDOR: Direccion = {
  id: 7,
  cotizante_id: 7,
  nombre_contacto: 'Sucursal Viña Centro',
  correo_contacto: 'vina@prueba.cl',
  telefono_contacto: '322123456',
  direccion_envio: 'Calle Valparaíso 555, Viña',
  region: 5,
  comuna: 5109,
  region_nombre: 'Región de Valparaíso',
  comuna_nombre: 'Viña del Mar',
  fecha_entrega: null,
  activa: true,
};

let respuestas: Record<string, Respuesta>;

beforeEach(() => {
  localStorage.setItem('access', 'a.b.c');
  respuestas = {
    'GET /api/cotizaciones/direccion/obtener/': { status: 200, body: [EN_SERVIDOR] },
    'GET /api/ubicacion/regiones/': {
      status: 200,
      body: [
        { id: 5, nombre: 'Región de Valparaíso' },
        { id: 13, nombre: 'Región Metropolitana de Santiago' },
      ],
    },
    'GET /api/ubicacion/comunas/?region=5': {
      status: 200,
      body: [
        { id: 5101, nombre: 'Valparaíso' },
        { id: 5109, nombre: 'Viña del Mar' },
      ],
    },
  };
  stubFetch(respuestas);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const valor = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;
const destinos = { '/direcciones': 'Mis direcciones' };

describe('/direcciones-modificar loads the address by its id', () => {
  it('in a new tab (no session copy) it reads the address from the server, Región and Comuna shown', async () => {
    renderAt('/direcciones-modificar', <DireccionEditarPage />, destinos, '/direcciones-modificar?id=7');
    await waitFor(() => expect(valor('Nombre de contacto')).toBe('Sucursal Viña Centro'));
    await waitFor(() => expect(valor('Comuna')).toBe('5109'));
    expect(valor('Región')).toBe('5');
    expect((screen.getByLabelText('Región') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Región de Valparaíso');
    expect((screen.getByLabelText('Comuna') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Viña del Mar');
  });

  it('an old session copy shows first, and the server record replaces it', async () => {
    direccionEditar.set({ ...EN_SERVIDOR, nombre_contacto: 'Sucursal Viña', direccion_envio: 'Calle antigua 1, Viña' });
    renderAt('/direcciones-editar', <DireccionEditarPage />, destinos);
    expect(valor('Nombre de contacto')).toBe('Sucursal Viña');
    await waitFor(() => expect(valor('Nombre de contacto')).toBe('Sucursal Viña Centro'));
    expect(valor('Dirección')).toBe('Calle Valparaíso 555, Viña');
    await waitFor(() => expect(valor('Comuna')).toBe('5109'));
    // The copy is brought up to date too.
    expect(direccionEditar.get()?.nombre_contacto).toBe('Sucursal Viña Centro');
  });

  it('an address deleted meanwhile goes back to the list', async () => {
    respuestas['GET /api/cotizaciones/direccion/obtener/'] = { status: 200, body: [] };
    direccionEditar.set(EN_SERVIDOR);
    renderAt('/direcciones-editar', <DireccionEditarPage />, destinos);
    expect(await screen.findByRole('heading', { name: 'Mis direcciones' })).toBeTruthy();
    expect(direccionEditar.get()).toBeNull();
  });
});
