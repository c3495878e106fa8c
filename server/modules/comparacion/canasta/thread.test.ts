import { afterAll, describe, expect, it } from 'vitest';
import type { TerminosDespacho } from '#common/despacho';
import { canastaOptima, type LineaCanasta } from './canasta';
import { createCanastaThread } from './thread';

const oferta = (id: number, proveedor_id: number, tarifa: number) => ({
  proveedor_producto_id: id,
  proveedor_id,
  tarifa,
  rangos: [],
  stock: 100,
  fecha_vencimiento: '2099-01-01',
});
const LINEAS: LineaCanasta[] = [
  { cantidad: 10, ofertas: [oferta(1, 1, 100), oferta(2, 2, 110)] },
  { cantidad: 10, ofertas: [oferta(3, 1, 100), oferta(4, 2, 110)] },
];
const CON_DESPACHO = new Map<number, TerminosDespacho>([[1, { monto_minimo: 0, costo_despacho: 500, despacho_gratis_desde: null }]]);

const hilo = createCanastaThread();
afterAll(() => hilo.stop());

describe('the solver thread', () => {
  it('solves a basket with terms on the solver thread, with the answer canastaOptima gives', async () => {
    const antes = hilo.stats();
    const canasta = await hilo.solve(LINEAS, CON_DESPACHO);
    expect(hilo.stats()).toEqual({ ...antes, hilo: antes.hilo + 1 });
    expect(canasta).toEqual(await canastaOptima(LINEAS, CON_DESPACHO));
    // One fee of $500 costs more than the $200 B charges more: everything from B.
    expect(canasta.cantidades).toEqual([
      [0, 10],
      [0, 10],
    ]);
  });

  it('solves a basket without terms where it is, as before terms existed', async () => {
    const antes = hilo.stats();
    const canasta = await hilo.solve(LINEAS, new Map());
    expect(hilo.stats()).toEqual({ ...antes, sinTerminos: antes.sinTerminos + 1 });
    expect(canasta.cantidades).toEqual([
      [10, 0],
      [10, 0],
    ]);
  });
});
