import { describe, expect, it } from 'vitest';
import { CARGA_PROPIA_EN_CURSO, CARGAS_OCUPADAS } from '#common/schemas/proveedor-carga';
import { AppError } from '#server/errors';
import { createYielder, createUploadQueue, RETRY_AFTER_S } from './upload-queue';

/** Whether the place's turn has come, without waiting for it. */
const hasStarted = async (turn: Promise<void>) => {
  let started = false;
  void turn.then(() => {
    started = true;
  });
  await new Promise((r) => setImmediate(r));
  return started;
};
const refusalOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? [e.statusCode, e.body, e.headers] : e;
  }
  return 'accepted';
};

describe('the uploads’ queue', () => {
  it('works on `maxActive` at once; the next waits its turn, in arrival order', async () => {
    const queue = createUploadQueue({ maxActive: 2, maxWaiting: 2, maxPerProveedor: 2 });
    const [a, b, c, d] = [1, 2, 3, 4].map((id) => queue.reserve(id));
    expect([await hasStarted(a!.turn), await hasStarted(b!.turn), await hasStarted(c!.turn), await hasStarted(d!.turn)]).toEqual([true, true, false, false]);
    b!.release();
    expect([await hasStarted(c!.turn), await hasStarted(d!.turn)]).toEqual([true, false]);
    expect(queue.size()).toEqual({ active: 2, waiting: 1 });
  });

  it('beyond the places, a 429 at once with a Spanish detail and Retry-After; a place given back makes room', () => {
    const queue = createUploadQueue({ maxActive: 1, maxWaiting: 1, maxPerProveedor: 2 });
    const a = queue.reserve(1);
    queue.reserve(2);
    expect(refusalOf(() => queue.reserve(3))).toEqual([429, { detail: CARGAS_OCUPADAS }, { 'retry-after': String(RETRY_AFTER_S) }]);
    a.release();
    a.release(); // twice is once
    expect(refusalOf(() => queue.reserve(3))).toBe('accepted');
    expect(refusalOf(() => queue.reserve(4))).toEqual([429, { detail: CARGAS_OCUPADAS }, { 'retry-after': String(RETRY_AFTER_S) }]);
  });

  it('one supplier: never two of its uploads at once, one waiting behind, a third refused; others go ahead of its second', async () => {
    const queue = createUploadQueue({ maxActive: 2, maxWaiting: 4, maxPerProveedor: 2 });
    const primera = queue.reserve(7);
    const segunda = queue.reserve(7);
    expect(refusalOf(() => queue.reserve(7))).toEqual([429, { detail: CARGA_PROPIA_EN_CURSO }, { 'retry-after': String(RETRY_AFTER_S) }]);
    const otro = queue.reserve(8);
    // A place is free, but it is the supplier's own second upload: the other supplier takes it.
    expect([await hasStarted(primera.turn), await hasStarted(segunda.turn), await hasStarted(otro.turn)]).toEqual([true, false, true]);
    primera.release();
    expect(await hasStarted(segunda.turn)).toBe(true);
  });

  it('a supplier’s second upload waits in its own line, taking none of the shared places; check() refuses as reserve() would, taking nothing', async () => {
    const queue = createUploadQueue({ maxActive: 1, maxWaiting: 1, maxPerProveedor: 2 });
    const primera = queue.reserve(7);
    const segunda = queue.reserve(7);
    // Two places, one per supplier: supplier 8 still gets the second.
    expect(() => queue.check(8)).not.toThrow();
    const otro = queue.reserve(8);
    expect(refusalOf(() => queue.check(9))).toEqual([429, { detail: CARGAS_OCUPADAS }, { 'retry-after': String(RETRY_AFTER_S) }]);
    expect(refusalOf(() => queue.check(7))).toEqual([429, { detail: CARGA_PROPIA_EN_CURSO }, { 'retry-after': String(RETRY_AFTER_S) }]);
    expect(queue.size()).toEqual({ active: 1, waiting: 2 });
    primera.release();
    // Its second upload now holds the supplier's one place, and goes first (arrival order).
    expect([await hasStarted(segunda.turn), await hasStarted(otro.turn)]).toEqual([true, false]);
    expect(refusalOf(() => queue.check(9))).toEqual([429, { detail: CARGAS_OCUPADAS }, { 'retry-after': String(RETRY_AFTER_S) }]);
    segunda.release();
    expect(await hasStarted(otro.turn)).toBe(true);
    expect(() => queue.check(9)).not.toThrow();
  });

  it('a place given back while waiting leaves the queue (a client that went away)', async () => {
    const queue = createUploadQueue({ maxActive: 1, maxWaiting: 2, maxPerProveedor: 2 });
    const a = queue.reserve(1);
    const b = queue.reserve(2);
    const c = queue.reserve(3);
    b.release();
    a.release();
    expect([await hasStarted(b.turn), await hasStarted(c.turn)]).toEqual([false, true]);
    expect(queue.size()).toEqual({ active: 1, waiting: 0 });
  });
});

describe('createYielder', () => {
  it('says when the task has held the loop its slice, and gives it back for a turn of the loop', async () => {
    // A slice long enough that a loaded machine descheduling the test between two lines does not
    // use it up (5 ms failed under load: due() was already true right after the turn).
    const yielder = createYielder(200);
    expect(yielder.due()).toBe(false);
    const hasta = performance.now() + 201;
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
