// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { direccionEditar } from './direccion-editar';

const DIRECCION = {
  id: 7,
  cotizante_id: 7,
  nombre_contacto: 'Cocina Central',
  correo_contacto: 'cocina@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Providencia 1234',
  region: 13,
  comuna: 13120,
  region_nombre: 'Región Metropolitana de Santiago',
  comuna_nombre: 'Ñuñoa',
  fecha_entrega: null,
  activa: true,
};

afterEach(() => sessionStorage.clear());

describe('direccionEditar', () => {
  it('reads back the copy saved by Modificar', () => {
    direccionEditar.set(DIRECCION);
    expect(direccionEditar.get()).toEqual(DIRECCION);
  });

  it.each([
    ['not JSON', '{"id": 7,'],
    ['an id that is not a number', JSON.stringify({ ...DIRECCION, id: '1 OR 1=1' })],
    ['missing fields', JSON.stringify({ id: 7 })],
  ])('drops a copy that is %s: the edit screen then goes back to the list', (_, raw) => {
    sessionStorage.setItem(STORAGE_KEYS.direccionEditar, raw);
    expect(direccionEditar.get()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.direccionEditar)).toBeNull();
  });
});
