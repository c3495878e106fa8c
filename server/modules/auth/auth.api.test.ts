import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { correoSaliente, tokenCuenta, usuario } from '#server/db/schema/usuario';
import { setupTestApp } from '#server/test/test-app';
import { createUser, lastLink, uniqueEmail, usuarioIdDe } from '#server/test/users';

const ctx = setupTestApp();

let ipSeq = 0;
/** A client address of its own, so one test's throttling never reaches another's. */
const newIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const post = (url: string, payload: unknown, token?: string, remoteAddress?: string) =>
  ctx.t.request({ method: 'POST', url, payload: payload as object, token, ...(remoteAddress ? { remoteAddress } : {}) });
const correosA = async (email: string) => (await ctx.t.database.db.select().from(correoSaliente).where(eq(correoSaliente.para, email))).length;
// Each signup from a client of its own: one client may leave only 10 signups unconfirmed per hour.
const signup = (over: Record<string, unknown> = {}) => {
  const email = uniqueEmail('alta');
  const body = { first_name: 'Ana', last_name: 'Pérez', email, password: 'papaya-77', re_password: 'papaya-77', ...over };
  return { email, res: post('/auth/users/', body, undefined, newIp()) };
};
/** The signup's activation link with the clave of the browser that signed up (what /activate sends). */
async function activationOf(email: string, res: Promise<{ json(): { clave_activacion: string } }>) {
  const { clave_activacion } = (await res).json();
  return { ...(await lastLink(ctx.t, email, 'activate')), clave_activacion };
}

describe('POST /auth/users/', () => {
  it('creates an inactive buyer by default, answers 201 with its public fields and a clave, and e-mails an activation link', async () => {
    const { email, res } = signup();
    const r = await res;
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({
      email,
      first_name: 'Ana',
      last_name: 'Pérez',
      is_comprador: true,
      is_proveedor: false,
      clave_activacion: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect((await post('/auth/jwt/create/', { email, password: 'papaya-77' })).statusCode).toBe(401);
    expect(await lastLink(ctx.t, email, 'activate')).toMatchObject({ uid: Buffer.from(String(await usuarioIdDe(ctx.t, email))).toString('base64url') });
  });

  it('makes a supplier a supplier only, and never a moderator, whatever the body says', async () => {
    const { email, res } = signup({ is_proveedor: true, is_comprador: true, is_moderador: true, is_active: true, ofrece_credito: true });
    const r = await res;
    expect(r.json()).toMatchObject({ is_comprador: false, is_proveedor: true });
    const [row] = await ctx.t.database.db
      .select()
      .from(usuario)
      .where(eq(usuario.id, (await usuarioIdDe(ctx.t, email))!));
    expect(row).toMatchObject({ is_moderador: false, is_active: false, ofrece_credito: false });
  });

  it.each([
    [
      { first_name: '', last_name: '' },
      { first_name: ['Este campo es obligatorio'], last_name: ['Este campo es obligatorio'] },
    ],
    [
      { first_name: 'Ana2', last_name: 'Pérez_' },
      { first_name: ['El nombre solo puede contener letras'], last_name: ['El apellido solo puede contener letras'] },
    ],
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

  it('treats e-mails case-insensitively: a signup in other letter case is the same pending account, never a second one', async () => {
    const { email, res } = signup();
    const first = await res;
    const body = { first_name: 'Bea', last_name: 'Cruz', email: email.toUpperCase(), password: 'papaya-77', re_password: 'papaya-77' };
    const again = await post('/auth/users/', body, undefined, newIp());
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    const rows = await ctx.t.database.db.select().from(usuario).where(sql`lower(${usuario.email}) = lower(${email})`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(email);
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
  it("activates once with the signup's clave (204), then answers a reuse with 403, and the user logs in with the signup's password", async () => {
    const { email, res } = signup();
    const link = await activationOf(email, res);
    expect((await post('/auth/users/activation/', link)).statusCode).toBe(204);
    expect((await post('/auth/jwt/create/', { email, password: 'papaya-77' })).statusCode).toBe(200);
    const again = await post('/auth/users/activation/', link);
    expect(again.statusCode).toBe(403);
    // The link proves it was issued for this account: the answer may say the account is active.
    expect(again.json()).toEqual({ detail: 'Token obsoleto para este usuario.', code: 'cuenta_ya_activa' });
  });

  it('says an account is active only to a link issued for it: a random token for an active account is 400 without a code', async () => {
    const { email, res } = signup();
    const link = await activationOf(email, res);
    expect((await post('/auth/users/activation/', link)).statusCode).toBe(204);
    const random = await post('/auth/users/activation/', { uid: link.uid, token: 'x'.repeat(43) });
    expect([random.statusCode, random.json()]).toEqual([400, { token: ['Token inválido para este usuario.'] }]);
    // A used link of an account that is no longer active (deactivated since) is stale, and says nothing more.
    await ctx.t.database.db.update(usuario).set({ is_active: false }).where(eq(usuario.email, email));
    expect((await post('/auth/users/activation/', link)).json()).toEqual({ detail: 'Token obsoleto para este usuario.' });
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
    const { clave_activacion } = (await res).json();
    const active = await createUser(ctx.t, 'comprador');
    const ip = newIp();
    for (const address of [email, 'nadie@nada.cl', active.email])
      expect((await post('/auth/users/resend_activation/', { email: address }, undefined, ip)).statusCode).toBe(204);
    await ctx.t.app.afterReply.idle();
    expect(await correosA(email)).toBe(2);
    expect(await correosA(active.email)).toBe(1); // its signup's only
    // The new link carries no signup: even the signing-up browser's clave does not pick a password for it.
    const link = await lastLink(ctx.t, email, 'activate');
    expect((await post('/auth/users/activation/', { ...link, clave_activacion })).json()).toEqual({
      new_password: ['Elige una contraseña para activar tu cuenta.'],
    });
    const chosen = { ...link, new_password: 'guayaba-rosada-8', re_new_password: 'guayaba-rosada-8' };
    expect((await post('/auth/users/activation/', chosen)).statusCode).toBe(204);
    expect((await post('/auth/jwt/create/', { email, password: 'guayaba-rosada-8' })).statusCode).toBe(200);
  });

  it('resend_activation: 25 calls from one client send at most 3 e-mails and the last ones get 429 with Retry-After', async () => {
    const { email, res } = signup();
    await res;
    const ip = newIp();
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await post('/auth/users/resend_activation/', { email }, undefined, ip));
    await ctx.t.app.afterReply.idle();
    expect(answers.slice(0, 20).map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    const blocked = answers.slice(20);
    expect(blocked.map((r) => r.statusCode)).toEqual(Array(5).fill(429));
    expect(Number(blocked[0]!.headers['retry-after'])).toBeGreaterThan(3000);
    expect(blocked[0]!.json().detail).toMatch(/^Demasiadas solicitudes de correo\. Intenta de nuevo en \d+ minutos\.$/);
    expect(await correosA(email)).toBe(3); // signup's and two more
    // The limit is the client's, not the address's: another client is still answered.
    expect((await post('/auth/users/resend_activation/', { email }, undefined, newIp())).statusCode).toBe(204);
  });

  it('resend_activation: 25 calls from 25 clients all get 204, and still at most 3 e-mails reach the address', async () => {
    const { email, res } = signup();
    await res;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => post('/auth/users/resend_activation/', { email: email.toUpperCase() }, undefined, newIp())),
    );
    await ctx.t.app.afterReply.idle();
    expect(answers.map((r) => r.statusCode)).toEqual(Array(25).fill(204));
    expect(await correosA(email)).toBe(3);
  });
});

describe('password reset', () => {
  it('answers 204 whether or not the e-mail exists, and e-mails only an existing active account', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const { email: inactive, res } = signup();
    await res;
    for (const email of ['nadie@nada.cl', user.email.toUpperCase(), inactive])
      expect((await post('/auth/users/reset_password/', { email })).statusCode).toBe(204);
    await ctx.t.app.afterReply.idle();
    expect(await lastLink(ctx.t, user.email, 'password/reset/confirm')).toBeTruthy();
    await expect(lastLink(ctx.t, inactive, 'password/reset/confirm')).rejects.toThrow();
    expect((await post('/auth/users/reset_password/', { email: 'malo' })).json()).toEqual({ email: ['Ingresa un correo válido'] });
  });

  it('sets the new password, ends every earlier session (even one opened in the same second) and voids the link', async () => {
    const user = await createUser(ctx.t, 'proveedor');
    await post('/auth/users/reset_password/', { email: user.email });
    await ctx.t.app.afterReply.idle();
    const link = await lastLink(ctx.t, user.email, 'password/reset/confirm');
    // Logged in right before the reset, within the same second: JWTs carry whole seconds, the token version does not.
    const { refresh, access } = (await post('/auth/jwt/create/', { email: user.email, password: user.password })).json();
    const body = { ...link, new_password: 'mango-nuevo-55', re_new_password: 'mango-nuevo-55' };
    expect((await post('/auth/users/reset_password_confirm/', body)).statusCode).toBe(204);
    expect((await post('/auth/jwt/create/', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/auth/jwt/create/', { email: user.email, password: 'mango-nuevo-55' })).statusCode).toBe(200);
    for (const token of [user.access, access]) expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token })).statusCode).toBe(401);
    expect((await post('/auth/jwt/refresh/', { refresh })).statusCode).toBe(401);
    expect((await post('/auth/jwt/verify/', { token: refresh })).statusCode).toBe(401);
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

describe('login', () => {
  it('tells the owner of an account not yet activated so, only with the right password', async () => {
    const { email, res } = signup();
    await res;
    const right = await post('/auth/jwt/create/', { email, password: 'papaya-77' });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({
      detail: 'Tu cuenta aún no está activada. Revisa tu correo o pide un nuevo enlace de activación.',
      code: 'cuenta_inactiva',
    });
    const wrong = await post('/auth/jwt/create/', { email, password: 'otra-cosa' });
    const unknown = await post('/auth/jwt/create/', { email: 'nadie@nada.cl', password: 'otra-cosa' });
    expect(wrong.json()).toEqual({ detail: 'No se encontró una cuenta activa con las credenciales entregadas.', code: 'no_active_account' });
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('login throttling', () => {
  it('answers the 11th failure from one client within 15 minutes with 429, Retry-After and a Spanish detail, even with the right password', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await post('/auth/jwt/create/', { email: user.email, password: 'mala' }, undefined, ip)).statusCode).toBe(401);
    const blocked = await post('/auth/jwt/create/', { email: user.email.toUpperCase(), password: user.password }, undefined, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.json().detail).toMatch(/^Demasiados intentos fallidos\. Intenta de nuevo en \d+ minutos\.$/);
  });

  it('locks the account for that client only, and a password reset lifts the lock', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const [a, b] = [newIp(), newIp()];
    for (let i = 0; i < 10; i++) await post('/auth/jwt/create/', { email: user.email, password: 'mala' }, undefined, a);
    expect((await post('/auth/jwt/create/', { email: user.email, password: user.password }, undefined, a)).statusCode).toBe(429);
    expect((await post('/auth/jwt/create/', { email: user.email, password: user.password }, undefined, b)).statusCode).toBe(200);
    // The owner's success elsewhere does not unlock the client that guessed.
    expect((await post('/auth/jwt/create/', { email: user.email, password: user.password }, undefined, a)).statusCode).toBe(429);

    await post('/auth/users/reset_password/', { email: user.email }, undefined, b);
    await ctx.t.app.afterReply.idle();
    const link = await lastLink(ctx.t, user.email, 'password/reset/confirm');
    const reset = await post('/auth/users/reset_password_confirm/', { ...link, new_password: 'kiwi-maduro-31', re_new_password: 'kiwi-maduro-31' });
    expect(reset.statusCode).toBe(204);
    expect((await post('/auth/jwt/create/', { email: user.email, password: 'kiwi-maduro-31' }, undefined, a)).statusCode).toBe(200);
  });

  it('still limits one client across accounts', async () => {
    const ip = newIp();
    for (let i = 0; i < 50; i++) await post('/auth/jwt/create/', { email: `nadie${i}@nada.cl`, password: 'mala' }, undefined, ip);
    expect((await post('/auth/jwt/create/', { email: 'otro@nada.cl', password: 'mala' }, undefined, ip)).statusCode).toBe(429);
  });
});
