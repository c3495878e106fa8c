import { describe, expect, it } from 'vitest';
import { cambioEstadoSchema, ESTADOS_PEDIDO, type EstadoPedido, MOTIVO_LARGO, MOTIVO_OBLIGATORIO, transicionRechazada } from './pedidos';

// The pedido's life cycle, written out once here as the table the code must match.
const PERMITIDAS: Array<[EstadoPedido, EstadoPedido]> = [
  ['pendiente', 'confirmado'],
  ['pendiente', 'rechazado'],
  ['pendiente', 'anulado'],
  ['confirmado', 'despachado'],
  ['confirmado', 'rechazado'],
  ['despachado', 'entregado'],
];

describe('transicionRechazada', () => {
  it('allows exactly the moves of the life cycle, and repeating the current state', () => {
    for (const actual of ESTADOS_PEDIDO) {
      for (const nuevo of ESTADOS_PEDIDO) {
        const permitida = actual === nuevo || PERMITIDAS.some(([a, n]) => a === actual && n === nuevo);
        expect(transicionRechazada(actual, nuevo) === undefined, `${actual} → ${nuevo}`).toBe(permitida);
      }
    }
  });

  it('says what the pedido already became, or what must come first', () => {
    expect(transicionRechazada('despachado', 'rechazado')).toBe('El pedido ya fue despachado.');
    expect(transicionRechazada('confirmado', 'anulado')).toBe('El pedido ya fue confirmado.');
    expect(transicionRechazada('rechazado', 'confirmado')).toBe('El pedido ya fue rechazado.');
    expect(transicionRechazada('anulado', 'confirmado')).toBe('El pedido ya fue anulado.');
    expect(transicionRechazada('entregado', 'despachado')).toBe('El pedido ya fue entregado.');
    expect(transicionRechazada('pendiente', 'despachado')).toBe('El pedido debe confirmarse primero.');
  });
});

describe('cambioEstadoSchema', () => {
  it('requires a reason to reject, up to 500 characters, trimmed', () => {
    expect(cambioEstadoSchema.safeParse({ estado: 'rechazado' }).error?.issues[0]?.message).toBe(MOTIVO_OBLIGATORIO);
    expect(cambioEstadoSchema.safeParse({ estado: 'rechazado', motivo: '   ' }).error?.issues[0]?.message).toBe(MOTIVO_OBLIGATORIO);
    expect(cambioEstadoSchema.safeParse({ estado: 'rechazado', motivo: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(MOTIVO_LARGO);
    expect(cambioEstadoSchema.parse({ estado: 'rechazado', motivo: `  ${'x'.repeat(500)} ` }).motivo).toHaveLength(500);
    expect(cambioEstadoSchema.parse({ estado: 'confirmado', motivo: null })).toEqual({ estado: 'confirmado' });
  });

  it('refuses a state that does not exist', () => {
    expect(cambioEstadoSchema.safeParse({ estado: 'perdido' }).success).toBe(false);
    expect(cambioEstadoSchema.safeParse({}).success).toBe(false);
  });
});
