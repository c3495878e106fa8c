// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { z } from '#common/zod-es';
import { STORAGE_KEYS, storedJson, storedList, tokens } from './storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const historial = storedJson('local', 'historialOrdenes', z.array(z.object({ orden_id: z.number().int(), fecha: z.string() })));

describe('storedJson', () => {
  it('reads back what was stored', () => {
    historial.set([{ orden_id: 7, fecha: '2026-11-23' }]);
    expect(historial.get()).toEqual([{ orden_id: 7, fecha: '2026-11-23' }]);
  });

  it.each([
    ['not JSON', '[{"orden_id": 7,'],
    ['the wrong shape', JSON.stringify([{ orden_id: 'siete', fecha: '2026-11-23' }])],
    ['a missing field', JSON.stringify([{ orden_id: 7 }])],
    ['null', 'null'],
    ['an object', '{"orden_id": 7}'],
  ])('drops an entry that is %s, and reads null', (_, raw) => {
    localStorage.setItem('historialOrdenes', raw);
    expect(historial.get()).toBeNull();
    expect(localStorage.getItem('historialOrdenes')).toBeNull();
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

describe('storedList', () => {
  const lista = storedList('local', 'historialOrdenes', z.object({ orden_id: z.number().int(), fecha: z.string() }), 3);

  it('skips a corrupted entry and keeps the others', () => {
    localStorage.setItem('historialOrdenes', JSON.stringify([{ orden_id: 'x' }, { orden_id: 7, fecha: 'hoy' }, 42, null]));
    expect(lista.get()).toEqual([{ orden_id: 7, fecha: 'hoy' }]);
    expect(localStorage.getItem('historialOrdenes')).not.toBeNull();
  });

  it('drops a value that is not a list at all, and reads null', () => {
    for (const raw of ['{"orden_id": 7}', 'no es json', '7']) {
      localStorage.setItem('historialOrdenes', raw);
      expect(lista.get()).toBeNull();
      expect(localStorage.getItem('historialOrdenes')).toBeNull();
    }
  });

  it('keeps the newest entries up to its cap', () => {
    lista.set([1, 2, 3, 4].map((n) => ({ orden_id: n, fecha: 'hoy' })));
    expect(lista.get()!.map((o) => o.orden_id)).toEqual([2, 3, 4]);
  });
});
