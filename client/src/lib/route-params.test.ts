import { describe, expect, it } from 'vitest';
import { idFromParam, pageFromParam } from './route-params';

describe('idFromParam', () => {
  it('reads plain digits from 1 to the largest id the server keeps', () => {
    expect(idFromParam('7')).toBe(7);
    expect(idFromParam('007')).toBe(7);
    expect(idFromParam('2147483647')).toBe(2_147_483_647);
  });

  it('names no record for anything else', () => {
    for (const texto of [undefined, '', '0', '-1', '+1', '1.0', '1e3', '0x10', ' 7', 'abc', '2147483648', '99999999999'])
      expect(idFromParam(texto)).toBeUndefined();
  });
});

describe('pageFromParam', () => {
  it('reads a page like an id, and anything else as the first page', () => {
    expect(pageFromParam('3')).toBe(3);
    for (const texto of [null, '', '0', '-2', '2.5', 'dos']) expect(pageFromParam(texto)).toBe(1);
  });
});
