import { describe, expect, it } from 'vitest';
import { destinoTrasLogin, inicioDe, loginConRegreso, rutaSegura } from './ruta-de-regreso';

describe('rutaSegura', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(rutaSegura('/datos-cotizacion')).toBe('/datos-cotizacion');
    expect(rutaSegura('/pedidos-recibidos?estado=pendiente#x')).toBe('/pedidos-recibidos?estado=pendiente#x');
  });

  it.each([
    null,
    '',
    'https://evil.cl/',
    '//evil.cl/x',
    '/\\evil.cl',
    '\\\\evil.cl',
    'javascript:alert(1)',
    '/ruta\nLocation: x',
    'datos-cotizacion',
    '/login',
    '/login/',
    '/signup?x=1',
    '/reset-password',
    '/activate/MQ/token',
    '/password/reset/confirm/MQ/token',
    `/${'a'.repeat(2001)}`,
  ])('reads %j as the home page', (next) => {
    expect(rutaSegura(next)).toBe('/');
  });
});

describe('loginConRegreso / destinoTrasLogin', () => {
  it('round-trips the page through /login?next=', () => {
    const login = loginConRegreso({ pathname: '/datos-cotizacion', search: '?a=1&b=2' });
    expect(login).toBe('/login?next=%2Fdatos-cotizacion%3Fa%3D1%26b%3D2');
    expect(destinoTrasLogin(login.slice('/login'.length))).toBe('/datos-cotizacion?a=1&b=2');
  });

  it('adds nothing for the home page or for /login itself', () => {
    expect(loginConRegreso({ pathname: '/' })).toBe('/login');
    expect(loginConRegreso({ pathname: '/login', search: '?next=%2Fx' })).toBe('/login');
    expect(destinoTrasLogin('')).toBe('/');
  });
});

describe('inicioDe / destinoTrasLogin', () => {
  const proveedor = { is_proveedor: true };
  const comprador = { is_proveedor: false };

  it('lands a supplier on its panel and anyone else on the home page when no page waits', () => {
    expect(inicioDe(proveedor)).toBe('/panel');
    expect(inicioDe(comprador)).toBe('/');
    expect(inicioDe(undefined)).toBe('/');
    expect(destinoTrasLogin('', proveedor)).toBe('/panel');
    expect(destinoTrasLogin('', comprador)).toBe('/');
    // A return that is not one (home, another site) is no page waiting either.
    expect(destinoTrasLogin('?next=%2F', proveedor)).toBe('/panel');
    expect(destinoTrasLogin('?next=https%3A%2F%2Fevil.cl', proveedor)).toBe('/panel');
  });

  it('returns a supplier to the page it was on, when there was one', () => {
    expect(destinoTrasLogin('?next=%2Fpedidos-recibidos%2F7', proveedor)).toBe('/pedidos-recibidos/7');
  });
});
