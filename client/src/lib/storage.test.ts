// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { z } from '../../../common/zod-es';
import { direccionEditar, STORAGE_KEYS, storedJson, tokens } from './storage';

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

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('storedJson', () => {
  it('reads back what was stored', () => {
    direccionEditar.set(DIRECCION);
    expect(direccionEditar.get()).toEqual(DIRECCION);
  });

  it.each([
    ['not JSON', '{"id": 7,'],
    ['the wrong shape', JSON.stringify({ ...DIRECCION, id: 'siete' })],
    ['a missing field', JSON.stringify({ id: 7 })],
    ['null', 'null'],
    ['an array', '[1,2]'],
  ])('drops an entry that is %s, and reads null', (_, raw) => {
    sessionStorage.setItem(STORAGE_KEYS.direccionEditar, raw);
    expect(direccionEditar.get()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.direccionEditar)).toBeNull();
  });

  it('reads null when nothing is stored, and remove() forgets', () => {
    const lista = storedJson('local', 'lista', z.array(z.number()));
    expect(lista.get()).toBeNull();
    lista.set([1, 2]);
    expect(lista.get()).toEqual([1, 2]);
    lista.remove();
    expect(localStorage.getItem('lista')).toBeNull();
  });
});

describe('tokens', () => {
  const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.firma';

  it('keeps JWT-shaped tokens', () => {
    tokens.set({ access: ACCESS, refresh: ACCESS });
    expect(tokens.access()).toBe(ACCESS);
    expect(tokens.refresh()).toBe(ACCESS);
  });

  it('drops a tampered token instead of sending it', () => {
    localStorage.setItem(STORAGE_KEYS.access, '<script>alert(1)</script>');
    localStorage.setItem(STORAGE_KEYS.refresh, 'undefined');
    expect(tokens.access()).toBeNull();
    expect(tokens.refresh()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.access)).toBeNull();
  });
});
