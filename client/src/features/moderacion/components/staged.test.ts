import { describe, expect, it } from 'vitest';
import type { ProductoPendiente } from '#common/schemas/moderacion';
import { buscarPendientes, ordenarPendientes, porEnviar, stage } from './staged';

// Only what staging, search and sort read.
const P = [
  { id: 7, nombre: 'Queso de cabra', categoria_nombre: 'LACTEO', proveedor_email: 'b@x.cl' },
  { id: 3, nombre: 'Ñandú ahumado', categoria_nombre: 'AVES', proveedor_email: 'a@x.cl' },
  { id: 12, nombre: 'Cordero', categoria_nombre: 'CARNE BOVINA', proveedor_email: 'c@x.cl' },
] as ProductoPendiente[];

describe('moderation staging (docs/producto.md §4 Moderation)', () => {
  it('stages once; staging again changes only the decision and keeps the reason', () => {
    let s = stage([], P[0]!, 'rechazar');
    s = s.map((x) => ({ ...x, motivo: 'sin marca' }));
    s = stage(s, P[1]!, 'aprobar');
    s = stage(s, P[0]!, 'aprobar');
    expect(s.map((x) => [x.id, x.accion, x.motivo])).toEqual([
      [7, 'aprobar', 'sin marca'],
      [3, 'aprobar', ''],
    ]);
    expect(porEnviar(s, 'rechazar')).toEqual([]);
    expect(porEnviar(s, 'todo')).toHaveLength(2);
  });

  it('searches product, category, provider or ID, and sorts by name, provider or ID', () => {
    expect(buscarPendientes(P, 'nandu').map((p) => p.id)).toEqual([3]);
    expect(buscarPendientes(P, 'lacteo').map((p) => p.id)).toEqual([7]);
    expect(buscarPendientes(P, 'c@x').map((p) => p.id)).toEqual([12]);
    expect(buscarPendientes(P, '12').map((p) => p.id)).toEqual([12]);
    expect(ordenarPendientes(P, 'nombre-asc').map((p) => p.id)).toEqual([12, 3, 7]);
    expect(ordenarPendientes(P, 'proveedor-desc').map((p) => p.id)).toEqual([12, 7, 3]);
    expect(ordenarPendientes(P, 'id-asc').map((p) => p.id)).toEqual([3, 7, 12]);
    expect(ordenarPendientes(P, 'id-desc').map((p) => p.id)).toEqual([12, 7, 3]);
  });
});
