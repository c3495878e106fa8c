import { describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/test/test-app';
import { createUser, lastLink, uniqueEmail } from '#server/test/users';
import { createUsuario } from './auth.service';

// 'Seguridad' on the profile. Djoser's set_password (with its retype field), in
// Spanish, ending every session opened before it.

const ctx = setupTestApp();

const URL = '/auth/users/set_password/';
let ipSeq = 0;
/** A client address of its own, so one test's failed attempts never lock another's. */
const newIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const post = (url: string, payload: object, token?: string, remoteAddress = '127.0.0.1') =>
  ctx.t.request({ method: 'POST', url, payload, token, remoteAddress });
const cambio = (current_password: string, nueva: string, retype = nueva) => ({ current_password, new_password: nueva, re_new_password: retype });
const login = (email: string, password: string) => post('/auth/jwt/create/', { email, password });
const me = (token: string) => ctx.t.request({ method: 'GET', url: '/auth/users/me/', token });

/** A moderator as they come to exist (`npm run create-user`), logged in. */
async function createModerador() {
  const email = uniqueEmail('moderador');
  const password = 'moderar-con-calma-4';
  await createUsuario(ctx.t.database.db, { email, password, first_name: 'Mora', last_name: 'Díaz', is_active: true, rol: 'moderador' });
  return { email, password, access: await ctx.t.tokenFor(email, password) };
}

describe('POST /auth/users/set_password/', () => {
  it('refuses anonymous callers and bad tokens with 401, before looking at the body', async () => {
    for (const payload of [cambio('x', 'mango-nuevo-55'), {}]) {
      const res = await post(URL, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Las credenciales de autenticación no se proveyeron.' });
    }
    const bad = await ctx.t.request({ method: 'POST', url: URL, payload: {}, headers: { authorization: 'JWT basura' } });
    expect([bad.statusCode, bad.json().code]).toEqual([401, 'token_not_valid']);
  });

  it.each(['comprador', 'proveedor', 'moderador'] as const)(
    'lets a %s change their own password: 204, the new one opens, the old one no longer does, and every earlier token dies',
    async (rol) => {
      const user = rol === 'moderador' ? await createModerador() : await createUser(ctx.t, rol);
      // Another session of the same account (a phone), opened before the change.
      const otra = (await login(user.email, user.password)).json();
      const res = await post(URL, cambio(user.password, 'granada-madura-81'), user.access);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');

      for (const token of [user.access, otra.access]) expect((await me(token)).statusCode).toBe(401);
      expect((await post('/auth/jwt/refresh/', { refresh: otra.refresh })).statusCode).toBe(401);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
      const nueva = await login(user.email, 'granada-madura-81');
      expect(nueva.statusCode).toBe(200);
      expect((await me(nueva.json().access)).json()).toMatchObject({ email: user.email, [`is_${rol}`]: true });
    },
  );

  it('refuses a wrong current password with 400 on current_password and changes nothing', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const res = await post(URL, cambio('no-es-la-mia', 'granada-madura-81'), user.access, newIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ current_password: ['Contraseña inválida.'] });
    expect((await me(user.access)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await login(user.email, 'granada-madura-81')).statusCode).toBe(401);
  });

  it.each([
    [{}, { current_password: ['Este campo es requerido.'], new_password: ['Este campo es requerido.'], re_new_password: ['Este campo es requerido.'] }],
    [cambio('', 'mango-1', 'mango-1'), { current_password: ['Este campo es obligatorio'] }],
    [cambio('x', 'mango-1', 'mango-2'), { non_field_errors: ['Las contraseñas no coinciden.'] }],
    [cambio('x', 'abc', 'abc'), { new_password: ['La contraseña debe tener al menos 6 caracteres.'] }],
  ])('checks the new password as the reset does: %j', async (body, errors) => {
    const user = await createUser(ctx.t, 'proveedor');
    const res = await post(URL, body, user.access);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });

  it('refuses a common new password once the current one is right (Djoser checks the current one first)', async () => {
    const user = await createUser(ctx.t, 'comprador');
    expect((await post(URL, cambio('no-es-la-mia', 'qwerty'), user.access, newIp())).json()).toEqual({ current_password: ['Contraseña inválida.'] });
    const res = await post(URL, cambio(user.password, 'qwerty'), user.access);
    expect(res.json()).toEqual({ new_password: ['Esta contraseña es demasiado común.'] });
    expect((await me(user.access)).statusCode).toBe(200);
  });

  it('counts wrong current passwords as failed logins: the 11th from one client gets 429, even with the right one; other clients go on', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await post(URL, cambio(`mala-${i}`, 'granada-madura-81'), user.access, ip)).statusCode).toBe(400);
    const blocked = await post(URL, cambio(user.password, 'granada-madura-81'), user.access, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.json().detail).toMatch(/^Demasiados intentos fallidos\. Intenta de nuevo en \d+ minutos\.$/);
    // The same lock as the login's, for that client only.
    expect((await post('/auth/jwt/create/', { email: user.email, password: user.password }, undefined, ip)).statusCode).toBe(429);
    expect((await post(URL, cambio(user.password, 'granada-madura-81'), user.access, newIp())).statusCode).toBe(204);
    // The change lifts the account's locks, as a reset does.
    expect((await post('/auth/jwt/create/', { email: user.email, password: 'granada-madura-81' }, undefined, ip)).statusCode).toBe(200);
  });

  it("voids the account's unused reset link", async () => {
    const user = await createUser(ctx.t, 'proveedor');
    await post('/auth/users/reset_password/', { email: user.email }, undefined, newIp());
    await ctx.t.app.afterReply.idle();
    const link = await lastLink(ctx.t, user.email, 'password/reset/confirm');
    expect((await post(URL, cambio(user.password, 'granada-madura-81'), user.access)).statusCode).toBe(204);
    const reset = await post('/auth/users/reset_password_confirm/', { ...link, new_password: 'otra-cosa-12', re_new_password: 'otra-cosa-12' });
    expect(reset.json()).toEqual({ token: ['Token inválido para este usuario.'] });
  });
});
