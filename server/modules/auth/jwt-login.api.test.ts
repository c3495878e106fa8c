import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usuario } from '#server/db/schema/usuario';
import { setupTestApp } from '#server/test/test-app';
import { createUser } from '#server/test/users';

const ctx = setupTestApp();

const login = (email: string, password: string) => ctx.t.request({ method: 'POST', url: '/auth/jwt/create/', payload: { email, password } });

describe('JWT login, verify, refresh and /auth/users/me/', () => {
  it('logs a demo account in, case-insensitively, and returns its profile and roles', async () => {
    const res = await login('PROVEEDOR@Abastece.cl', 'abastece2026');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['refresh', 'access']);
    const me = await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: res.json().access });
    expect(me.json()).toMatchObject({ email: 'proveedor@abastece.cl', is_proveedor: true, is_comprador: false, is_moderador: false, ofrece_credito: true });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await login('comprador@abastece.cl', 'otra-clave');
    const unknown = await login('nadie@abastece.cl', 'otra-clave');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().detail).toBe('No se encontró una cuenta activa con las credenciales entregadas.');
  });

  it('verifies access and refresh tokens, and refuses tampered ones', async () => {
    const { access, refresh } = (await login('moderador@abastece.cl', 'abastece2026')).json();
    for (const token of [access, refresh]) expect((await ctx.t.request({ method: 'POST', url: '/auth/jwt/verify/', payload: { token } })).json()).toEqual({});
    const bad = await ctx.t.request({ method: 'POST', url: '/auth/jwt/verify/', payload: { token: `${access.slice(0, -2)}xx` } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('token_not_valid');
    expect((await ctx.t.request({ method: 'POST', url: '/auth/jwt/verify/', payload: { token: '' } })).json()).toEqual({
      token: ['Este campo no puede estar en blanco.'],
    });
  });

  it('refreshes with a refresh token only', async () => {
    const { access, refresh } = (await login('comprador@abastece.cl', 'abastece2026')).json();
    const res = await ctx.t.request({ method: 'POST', url: '/auth/jwt/refresh/', payload: { refresh } });
    expect(res.statusCode).toBe(200);
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: res.json().access })).statusCode).toBe(200);
    const wrongType = await ctx.t.request({ method: 'POST', url: '/auth/jwt/refresh/', payload: { refresh: access } });
    expect(wrongType.statusCode).toBe(401);
  });

  it('refuses a refresh token, another scheme or a malformed header on /auth/users/me/', async () => {
    const { refresh, access } = (await login('comprador@abastece.cl', 'abastece2026')).json();
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: refresh })).statusCode).toBe(401);
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', headers: { authorization: `Bearer ${access}` } })).json().detail).toBe(
      'Las credenciales de autenticación no se proveyeron.',
    );
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', headers: { authorization: 'JWT a b' } })).json().code).toBe(
      'bad_authorization_header',
    );
  });

  it('stops a token working once its user is deactivated or deleted', async () => {
    const inactive = await createUser(ctx.t, 'comprador');
    const gone = await createUser(ctx.t, 'proveedor');
    await ctx.t.database.db.update(usuario).set({ is_active: false }).where(eq(usuario.id, inactive.id));
    await ctx.t.database.db.delete(usuario).where(eq(usuario.id, gone.id));
    const a = await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: inactive.access });
    const b = await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: gone.access });
    expect([a.statusCode, a.json().code]).toEqual([401, 'user_inactive']);
    expect([b.statusCode, b.json().code]).toEqual([401, 'user_not_found']);
    expect((await ctx.t.request({ method: 'POST', url: '/auth/jwt/verify/', payload: { token: inactive.access } })).statusCode).toBe(401);
  });
});
