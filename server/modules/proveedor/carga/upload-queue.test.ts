import { describe, expect, it } from 'vitest';
import { CARGA_PROPIA_EN_CURSO, CARGAS_OCUPADAS } from '../../../../common/schemas/proveedor-carga';
import { AppError } from '../../../errors';
import { createYielder, createUploadQueue, REINTENTAR_EN_S } from './upload-queue';

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
    const cola = createUploadQueue({ activas: 2, enEspera: 2, porProveedor: 2 });
    const [a, b, c, d] = [1, 2, 3, 4].map((id) => cola.reserve(id));
    expect([await empezo(a!.turn), await empezo(b!.turn), await empezo(c!.turn), await empezo(d!.turn)]).toEqual([true, true, false, false]);
    b!.release();
    expect([await empezo(c!.turn), await empezo(d!.turn)]).toEqual([true, false]);
    expect(cola.estado()).toEqual({ trabajando: 2, esperan: 1 });
  });

  it('beyond the places, a 429 at once with a Spanish detail and Retry-After; a place given back makes room', () => {
    const cola = createUploadQueue({ activas: 1, enEspera: 1, porProveedor: 2 });
    const a = cola.reserve(1);
    cola.reserve(2);
    expect(rechazo(() => cola.reserve(3))).toEqual([429, { detail: CARGAS_OCUPADAS }, { 'retry-after': String(REINTENTAR_EN_S) }]);
    a.release();
    a.release(); // twice is once
    expect(rechazo(() => cola.reserve(3))).toBe('aceptada');
    expect(rechazo(() => cola.reserve(4))).toEqual([429, { detail: CARGAS_OCUPADAS }, { 'retry-after': String(REINTENTAR_EN_S) }]);
  });

  it('one supplier: never two of its uploads at once, one waiting behind, a third refused; others go ahead of its second', async () => {
    const cola = createUploadQueue({ activas: 2, enEspera: 4, porProveedor: 2 });
    const primera = cola.reserve(7);
    const segunda = cola.reserve(7);
    expect(rechazo(() => cola.reserve(7))).toEqual([429, { detail: CARGA_PROPIA_EN_CURSO }, { 'retry-after': String(REINTENTAR_EN_S) }]);
    const otro = cola.reserve(8);
    // A place is free, but it is the supplier's own second upload: the other supplier takes it.
    expect([await empezo(primera.turn), await empezo(segunda.turn), await empezo(otro.turn)]).toEqual([true, false, true]);
    primera.release();
    expect(await empezo(segunda.turn)).toBe(true);
  });

  it('a place given back while waiting leaves the queue (a client that went away)', async () => {
    const cola = createUploadQueue({ activas: 1, enEspera: 2, porProveedor: 2 });
    const a = cola.reserve(1);
    const b = cola.reserve(2);
    const c = cola.reserve(3);
    b.release();
    a.release();
    expect([await empezo(b.turn), await empezo(c.turn)]).toEqual([false, true]);
    expect(cola.estado()).toEqual({ trabajando: 1, esperan: 0 });
  });
});

describe('createYielder', () => {
  it('says when the task has held the loop its slice, and gives it back for a turn of the loop', async () => {
    const yielder = createYielder(5);
    expect(yielder.due()).toBe(false);
    const hasta = performance.now() + 6;
    while (performance.now() < hasta);
    expect(yielder.due()).toBe(true);
    let otraTarea = false;
    setImmediate(() => {
      otraTarea = true;
    });
    await yielder.yieldNow();
    expect(otraTarea).toBe(true);
    expect(yielder.due()).toBe(false);
  });
});
