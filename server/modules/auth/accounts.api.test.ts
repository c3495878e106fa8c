import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tokenCuenta, usuario } from '../../db/schema/usuario';
import { setupTestApp } from '../../test/test-app';
import { createUser, lastLink, uniqueEmail } from '../../test/users';

const ctx = setupTestApp();

const post = (url: string, payload: unknown, token?: string) => ctx.t.request({ method: 'POST', url, payload: payload as object, token });
const signup = (over: Record<string, unknown> = {}) => {
  const email = uniqueEmail('alta');
  return { email, res: post('/auth/users/', { first_name: 'Ana', last_name: 'Pérez', email, password: 'papaya-77', re_password: 'papaya-77', ...over }) };
};
const waitFor = async <T>(fn: () => Promise<T>) => {
  for (let i = 0; i < 100; i++) {
    try {
      return await fn();
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return fn();
};

describe('POST /auth/users/', () => {
  it('creates an inactive buyer by default, answers 201 with its public fields and e-mails an activation link', async () => {
    const { email, res } = signup();
    const r = await res;
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({ id: expect.any(Number), email, first_name: 'Ana', last_name: 'Pérez', is_comprador: true, is_proveedor: false });
    expect((await post('/auth/jwt/create/', { email, password: 'papaya-77' })).statusCode).toBe(401);
    expect(await lastLink(ctx.t, email, 'activate')).toMatchObject({ uid: Buffer.from(String(r.json().id)).toString('base64url') });
  });

  it('makes a supplier a supplier only, and never a moderator, whatever the body says', async () => {
    const { res } = signup({ is_proveedor: true, is_comprador: true, is_moderador: true, is_active: true, ofrece_credito: true });
    const r = await res;
    expect(r.json()).toMatchObject({ is_comprador: false, is_proveedor: true });
    const [row] = await ctx.t.database.db.select().from(usuario).where(eq(usuario.id, r.json().id));
    expect(row).toMatchObject({ is_moderador: false, is_active: false, ofrece_credito: false });
  });

  it.each([
    [{ first_name: '', last_name: '' }, { first_name: ['Este campo es obligatorio'], last_name: ['Este campo es obligatorio'] }],
    [{ re_password: 'otra-cosa' }, { non_field_errors: ['Las contraseñas no coinciden.'] }],
    [{ password: 'abc', re_password: 'abc' }, { password: ['La contraseña debe tener al menos 6 caracteres.'] }],
    [{ password: '123456', re_password: '123456' }, { password: ['Esta contraseña es demasiado común.'] }],
    [{ email: 'no-es-correo' }, { email: ['Ingresa un correo válido'] }],
    [{ is_proveedor: 'quizas' }, { is_proveedor: [expect.any(String)] }],
  ])('refuses %j with Spanish field errors', async (over, errors) => {
    const r = await signup(over).res;
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual(errors);
  });

  it('lists every missing field of an empty body', async () => {
    const r = await post('/auth/users/', {});
    expect(r.json()).toEqual({
      first_name: ['Este campo es requerido.'],
      last_name: ['Este campo es requerido.'],
      email: ['Este campo es requerido.'],
      password: ['Este campo es requerido.'],
      re_password: ['Este campo es requerido.'],
    });
  });

  it('treats e-mails case-insensitively: a second account with other letter case is refused', async () => {
    const { email, res } = signup();
    await res;
    const again = await post('/auth/users/', { first_name: 'B', last_name: 'C', email: email.toUpperCase(), password: 'papaya-77', re_password: 'papaya-77' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: ['Ya existe un usuario con este correo.'] });
  });

  it('is not blocked by a bad Authorization header', async () => {
    const { email } = signup();
    const r = await ctx.t.request({
      method: 'POST',
      url: '/auth/users/',
      headers: { authorization: 'JWT basura' },
      payload: { first_name: 'A', last_name: 'B', email: `x${email}`, password: 'papaya-77', re_password: 'papaya-77' },
    });
    expect(r.statusCode).toBe(201);
  });
});

describe('POST /auth/users/activation/', () => {
  it('activates once (204), then answers a reuse with 403, and the user can log in', async () => {
    const { email, res } = signup();
    await res;
    const link = await lastLink(ctx.t, email, 'activate');
    expect((await post('/auth/users/activation/', link)).statusCode).toBe(204);
    expect((await post('/auth/jwt/create/', { email, password: 'papaya-77' })).statusCode).toBe(200);
    const again = await post('/auth/users/activation/', link);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ detail: 'Token obsoleto para este usuario.' });
  });

  it.each([
    [{ uid: 'xx', token: 'abc' }, { uid: ['Usuario inválido o inexistente.'] }],
    [{ uid: 'OTk5OTk5', token: 'abc' }, { uid: ['Usuario inválido o inexistente.'] }],
    [{}, { uid: ['Este campo es requerido.'], token: ['Este campo es requerido.'] }],
  ])('refuses %j', async (body, errors) => {
    const r = await post('/auth/users/activation/', body);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual(errors);
  });

  it("refuses a wrong token, another user's token and an expired one", async () => {
    const a = signup();
    const b = signup();
    await Promise.all([a.res, b.res]);
    const la = await lastLink(ctx.t, a.email, 'activate');
    const lb = await lastLink(ctx.t, b.email, 'activate');
    expect((await post('/auth/users/activation/', { uid: la.uid, token: `${la.token}x` })).json()).toEqual({ token: ['Token inválido para este usuario.'] });
    expect((await post('/auth/users/activation/', { uid: la.uid, token: lb.token })).statusCode).toBe(400);
    await ctx.t.database.db.update(tokenCuenta).set({ expira_en: new Date(Date.now() - 1000) });
    expect((await post('/auth/users/activation/', la)).json()).toEqual({ token: ['El enlace expiró. Solicita uno nuevo.'] });
  });

  it('resend_activation answers 204 for anyone and e-mails only an inactive account', async () => {
    const { email, res } = signup();
    await res;
    expect((await post('/auth/users/resend_activation/', { email })).statusCode).toBe(204);
    expect((await post('/auth/users/resend_activation/', { email: 'nadie@nada.cl' })).statusCode).toBe(204);
    const link = await lastLink(ctx.t, email, 'activate');
    expect((await post('/auth/users/activation/', link)).statusCode).toBe(204);
  });
});

describe('password reset', () => {
  it('answers 204 whether or not the e-mail exists, and e-mails only an existing active account', async () => {
    const user = await createUser(ctx.t, 'comprador');
    expect((await post('/auth/users/reset_password/', { email: 'nadie@nada.cl' })).statusCode).toBe(204);
    expect((await post('/auth/users/reset_password/', { email: user.email.toUpperCase() })).statusCode).toBe(204);
    expect(await waitFor(() => lastLink(ctx.t, user.email, 'password/reset/confirm'))).toBeTruthy();
    expect((await post('/auth/users/reset_password/', { email: 'malo' })).json()).toEqual({ email: ['Ingresa un correo válido'] });
  });

  it('sets the new password, ends every earlier session and voids the link', async () => {
    const user = await createUser(ctx.t, 'proveedor');
    const { refresh } = (await post('/auth/jwt/create/', { email: user.email, password: user.password })).json();
    await post('/auth/users/reset_password/', { email: user.email });
    const link = await waitFor(() => lastLink(ctx.t, user.email, 'password/reset/confirm'));
    await new Promise((r) => setTimeout(r, 1100)); // tokens carry whole seconds
    const body = { ...link, new_password: 'mango-nuevo-55', re_new_password: 'mango-nuevo-55' };
    expect((await post('/auth/users/reset_password_confirm/', body)).statusCode).toBe(204);
    expect((await post('/auth/jwt/create/', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/auth/jwt/create/', { email: user.email, password: 'mango-nuevo-55' })).statusCode).toBe(200);
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: user.access })).statusCode).toBe(401);
    expect((await post('/auth/jwt/refresh/', { refresh })).statusCode).toBe(401);
    expect((await post('/auth/users/reset_password_confirm/', body)).json()).toEqual({ token: ['Token inválido para este usuario.'] });
  });

  it('checks the new passwords and never accepts an activation token for a reset', async () => {
    const { email, res } = signup();
    await res;
    const activation = await lastLink(ctx.t, email, 'activate');
    expect((await post('/auth/users/reset_password_confirm/', { ...activation, new_password: 'mango-1', re_new_password: 'mango-2' })).json()).toEqual({
      non_field_errors: ['Las contraseñas no coinciden.'],
    });
    expect((await post('/auth/users/reset_password_confirm/', { ...activation, new_password: 'qwerty', re_new_password: 'qwerty' })).json()).toEqual({
      new_password: ['Esta contraseña es demasiado común.'],
    });
    const r = await post('/auth/users/reset_password_confirm/', { ...activation, new_password: 'mango-nuevo', re_new_password: 'mango-nuevo' });
    expect(r.json()).toEqual({ token: ['Token inválido para este usuario.'] });
  });
});

describe('login throttling', () => {
  it('answers the 11th failure within 15 minutes with 429, Retry-After and a Spanish detail, even with the right password', async () => {
    const user = await createUser(ctx.t, 'comprador');
    for (let i = 0; i < 10; i++) expect((await post('/auth/jwt/create/', { email: user.email, password: 'mala' })).statusCode).toBe(401);
    const blocked = await post('/auth/jwt/create/', { email: user.email.toUpperCase(), password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.json().detail).toMatch(/^Demasiados intentos fallidos\. Intenta de nuevo en \d+ minutos\.$/);
  });
});
