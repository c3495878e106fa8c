import { describe, expect, it } from 'vitest';
import { ahoraEnChile } from '../fecha';
import {
  cotizanteFormSchema,
  errorFechaEntrega,
  erroresFila,
  FECHA_PASADA,
  filaDeMensaje,
  MISMO_DIA_DESPUES_DE_MEDIODIA,
  minimosPorCategoria,
  solicitudSchema,
} from './cotizaciones';

describe('erroresFila (docs/producto.md §5 Quotation)', () => {
  it('names every empty field of the row, with its number', () => {
    expect(erroresFila({ categoria: 'AVES', origen: '', producto: null }, 3).map((e) => e.mensaje)).toEqual([
      'Fila 3: El campo "Origen" está incompleto.',
      'Fila 3: El campo "Marca" está incompleto.',
      'Fila 3: El campo "Producto" está incompleto.',
      'Fila 3: El campo "Cantidad" está incompleto.',
    ]);
  });

  it.each([
    ['0', 'Fila 1: La cantidad debe ser un número positivo.'],
    ['-3', 'Fila 1: La cantidad debe ser un número positivo.'],
    ['1e3', 'Fila 1: La cantidad debe ser un número positivo.'],
    [2.5, 'Fila 1: La cantidad debe ser un número entero.'],
    [10_000, 'Fila 1: La cantidad máxima es 9999.'],
    ['99', 'Fila 1: La cantidad mínima debe ser de 100 kg.'],
  ])('refuses the quantity %j', (cantidad, mensaje) => {
    expect(erroresFila({ producto: 1, cantidad }, 1, { campos: ['producto', 'cantidad'], minimo: 100 })).toEqual([{ campo: 'cantidad', mensaje }]);
  });

  it('accepts a whole quantity from the minimum to 9999, as a number or digits', () => {
    for (const cantidad of [100, '100', 9999, ' 250 '])
      expect(erroresFila({ producto: '7', cantidad }, 1, { campos: ['producto', 'cantidad'], minimo: 100 })).toEqual([]);
  });

  it('reads the row of a server message back', () => {
    expect(filaDeMensaje('Fila 12: La cantidad debe ser un número positivo.')).toBe(12);
    expect(filaDeMensaje('Debe haber al menos un producto en la cotización.')).toBeUndefined();
  });
});

describe('solicitudSchema', () => {
  it('puts each row problem on its row and field', () => {
    const issues = solicitudSchema.safeParse({ productos: [{ producto: 1, cantidad: 100 }, { producto: 2 }] }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([['productos.1.cantidad', 'Fila 2: El campo "Cantidad" está incompleto.']]);
  });

  it('hands the server numbers', () => {
    expect(solicitudSchema.parse({ productos: [{ producto: '3', cantidad: '120', categoria: 'AVES' }] })).toEqual({
      productos: [{ producto: 3, cantidad: 120 }],
    });
  });
});

describe('minimosPorCategoria', () => {
  it('keeps the lowest lower limit of each category', () => {
    const m = minimosPorCategoria([
      { categoria: 1, limite_inferior: 300 },
      { categoria: 1, limite_inferior: 100 },
      { categoria: 2, limite_inferior: 700 },
    ]);
    expect([...m]).toEqual([
      [1, 100],
      [2, 700],
    ]);
  });
});

describe('fecha de entrega in America/Santiago', () => {
  it.each([
    ['2026-11-23T14:59:59Z', { hoy: '2026-11-23', hora: 11, minuto: 11 * 60 + 59 }],
    ['2026-11-23T15:00:00Z', { hoy: '2026-11-23', hora: 12, minuto: 12 * 60 }],
    ['2026-07-15T16:00:00Z', { hoy: '2026-07-15', hora: 12, minuto: 12 * 60 }],
    ['2026-11-24T02:30:00Z', { hoy: '2026-11-23', hora: 23, minuto: 23 * 60 + 30 }],
  ])('at %s Chile reads %j', (instante, esperado) => {
    expect(ahoraEnChile(new Date(instante))).toEqual(esperado);
  });

  it('refuses a past day, and today from noon on', () => {
    const mediodia = new Date('2026-11-23T15:00:00Z');
    expect(errorFechaEntrega('2026-11-22', mediodia)).toBe(FECHA_PASADA);
    expect(errorFechaEntrega('2026-11-23', mediodia)).toBe(MISMO_DIA_DESPUES_DE_MEDIODIA);
    expect(errorFechaEntrega('2026-11-23', new Date('2026-11-23T14:59:59Z'))).toBeUndefined();
    expect(errorFechaEntrega('2026-11-24', mediodia)).toBeUndefined();
  });

  it('the form schema applies it with the clock it is given', () => {
    const body = { fecha_entrega: '2026-11-23', nombre_contacto: 'Ana', correo_contacto: 'ana@prueba.cl', telefono_contacto: '912345678', solicitud_id: 1 };
    expect(cotizanteFormSchema(() => new Date('2026-11-23T14:00:00Z')).safeParse(body).success).toBe(true);
    const tarde = cotizanteFormSchema(() => new Date('2026-11-23T16:00:00Z')).safeParse(body).error?.issues;
    expect(tarde?.map((i) => [i.path.join('.'), i.message])).toEqual([['fecha_entrega', MISMO_DIA_DESPUES_DE_MEDIODIA]]);
  });
});
