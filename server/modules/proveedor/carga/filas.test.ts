import { describe, expect, it } from 'vitest';
import { COLUMNAS_EXCEL, encabezadosInvalidos, FECHA_FORMATO, skuOtroPrecio, skuRepetido } from '#common/schemas/proveedor-carga';
import { ArchivoInvalido, inspectArchivo, leerDirectorioZip } from './archivo';
import { filaCarga } from '#server/test/carga';
import { escaparCelda, leerFecha, leerNumero, readFilas, sinEscape, validateSkusRepetidos } from './filas';

const HOY = '2026-11-23';

describe('leerNumero', () => {
  it.each([
    [4990, 4990],
    ['4990', 4990],
    ['$4.990', 4990],
    ['1.234.567', 1234567],
    ['4.990,5', 4990.5],
    ['4990.5', 4990.5],
    [' 1 200 ', 1200],
    ['-5', -5],
    ['', null],
    [null, null],
  ])('%j → %j', (celda, esperado) => expect(leerNumero(celda)).toBe(esperado));
  it.each(['mil', '4,99,0', '1e5', true, Number.NaN])('%j is not a number', (celda) => expect(leerNumero(celda)).toBe('invalido'));
});

describe('leerFecha', () => {
  it.each([
    ['2099-12-31', '2099-12-31'],
    ['31-12-2099', '2099-12-31'],
    ['1/2/2099', '2099-02-01'],
    ['2099/2/1', '2099-02-01'],
    // Excel serial 73050 is 2099-12-31; a bare serial reads as the day Excel shows for it.
    [73050, '2099-12-31'],
    [61, '1900-03-01'],
    [73050.5, '2099-12-31'],
    [73050.999999999, '2100-01-01'],
    [2958465, '9999-12-31'],
    ['', null],
    [null, null],
  ])('%j → %j', (celda, esperado) => expect(leerFecha(celda)).toBe(esperado));
  it.each(['2099-02-30', '31-13-2099', 'mañana', 12, 60, 0, -1, 2958466, 2958465.999999999])('%j is not a date', (celda) =>
    expect(leerFecha(celda)).toBe('invalido'),
  );
});

describe('validateSkusRepetidos', () => {
  it('rows of one SKU are lots: distinct dates and one price; the later row carries the error', () => {
    const filas = [
      filaCarga({ id: 2, sku: 'A', nombre: 'x', fecha_vencimiento: '2099-01-01' }),
      filaCarga({ id: 3, sku: 'A', nombre: 'x', fecha_vencimiento: '2099-02-01' }),
      filaCarga({ id: 4, sku: 'A', nombre: 'x', fecha_vencimiento: '2099-01-01' }),
      filaCarga({ id: 5, sku: 'A', nombre: 'x', fecha_vencimiento: '2099-03-01', precio: 1 }),
      filaCarga({ id: 6, sku: 'B', nombre: 'x' }),
    ];
    expect([...validateSkusRepetidos(filas)]).toEqual([
      [4, skuRepetido('A', 2)],
      [5, skuOtroPrecio('A', 2)],
    ]);
  });
});

describe('readFilas', () => {
  const encabezado = [...COLUMNAS_EXCEL];
  it('maps columns by header (any case, accents or order) and numbers rows as the sheet does', () => {
    const desordenado = ['categoria', ...encabezado.filter((c) => c !== 'Categoría').map((c) => c.toUpperCase())];
    const fila = (sku: string) =>
      desordenado.map((c) => (c === 'SKU' ? sku : c === 'NOMBRE' ? 'Lomo' : c === 'categoria' ? 'CERDO' : c === 'PRECIO' ? 10 : null));
    const filas = readFilas([desordenado, fila('A'), [], fila('B')], HOY);
    expect(filas.map((f) => [f.id, f.sku, f.categoria, f.precio])).toEqual([
      [2, 'A', 'CERDO', 10],
      [4, 'B', 'CERDO', 10],
    ]);
  });
  it('an unreadable cell is that row’s error, not the file’s', () => {
    const [fila] = readFilas([encabezado, ['A', 'B', 'mil', null, null, null, null, null, 'x', 'pronto']], HOY);
    expect(fila!.errores).toEqual(['Precio debe ser un número.', 'Stock debe ser un número.', FECHA_FORMATO]);
  });
  it('refuses a sheet without the template’s headers, naming the missing ones', () => {
    expect(() => readFilas([encabezado.filter((c) => c !== 'Stock' && c !== 'Marca')], HOY)).toThrow(
      new ArchivoInvalido(encabezadosInvalidos(['Stock', 'Marca'])),
    );
  });
});

describe('formula injection (DESIGN §4)', () => {
  it.each(['=1+1', '+56 9', '-5', '@SUM(A1)', '\tx'])('%j is written behind an apostrophe and read back as it was', (valor) => {
    expect(escaparCelda(valor)).toBe(`'${valor}`);
    expect(sinEscape(escaparCelda(valor))).toBe(valor);
  });
  it('leaves ordinary text alone, also one that starts with an apostrophe', () => {
    expect(escaparCelda('Lomo')).toBe('Lomo');
    expect(sinEscape("'Lomo")).toBe("'Lomo");
  });
});

describe('inspectArchivo', () => {
  it('knows a file by its first bytes, whatever its name', () => {
    expect(() => inspectArchivo(Buffer.from('SKU,Nombre\n'))).toThrow(ArchivoInvalido);
    expect(inspectArchivo(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(10)])).tipo).toBe('xls');
  });
  it('a zip without an end record is unreadable', () => {
    expect(() => leerDirectorioZip(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(40)]))).toThrow(ArchivoInvalido);
  });
});
