import { describe, expect, it } from 'vitest';
import type { ConsolidatedData } from '#common/schemas/catalogo';
import { ApiError } from '../../../lib/api-client';
import type { FilaCotizacion } from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { erroresDelServidor } from './errores-servidor';
import { cambiarCampo, depurarFilas, isCantidadTecleable, opcionesFila, validarFilas } from './filas-cotizacion';

const producto = (id: number, nombre: string, categoria: number, origen: string, marca: string) => ({
  id,
  nombre,
  categoria: { id: categoria, nombre: categoria === 1 ? 'CARNE BOVINA' : 'POLLO' },
  origen: { descripcion: origen },
  marca: { nombre: marca },
  unidad: { descripcion: 'KILO' },
  formatos: [],
});

const CATALOGO: ConsolidatedData = {
  categorias: [
    { id: 1, nombre: 'CARNE BOVINA' },
    { id: 2, nombre: 'POLLO' },
  ],
  productos: [
    producto(10, 'Abastero', 1, 'Chile', 'Carnes Ñuble'),
    producto(11, 'Asiento', 1, 'Chile', 'Frigosorno'),
    producto(12, 'Entraña', 1, 'Estados Unidos', 'Creekstone'),
    producto(20, 'Alitas de pollo', 2, 'Brasil', 'Seara'),
  ],
};

const fila = (over: Partial<FilaCotizacion> = {}): FilaCotizacion => ({
  key: 'k',
  categoria: null,
  origen: null,
  marca: null,
  producto: null,
  cantidad: '',
  ...over,
});
const completa = (key: string, over: Partial<FilaCotizacion> = {}) =>
  fila({ key, categoria: 1, origen: 'Chile', marca: 'Carnes Ñuble', producto: 10, cantidad: '150', ...over });
const MINIMOS = new Map([
  [1, 100],
  [2, 100],
]);

describe('isCantidadTecleable (docs/producto.md §5: digits only, no leading zero, ≤ 5 digits, ≤ 9999)', () => {
  it.each(['', '1', '100', '9999'])('accepts %j', (t) => expect(isCantidadTecleable(t)).toBe(true));
  it.each(['0', '01', '10000', '99999', '123456', '1.5', '-1', '1e3', ' 1', 'abc'])('refuses %j', (t) => expect(isCantidadTecleable(t)).toBe(false));
});

describe('the cascade', () => {
  it('a category offers its origins; an origin narrows the brands and products', () => {
    expect(opcionesFila(CATALOGO, fila())).toEqual({ origenes: [], marcas: [], productos: [] });
    const carne = opcionesFila(CATALOGO, fila({ categoria: 1 }));
    expect(carne.origenes).toEqual(['Chile', 'Estados Unidos']);
    expect(carne.productos.map((p) => p.id)).toEqual([10, 11, 12]);
    const chile = opcionesFila(CATALOGO, fila({ categoria: 1, origen: 'Chile' }));
    expect(chile.marcas).toEqual(['Carnes Ñuble', 'Frigosorno']);
    expect(opcionesFila(CATALOGO, fila({ categoria: 1, origen: 'Chile', marca: 'Frigosorno' })).productos.map((p) => p.id)).toEqual([11]);
  });

  it('picking a product fills its origin and brand; a new category clears everything below it', () => {
    const elegido = cambiarCampo(CATALOGO, fila({ categoria: 1 }), 'producto', '12');
    expect(elegido).toMatchObject({ categoria: 1, origen: 'Estados Unidos', marca: 'Creekstone', producto: 12 });
    expect(cambiarCampo(CATALOGO, elegido, 'categoria', '2')).toMatchObject({ categoria: 2, origen: null, marca: null, producto: null });
  });

  it('another origin drops a product and brand that no longer fit; the same keeps them', () => {
    const elegido = completa('a');
    expect(cambiarCampo(CATALOGO, elegido, 'origen', 'Estados Unidos')).toMatchObject({ origen: 'Estados Unidos', marca: null, producto: null });
    expect(cambiarCampo(CATALOGO, elegido, 'marca', 'Frigosorno')).toMatchObject({ marca: 'Frigosorno', producto: null });
  });

  it('rows read back from storage lose what the catalogue no longer has', () => {
    const [limpia] = depurarFilas(CATALOGO, [fila({ key: 'x', categoria: 1, origen: 'Marte', marca: 'Seara', producto: 99, cantidad: '300' })]);
    expect(limpia).toEqual(fila({ key: 'x', categoria: 1, cantidad: '300' }));
    // A product still offered brings back its own origin and brand.
    expect(depurarFilas(CATALOGO, [completa('w', { origen: 'Marte', marca: null })])[0]).toEqual(completa('w'));
    // A product of another category is not this row's.
    expect(depurarFilas(CATALOGO, [completa('v', { producto: 20 })])[0]).toMatchObject({ origen: 'Chile', marca: 'Carnes Ñuble', producto: null });
    expect(depurarFilas(CATALOGO, [fila({ key: 'y', categoria: 99, producto: 10 })])[0]).toMatchObject({ key: 'y', categoria: null, producto: null });
    expect(depurarFilas(CATALOGO, [completa('z')])[0]).toEqual(completa('z'));
  });
});

describe('validarFilas (docs/producto.md §5 Quotation)', () => {
  it('no rows', () => {
    expect(validarFilas([], MINIMOS).general).toBe('Debe haber al menos un producto en la cotización.');
  });

  it('every message on its row, numbered from 1, and no row complete', () => {
    const r = validarFilas(
      [completa('a', { cantidad: '50' }), fila({ key: 'b', categoria: 2 }), fila({ key: 'c' }), completa('d', { cantidad: '0' })],
      MINIMOS,
    );
    expect(r.errores.a).toEqual({ cantidad: 'Fila 1: La cantidad mínima debe ser de 100 kg.' });
    expect(r.errores.b).toEqual({
      origen: 'Fila 2: El campo "Origen" está incompleto.',
      marca: 'Fila 2: El campo "Marca" está incompleto.',
      producto: 'Fila 2: El campo "Producto" está incompleto.',
      cantidad: 'Fila 2: El campo "Cantidad" está incompleto.',
    });
    // Without a category the other pickers are closed: only the category and the quantity are asked for.
    expect(r.errores.c).toEqual({ categoria: 'Fila 3: El campo "Categoría" está incompleto.', cantidad: 'Fila 3: El campo "Cantidad" está incompleto.' });
    expect(r.errores.d).toEqual({ cantidad: 'Fila 4: La cantidad debe ser un número positivo.' });
    expect(r.general).toBe('Debe haber al menos una fila completa y válida en la cotización.');
    expect(r.productos).toEqual([]);
  });

  it('complete rows are what Continuar sends; the minimum waits for the price ranges', () => {
    expect(validarFilas([completa('a'), completa('b', { producto: 11, marca: 'Frigosorno', cantidad: '9999' })], MINIMOS)).toEqual({
      errores: {},
      general: null,
      productos: [
        { producto: 10, cantidad: 150 },
        { producto: 11, cantidad: 9999 },
      ],
    });
    expect(validarFilas([completa('a', { cantidad: '5' })], undefined).errores).toEqual({});
  });
  it("writes the minimum in the product's unit: 'cajas' for a product sold by the box", () => {
    const unidad = (f: FilaCotizacion) => (f.producto === 11 ? 'CAJA' : 'KILO');
    const r = validarFilas([completa('a', { cantidad: '5' }), completa('b', { producto: 11, marca: 'Frigosorno', cantidad: '5' })], MINIMOS, unidad);
    expect(r.errores).toEqual({
      a: { cantidad: 'Fila 1: La cantidad mínima debe ser de 100 kg.' },
      b: { cantidad: 'Fila 2: La cantidad mínima debe ser de 100 cajas.' },
    });
  });
});

describe('erroresDelServidor', () => {
  const filas = [completa('a'), completa('b'), completa('c')];
  it("puts each 'Fila n' message on row n and on its field; the rest is the form's", () => {
    const error = new ApiError(400, {
      productos: [
        'Fila 2: El producto "Abastero" ya está en otra fila de la cotización.',
        'Fila 3: La cantidad mínima debe ser de 100 kg.',
        'Fila 9: fuera de la tabla',
        'Debe haber al menos un producto en la cotización.',
      ],
    });
    expect(erroresDelServidor(error, filas)).toEqual({
      errores: {
        b: { producto: 'Fila 2: El producto "Abastero" ya está en otra fila de la cotización.' },
        c: { cantidad: 'Fila 3: La cantidad mínima debe ser de 100 kg.' },
      },
      general: 'Fila 9: fuera de la tabla',
    });
  });

  it('a 5xx or a network failure places nothing', () => {
    expect(erroresDelServidor(new ApiError(500, null), filas)).toEqual({ errores: {}, general: null });
    expect(erroresDelServidor(new TypeError('offline'), filas)).toEqual({ errores: {}, general: null });
  });
});
