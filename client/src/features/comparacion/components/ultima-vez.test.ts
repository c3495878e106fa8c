import { describe, expect, it } from 'vitest';
import type { Opcion, ResultadoComparacion } from '#common/schemas/comparacion';
import { opcionDePrueba } from '../../../test/comparacion';
import { cambioPrecio, comparacionUltimaVez, textoComparacionUltimaVez, textoUltimaVez } from './ultima-vez';

const opcion = (id: number, cantidad_proveida: number, precio: number): Opcion =>
  opcionDePrueba(id, { cantidad_solicitada: 100, cantidad_proveida, precio, estado: 'seleccionado' });
const linea = (producto: number, seleccionadas: Opcion[], precio: number | null): ResultadoComparacion => ({
  producto,
  nombre: `Producto ${producto}`,
  unidad: 'KILO',
  cantidad_solicitada: 100,
  opciones_seleccionadas: seleccionadas,
  opciones_adicionales: [],
  mensaje: null,
  productos_inexistentes: [],
  sugerencia: null,
  avisos: [],
  ultimo_precio: precio === null ? null : { precio, fecha: '2026-11-12', proveedor: 'Proveedor 1' },
});

describe('the price paid last time beside today’s', () => {
  it('writes the price and the day, the year only when it is not this year’s', () => {
    const ultimo = { precio: 4990, fecha: '2026-11-12', proveedor: 'Carnes del Sur' };
    expect(textoUltimaVez(ultimo, '2026-11-29')).toBe('La última vez: $4.990 el 12 de noviembre');
    expect(textoUltimaVez(ultimo, '2027-01-04')).toBe('La última vez: $4.990 el 12 de noviembre de 2026');
  });

  it('▲ dearer, ▼ cheaper in whole percent of last time’s price; no arrow when equal; under half a percent is "menos de 1 %"', () => {
    expect(cambioPrecio(5140, 4990)).toEqual({ sentido: 'sube', flecha: '▲', texto: '3\u00a0%', lectura: 'más caro' });
    expect(cambioPrecio(4500, 5000)).toEqual({ sentido: 'baja', flecha: '▼', texto: '10\u00a0%', lectura: 'más barato' });
    expect(cambioPrecio(4990, 4990)).toEqual({ sentido: 'igual', flecha: null, texto: 'mismo precio', lectura: null });
    expect(cambioPrecio(5010, 5000)).toMatchObject({ flecha: '▲', texto: 'menos de 1\u00a0%' });
  });

  it('compares the choice’s products bought before with the same quantities at last time’s prices; the others do not count', () => {
    const resultados = [
      // Split between two suppliers: 60 kg at $4.000 and 40 kg at $4.500 today, against 100 kg at $4.400.
      linea(1, [opcion(1, 60, 4000), opcion(2, 40, 4500)], 4400),
      linea(2, [opcion(3, 100, 9000)], null),
      // Nothing chosen of it now: nothing to compare.
      linea(3, [], 5000),
    ];
    const comparacion = comparacionUltimaVez(resultados)!;
    expect(comparacion).toEqual({ hoy: 420_000, antes: 440_000, variacion: (420_000 - 440_000) / 440_000 });
    expect(textoComparacionUltimaVez(comparacion)).toBe('\u22124,5\u00a0% que la última vez ($440.000 → $420.000)');
    expect(textoComparacionUltimaVez({ hoy: 100_000, antes: 100_000, variacion: 0 })).toBe('mismo precio que la última vez ($100.000)');
    expect(comparacionUltimaVez([linea(2, [opcion(3, 100, 9000)], null)])).toBeNull();
  });
});
