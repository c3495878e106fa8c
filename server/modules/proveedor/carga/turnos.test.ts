import { describe, expect, it } from 'vitest';
import { CARGA_PROPIA_EN_CURSO, CARGAS_OCUPADAS } from '../../../../common/schemas/proveedor-carga';
import { AppError } from '../../../errors';
import { createCedente, createColaDeCargas, REINTENTAR_EN_S } from './turnos';

/** Whether the place's turn has come, without waiting for it. */
const empezo = async (turno: Promise<void>) => {
  let si = false;
  void turno.then(() => {
    si = true;
  });
  await new Promise((r) => setImmediate(r));
  return si;
};
const rechazo = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? [e.statusCode, e.body, e.headers] : e;
  }
  return 'aceptada';
};

describe('the uploads’ queue (issue #20 item 5)', () => {
  it('works on `activas` at once; the next waits its turn, in arrival order', async () => {
    const cola = createColaDeCargas({ activas: 2, enEspera: 2, porProveedor: 2 });
    const [a, b, c, d] = [1, 2, 3, 4].map((id) => cola.reservar(id));
    expect([await empezo(a!.turno), await empezo(b!.turno), await empezo(c!.turno), await empezo(d!.turno)]).toEqual([true, true, false, false]);
    b!.liberar();
    expect([await empezo(c!.turno), await empezo(d!.turno)]).toEqual([true, false]);
    expect(cola.estado()).toEqual({ trabajando: 2, esperan: 1 });
  });

  it('beyond the places, a 429 at once with a Spanish detail and Retry-After; a place given back makes room', () => {
    const cola = createColaDeCargas({ activas: 1, enEspera: 1, porProveedor: 2 });
    const a = cola.reservar(1);
    cola.reservar(2);
    expect(rechazo(() => cola.reservar(3))).toEqual([429, { detail: CARGAS_OCUPADAS }, { 'retry-after': String(REINTENTAR_EN_S) }]);
    a.liberar();
    a.liberar(); // twice is once
    expect(rechazo(() => cola.reservar(3))).toBe('aceptada');
    expect(rechazo(() => cola.reservar(4))).toEqual([429, { detail: CARGAS_OCUPADAS }, { 'retry-after': String(REINTENTAR_EN_S) }]);
  });

  it('one supplier: never two of its uploads at once, one waiting behind, a third refused; others go ahead of its second', async () => {
    const cola = createColaDeCargas({ activas: 2, enEspera: 4, porProveedor: 2 });
    const primera = cola.reservar(7);
    const segunda = cola.reservar(7);
    expect(rechazo(() => cola.reservar(7))).toEqual([429, { detail: CARGA_PROPIA_EN_CURSO }, { 'retry-after': String(REINTENTAR_EN_S) }]);
    const otro = cola.reservar(8);
    // A place is free, but it is the supplier's own second upload: the other supplier takes it.
    expect([await empezo(primera.turno), await empezo(segunda.turno), await empezo(otro.turno)]).toEqual([true, false, true]);
    primera.liberar();
    expect(await empezo(segunda.turno)).toBe(true);
  });

  it('a place given back while waiting leaves the queue (a client that went away)', async () => {
    const cola = createColaDeCargas({ activas: 1, enEspera: 2, porProveedor: 2 });
    const a = cola.reservar(1);
    const b = cola.reservar(2);
    const c = cola.reservar(3);
    b.liberar();
    a.liberar();
    expect([await empezo(b.turno), await empezo(c.turno)]).toEqual([false, true]);
    expect(cola.estado()).toEqual({ trabajando: 1, esperan: 0 });
  });
});

describe('createCedente', () => {
  it('says when the task has held the loop its slice, and gives it back for a turn of the loop', async () => {
    const cedente = createCedente(5);
    expect(cedente.toca()).toBe(false);
    const hasta = performance.now() + 6;
    while (performance.now() < hasta);
    expect(cedente.toca()).toBe(true);
    let otraTarea = false;
    setImmediate(() => {
      otraTarea = true;
    });
    await cedente.ceder();
    expect(otraTarea).toBe(true);
    expect(cedente.toca()).toBe(false);
  });
});
