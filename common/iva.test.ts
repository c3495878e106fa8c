import { describe, expect, it } from 'vitest';
import { conIva, ivaDe } from './iva';

describe('IVA', () => {
  it('is 19 % of the whole neto, rounded to the peso once (half a peso up)', () => {
    expect(ivaDe(100)).toBe(19);
    expect(ivaDe(50)).toBe(10); // 9,5 → 10
    expect(ivaDe(49)).toBe(9); // 9,31 → 9
    expect(ivaDe(0)).toBe(0);
    expect(conIva(123_457)).toEqual({ neto: 123_457, iva: 23_457, total_con_iva: 146_914 }); // 23.456,83
  });

  it('of a document is not the sum of its lines rounded one by one', () => {
    // Three lines of $3 each: 0,57 per line rounds to 1 (3 in all); the document's 9 gives 1,71 → 2.
    expect(3 * ivaDe(3)).toBe(3);
    expect(ivaDe(9)).toBe(2);
  });
});
