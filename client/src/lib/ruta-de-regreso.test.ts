import { describe, expect, it } from 'vitest';
import { destinoTrasLogin, loginConRegreso, rutaSegura } from './ruta-de-regreso';

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
