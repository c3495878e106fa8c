import { describe, expect, it } from 'vitest';
import {
  CONDICIONES_POR_DEFECTO,
  type CondicionesDespacho,
  diaSemanaIso,
  mensajesDespacho,
  primerDiaDespacho,
  puedeDespachar,
  plazoCondiciones,
  resumenCondiciones,
} from './despacho';

const condiciones = (over: Partial<CondicionesDespacho> = {}): CondicionesDespacho => ({ ...CONDICIONES_POR_DEFECTO, comunas: [13101, 13123], ...over });

// Chile's summer time (UTC−3) runs from September to April; the dates below are all in it.
const verano = (local: string) => new Date(`${local}-03:00`);

describe('diaSemanaIso', () => {
  it('numbers weekdays from lunes = 1 to domingo = 7', () => {
    expect(['2026-11-30', '2026-12-01', '2026-12-05', '2026-12-06'].map(diaSemanaIso)).toEqual([1, 2, 6, 7]);
  });
});

describe('puedeDespachar: the weekday and the cut-off of day D − anticipacion_dias, Chile time', () => {
  const martesJueves = condiciones({ dias_despacho: [2, 4], anticipacion_dias: 1, hora_corte: '18:30' });

  it('takes an order up to the minute before the cut-off, not at it', () => {
    // Thursday 3 December 2026 with one day of anticipation: until Wednesday 2 December at 18:29.
    expect(puedeDespachar(martesJueves, '2026-12-03', verano('2026-12-02T18:29:59'))).toBe(true);
    expect(puedeDespachar(martesJueves, '2026-12-03', verano('2026-12-02T18:30:00'))).toBe(false);
    expect(puedeDespachar(martesJueves, '2026-12-03', verano('2026-12-02T18:31:00'))).toBe(false);
    expect(puedeDespachar(martesJueves, '2026-12-03', verano('2026-12-01T23:59:00'))).toBe(true);
  });

  it('refuses a weekday the supplier does not deliver on, however early', () => {
    expect(puedeDespachar(martesJueves, '2026-12-02', verano('2026-11-20T08:00:00'))).toBe(false);
    expect(puedeDespachar(martesJueves, '2026-12-01', verano('2026-11-20T08:00:00'))).toBe(true);
  });

  it('refuses a day already past, and anything that is not a date', () => {
    expect(puedeDespachar(martesJueves, '2026-12-01', verano('2026-12-03T08:00:00'))).toBe(false);
    expect(puedeDespachar(martesJueves, 'mañana', verano('2026-12-03T08:00:00'))).toBe(false);
  });

  it('counts the anticipation back across a week end', () => {
    // Tuesday 8 December with 3 days: the cut-off is Saturday 5 December at 12:00.
    const c = condiciones({ dias_despacho: [2], anticipacion_dias: 3, hora_corte: '12:00' });
    expect(puedeDespachar(c, '2026-12-08', verano('2026-12-05T11:59:00'))).toBe(true);
    expect(puedeDespachar(c, '2026-12-08', verano('2026-12-05T12:00:00'))).toBe(false);
    expect(primerDiaDespacho(c, verano('2026-12-05T12:00:00'))).toBe('2026-12-15');
    // 14 days across two week ends.
    const quince = condiciones({ dias_despacho: [1], anticipacion_dias: 14, hora_corte: '18:00' });
    expect(puedeDespachar(quince, '2026-12-21', verano('2026-12-07T17:59:00'))).toBe(true);
    expect(puedeDespachar(quince, '2026-12-21', verano('2026-12-07T18:00:00'))).toBe(false);
  });

  it('with no anticipation takes same-day orders until the cut-off', () => {
    const c = condiciones({ dias_despacho: [1, 2, 3, 4, 5], anticipacion_dias: 0, hora_corte: '10:15' });
    expect(puedeDespachar(c, '2026-12-01', verano('2026-12-01T10:14:00'))).toBe(true);
    expect(puedeDespachar(c, '2026-12-01', verano('2026-12-01T10:15:00'))).toBe(false);
  });

  it('reads the cut-off in Chile’s time on both sides of the change to summer time', () => {
    const c = condiciones({ dias_despacho: [1, 2, 3, 4, 5, 6, 7], anticipacion_dias: 0, hora_corte: '18:00' });
    // The same UTC instant, 21:30, is 17:30 in winter and 18:30 in summer.
    expect(puedeDespachar(c, '2026-07-01', new Date('2026-07-01T21:30:00Z'))).toBe(true);
    expect(puedeDespachar(c, '2026-12-01', new Date('2026-12-01T21:30:00Z'))).toBe(false);
    // Sunday 6 September 2026: clocks jump from 00:00 to 01:00, so a 00:30 cut-off that day has passed at the first instant of it.
    const enElSalto = condiciones({ dias_despacho: [7], anticipacion_dias: 0, hora_corte: '00:30' });
    expect(puedeDespachar(enElSalto, '2026-09-06', new Date('2026-09-06T03:59:00Z'))).toBe(true); // Saturday 23:59, UTC−4
    expect(puedeDespachar(enElSalto, '2026-09-06', new Date('2026-09-06T04:00:00Z'))).toBe(false); // Sunday 01:00, UTC−3
    // Sunday 5 April 2026: clocks go back from 00:00 to Saturday 23:00; Saturday's 23:30 happens twice, both before a 23:45 cut-off.
    const sabado = condiciones({ dias_despacho: [7], anticipacion_dias: 1, hora_corte: '23:45' });
    expect(puedeDespachar(sabado, '2026-04-05', new Date('2026-04-05T02:30:00Z'))).toBe(true);
    expect(puedeDespachar(sabado, '2026-04-05', new Date('2026-04-05T03:30:00Z'))).toBe(true);
    expect(puedeDespachar(sabado, '2026-04-05', new Date('2026-04-05T03:45:00Z'))).toBe(false); // the second 23:45
  });

  it('delivers on domingo (weekday 7) when the supplier says so', () => {
    const domingo = condiciones({ dias_despacho: [7], anticipacion_dias: 1, hora_corte: '18:00' });
    expect(puedeDespachar(domingo, '2026-12-06', verano('2026-12-05T17:00:00'))).toBe(true);
    expect(puedeDespachar(CONDICIONES_POR_DEFECTO, '2026-12-06', verano('2026-12-01T08:00:00'))).toBe(false);
    expect(primerDiaDespacho(domingo, verano('2026-12-05T18:00:00'))).toBe('2026-12-13');
  });
});

describe('primerDiaDespacho', () => {
  it('is tomorrow for the defaults before 18:00 on a weekday, and skips domingo', () => {
    expect(primerDiaDespacho(CONDICIONES_POR_DEFECTO, verano('2026-12-01T17:59:00'))).toBe('2026-12-02');
    expect(primerDiaDespacho(CONDICIONES_POR_DEFECTO, verano('2026-12-01T18:00:00'))).toBe('2026-12-03');
    // Friday after the cut-off: Saturday is gone, domingo is not a day, so lunes.
    expect(primerDiaDespacho(CONDICIONES_POR_DEFECTO, verano('2026-12-04T18:00:00'))).toBe('2026-12-07');
  });

  it('can be today with no anticipation', () => {
    expect(primerDiaDespacho(condiciones({ anticipacion_dias: 0, hora_corte: '12:00' }), verano('2026-12-01T09:00:00'))).toBe('2026-12-01');
  });
});

describe('resumenCondiciones', () => {
  it('says the supplier’s terms in one sentence', () => {
    const c = condiciones({
      comunas: Array.from({ length: 52 }, (_, i) => 13101 + i),
      dias_despacho: [4, 2],
      monto_minimo: 50_000,
      costo_despacho: 8_990,
      despacho_gratis_desde: 150_000,
    });
    expect(resumenCondiciones(c, 346)).toBe('Despachas martes y jueves en 52 comunas; pedido mínimo $50.000; despacho $8.990, gratis desde $150.000');
  });

  it('words the defaults, one comuna, every day and a fee that is never free', () => {
    const todas = Array.from({ length: 346 }, (_, i) => i + 1);
    expect(resumenCondiciones({ ...CONDICIONES_POR_DEFECTO, comunas: todas }, 346)).toBe(
      'Despachas lunes, martes, miércoles, jueves, viernes y sábado en todas las comunas; sin pedido mínimo; despacho gratis',
    );
    expect(resumenCondiciones(condiciones({ comunas: [13101], dias_despacho: [1, 2, 3, 4, 5, 6, 7], costo_despacho: 4_990 }), 346)).toBe(
      'Despachas todos los días en 1 comuna; sin pedido mínimo; despacho $4.990',
    );
    expect(resumenCondiciones(condiciones({ dias_despacho: [6] }), 346)).toBe('Despachas sábado en 2 comunas; sin pedido mínimo; despacho gratis');
  });
});

describe('mensajesDespacho', () => {
  it('says why a supplier did not count, in Spanish', () => {
    expect(mensajesDespacho.noDespachaComuna('Carnes del Sur', 'Puerto Montt')).toBe('Carnes del Sur no despacha a Puerto Montt');
    expect(mensajesDespacho.noAlcanzaMinimo('Carnes del Sur', 50_000)).toBe('Carnes del Sur no alcanza el pedido mínimo de $50.000');
    expect(mensajesDespacho.noDespachaDia('Carnes del Sur', '2026-12-03')).toBe('Carnes del Sur no despacha el 3 de diciembre de 2026');
  });
});

describe('plazoCondiciones', () => {
  it('says until when an order for a delivery day is taken', () => {
    expect(plazoCondiciones({ anticipacion_dias: 0, hora_corte: '11:00' })).toBe('Recibes pedidos antes de las 11:00 del mismo día de la entrega.');
    expect(plazoCondiciones({ anticipacion_dias: 2, hora_corte: '14:30' })).toBe('Recibes pedidos antes de las 14:30, 2 días antes de la entrega.');
  });
});
