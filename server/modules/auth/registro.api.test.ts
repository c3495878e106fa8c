import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { correoSaliente, tokenCuenta, usuario } from '#server/db/schema/usuario';
import { setupTestApp } from '#server/test/test-app';
import { createUser, uniqueEmail, usuarioIdDe } from '#server/test/users';

// A password set by someone else before activation never opens the account;
// signup tells no one which e-mails have accounts, and is throttled per IP and per address.

const ctx = setupTestApp();

let ipSeq = 0;
/** A client address of its own, so one test's throttling never reaches another's. */
const newIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const post = (url: string, payload: object, remoteAddress = newIp()) => ctx.t.request({ method: 'POST', url, payload, remoteAddress });

const signup = (email: string, password: string, over: Record<string, unknown> = {}, ip = newIp()) =>
  post('/auth/users/', { first_name: 'Ana', last_name: 'Pérez', email, password, re_password: password, ...over }, ip);
const login = async (email: string, password: string) => (await post('/auth/jwt/create/', { email, password })).statusCode;
const activation = (link: Link, extra: Record<string, unknown> = {}) => post('/auth/users/activation/', { ...link, ...extra });

interface Link {
  uid: string;
  token: string;
}
/** Every e-mail to `email`, oldest first. */
const correosA = (email: string) => ctx.t.database.db.select().from(correoSaliente).where(eq(correoSaliente.para, email)).orderBy(asc(correoSaliente.id));
/** The activation links e-mailed to `email`, oldest first. */
async function activationLinks(email: string): Promise<Link[]> {
  return (await correosA(email)).flatMap((c) => {
    const m = c.texto.match(/\/activate\/([^/\s]+)\/([^/\s]+)/);
    return m ? [{ uid: m[1]!, token: m[2]! }] : [];
  });
}
const ELIGE = { new_password: ['Elige una contraseña para activar tu cuenta.'] };

describe('the takeover: a signup made before the mailbox owner', () => {
  it("the attacker's password never opens the account: the victim signs up too (201), resends, and must choose a password at the link", async () => {
    const victima = uniqueEmail('victima');
    const atacante = await signup(victima, 'clave-del-atacante', { first_name: 'Malo', is_proveedor: true });
    expect(atacante.statusCode).toBe(201);
    // Before the fix: 400 'Ya existe un usuario con este correo.'
    const propia = await signup(victima, 'clave-de-la-victima');
    expect(propia.statusCode).toBe(201);
    const id = (await usuarioIdDe(ctx.t, victima))!;

    await post('/auth/users/resend_activation/', { email: victima });
    await ctx.t.app.afterReply.idle();
    const links = await activationLinks(victima);
    expect(links).toHaveLength(3); // the attacker's signup, the victim's, the resend
    const reenviado = links[2]!;
    // Opened in the victim's browser: its clave is for its own signup, not for this link.
    const sinElegir = await activation(reenviado, { clave_activacion: propia.json().clave_activacion });
    expect(sinElegir.statusCode).toBe(400);
    expect(sinElegir.json()).toEqual(ELIGE);
    // Before the fix the attacker's password opened the account here.
    expect(await login(victima, 'clave-del-atacante')).toBe(401);

    const elegida = await activation(reenviado, { new_password: 'clave-elegida-aqui', re_new_password: 'clave-elegida-aqui' });
    expect(elegida.statusCode).toBe(204);
    expect(await login(victima, 'clave-del-atacante')).toBe(401);
    expect(await login(victima, 'clave-de-la-victima')).toBe(401);
    expect(await login(victima, 'clave-elegida-aqui')).toBe(200);
    // A resent link carries no signup: the account takes the newest signup's names and role, the victim's.
    const [cuenta] = await ctx.t.database.db.select().from(usuario).where(eq(usuario.id, id));
    expect(cuenta).toMatchObject({ first_name: 'Ana', is_comprador: true, is_proveedor: false });
    // Every other link of the account is void now, the attacker's signup's too.
    expect((await activation(links[0]!, { clave_activacion: atacante.json().clave_activacion })).statusCode).toBe(403);
  });

  it("the victim's own signup link with its clave gives the victim's password, names and role; the attacker's never works", async () => {
    const victima = uniqueEmail('victima');
    const atacante = await signup(victima, 'clave-del-atacante', { first_name: 'Malo', is_proveedor: true });
    const propia = await signup(victima, 'clave-de-la-victima', { first_name: 'Rosa', last_name: 'Soto' });
    const [delAtacante, deLaVictima] = await activationLinks(victima);
    // The attacker's link, opened in the victim's browser (the victim's clave): it asks for a password.
    expect((await activation(delAtacante!, { clave_activacion: propia.json().clave_activacion })).json()).toEqual(ELIGE);
    // The victim's link with the attacker's clave (an attacker who somehow got the link) does not take the attacker's password either.
    expect((await activation(deLaVictima!, { clave_activacion: atacante.json().clave_activacion })).json()).toEqual(ELIGE);

    expect((await activation(deLaVictima!, { clave_activacion: propia.json().clave_activacion })).statusCode).toBe(204);
    expect(await login(victima, 'clave-del-atacante')).toBe(401);
    expect(await login(victima, 'clave-de-la-victima')).toBe(200);
    const [cuenta] = await ctx.t.database.db
      .select()
      .from(usuario)
      .where(eq(usuario.id, (await usuarioIdDe(ctx.t, victima))!));
    expect(cuenta).toMatchObject({ first_name: 'Rosa', last_name: 'Soto', is_comprador: true, is_proveedor: false, is_active: true });
    expect((await activation(delAtacante!, { clave_activacion: atacante.json().clave_activacion })).statusCode).toBe(403);
  });

  it('a pending account holds no password anyone typed: only its signup link with the clave gives it one', async () => {
    const email = uniqueEmail('pendiente');
    await signup(email, 'mamey-dulce-3');
    const [row] = await ctx.t.database.db
      .select()
      .from(usuario)
      .where(eq(usuario.id, (await usuarioIdDe(ctx.t, email))!));
    expect(row!.password).toMatch(/^!/);
    // The signup's password only says the account waits for its link (the login screen offers to resend it).
    expect((await post('/auth/jwt/create/', { email, password: 'mamey-dulce-3' })).json().code).toBe('cuenta_inactiva');
  });
});

describe('POST /auth/users/activation/ without the clave', () => {
  it('asks for a password and leaves the link unused; then takes a password chosen right there, with the reset rules', async () => {
    const email = uniqueEmail('otro-navegador');
    await signup(email, 'tuna-roja-44', { first_name: 'Luz', last_name: 'Mora', is_proveedor: true });
    const id = (await usuarioIdDe(ctx.t, email))!;
    const [link] = await activationLinks(email);

    for (const extra of [{}, { clave_activacion: 'x'.repeat(43) }] as Record<string, string>[]) {
      const asked = await activation(link!, extra);
      expect(asked.statusCode).toBe(400);
      expect(asked.json()).toEqual(ELIGE);
    }
    const [token] = await ctx.t.database.db.select().from(tokenCuenta).where(eq(tokenCuenta.usuario_id, id));
    expect(token!.usado_en).toBeNull();
    expect(await login(email, 'tuna-roja-44')).toBe(401);

    expect((await activation(link!, { new_password: 'nispero-1', re_new_password: 'nispero-2' })).json()).toEqual({
      non_field_errors: ['Las contraseñas no coinciden.'],
    });
    expect((await activation(link!, { new_password: 'qwerty', re_new_password: 'qwerty' })).json()).toEqual({
      new_password: ['Esta contraseña es demasiado común.'],
    });
    expect((await activation(link!, { new_password: 'abc', re_new_password: 'abc' })).json()).toEqual({
      new_password: ['La contraseña debe tener al menos 6 caracteres.'],
    });
    expect((await activation(link!, { new_password: 'nispero-1' })).json()).toEqual({ re_new_password: ['Este campo es requerido.'] });

    expect((await activation(link!, { new_password: 'nispero-maduro', re_new_password: 'nispero-maduro' })).statusCode).toBe(204);
    expect(await login(email, 'tuna-roja-44')).toBe(401);
    expect(await login(email, 'nispero-maduro')).toBe(200);
    // The link's signup still decides the names and role: whoever opened it proved the mailbox.
    const [cuenta] = await ctx.t.database.db.select().from(usuario).where(eq(usuario.id, id));
    expect(cuenta).toMatchObject({ first_name: 'Luz', last_name: 'Mora', is_proveedor: true, is_comprador: false });
  });

  it('with the clave, the signup password wins unless a password was chosen at the link', async () => {
    const email = uniqueEmail('ambas');
    const r = await signup(email, 'lucuma-fina-5');
    const [link] = await activationLinks(email);
    const body = { clave_activacion: r.json().clave_activacion, new_password: 'chirimoya-7', re_new_password: 'chirimoya-7' };
    expect((await activation(link!, body)).statusCode).toBe(204);
    expect(await login(email, 'chirimoya-7')).toBe(200);
    expect(await login(email, 'lucuma-fina-5')).toBe(401);
  });
});

describe('POST /auth/users/ for an e-mail that has an active account', () => {
  it('answers 201 with the shape of a new account, creates nothing, changes nothing and e-mails the owner a notice', async () => {
    const owner = await createUser(ctx.t, 'proveedor');
    const nuevo = await signup(uniqueEmail('nuevo'), 'pitahaya-9');
    const r = await signup(owner.email.toUpperCase(), 'clave-ajena-22', { first_name: 'Otro' });
    expect(r.statusCode).toBe(201);
    expect(Object.keys(r.json()).sort()).toEqual(Object.keys(nuevo.json()).sort());
    expect(r.json()).toMatchObject({ email: owner.email.toUpperCase(), first_name: 'Otro', is_comprador: true, is_proveedor: false });
    expect(r.json()).not.toHaveProperty('id');
    const [{ n }] = (await ctx.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usuario)
      .where(sql`lower(${usuario.email}) = lower(${owner.email})`)) as [{ n: number }];
    expect(n).toBe(1);

    expect(await login(owner.email, owner.password)).toBe(200);
    expect(await login(owner.email, 'clave-ajena-22')).toBe(401);
    const correos = await correosA(owner.email);
    expect(correos).toHaveLength(2); // its own signup's, and the notice
    const aviso = correos[1]!;
    expect(aviso.asunto).toBe('Intentaron crear una cuenta con tu correo en Abastece');
    expect(aviso.texto).toContain('Alguien intentó crear una cuenta en Abastece con tu correo.');
    expect(aviso.texto).toMatch(/\/login\b/);
    expect(aviso.texto).toMatch(/\/reset-password\b/);
    expect(aviso.texto).not.toMatch(/\/activate\//);
  });

  it('sends the owner at most 3 notices an hour, and still answers 201 to every signup', async () => {
    const owner = await createUser(ctx.t, 'comprador');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await signup(owner.email, 'clave-ajena-22')).statusCode);
    expect(answers).toEqual(Array(6).fill(201));
    expect(await correosA(owner.email)).toHaveLength(1 + 3);
  });
});

describe('signup tells no one which e-mails have accounts', () => {
  /** Everything a client sees of an answer, with the address it echoes and its clave (a fresh secret in every answer) set aside. */
  const visto = (res: Awaited<ReturnType<typeof signup>>, email: string) => {
    // The date, and the client's global request budget (it counts every request of that client, whatever the address).
    const { date: _date, 'x-ratelimit-remaining': _resta, 'x-ratelimit-reset': _reinicio, ...headers } = res.headers;
    const clave = res.json().clave_activacion as string;
    expect(clave).toMatch(/^[\w-]{43}$/);
    return { status: res.statusCode, headers, body: res.body.replace(email, '<correo>').replace(clave, '<clave>') };
  };

  it('two signups of an active address and two of a new one get byte-identical answers: no id that moves only for accounts', async () => {
    const owner = await createUser(ctx.t, 'proveedor');
    // Two addresses of one length, so even Content-Length has nothing to compare.
    const marca = `${process.pid}${Date.now()}`;
    const activa = `a${marca}@prueba.cl`;
    const nueva = `n${marca}@prueba.cl`;
    await ctx.t.database.db.update(usuario).set({ email: activa }).where(eq(usuario.id, owner.id));

    const respuestas = [];
    for (const email of [activa, activa, nueva, nueva]) respuestas.push(visto(await signup(email, 'clave-igual-31'), email));
    expect(respuestas[0]!.status).toBe(201);
    for (const r of respuestas.slice(1)) expect(r).toEqual(respuestas[0]);
    expect(respuestas[0]!.body).toBe(
      '{"email":"<correo>","first_name":"Ana","last_name":"Pérez","is_comprador":true,"is_proveedor":false,"clave_activacion":"<clave>"}',
    );
  });
});

describe('POST /auth/users/activation/datos/', () => {
  it("shows the link's e-mail and its signup's names and role without using the link; a bad or used link answers as the activation", async () => {
    const email = uniqueEmail('datos');
    await signup(email, 'arrayan-2', { first_name: 'Luz', last_name: 'Mora', is_proveedor: true });
    const [link] = await activationLinks(email);
    const datos = await post('/auth/users/activation/datos/', link!);
    expect([datos.statusCode, datos.json()]).toEqual([200, { email, first_name: 'Luz', last_name: 'Mora', is_comprador: false, is_proveedor: true }]);
    // Reading twice is fine: nothing was used.
    expect((await post('/auth/users/activation/datos/', link!)).statusCode).toBe(200);

    expect((await post('/auth/users/activation/datos/', { ...link!, token: `${link!.token}x` })).json()).toEqual({
      token: ['Token inválido para este usuario.'],
    });
    expect((await post('/auth/users/activation/datos/', { uid: 'xx', token: link!.token })).json()).toEqual({ uid: ['Usuario inválido o inexistente.'] });
    expect((await post('/auth/users/activation/datos/', {})).json()).toEqual({ uid: ['Este campo es requerido.'], token: ['Este campo es requerido.'] });

    expect((await activation(link!, { new_password: 'arrayan-rojo-3', re_new_password: 'arrayan-rojo-3' })).statusCode).toBe(204);
    const usado = await post('/auth/users/activation/datos/', link!);
    expect([usado.statusCode, usado.json()]).toEqual([403, { detail: 'Token obsoleto para este usuario.', code: 'cuenta_ya_activa' }]);
  });
});

describe('POST /auth/users/activation/ with the names and role chosen on the page', () => {
  it("a link opened without the signup's clave saves the names and role its opener chose, over the signup's", async () => {
    const email = uniqueEmail('elige');
    // Someone else signed up with this address, as a supplier named 'Malo Intruso'.
    await signup(email, 'clave-ajena-7', { first_name: 'Malo', last_name: 'Intruso', is_proveedor: true });
    const [link] = await activationLinks(email);
    const elegido = {
      new_password: 'maqui-propio-8',
      re_new_password: 'maqui-propio-8',
      first_name: 'Rosa',
      last_name: "O'Higgins",
      is_comprador: true,
      is_proveedor: false,
    };
    expect((await activation(link!, elegido)).statusCode).toBe(204);
    const [cuenta] = await ctx.t.database.db
      .select()
      .from(usuario)
      .where(eq(usuario.id, (await usuarioIdDe(ctx.t, email))!));
    expect(cuenta).toMatchObject({ first_name: 'Rosa', last_name: "O'Higgins", is_comprador: true, is_proveedor: false, is_moderador: false, is_active: true });
    expect(await login(email, 'maqui-propio-8')).toBe(200);
  });

  it('takes each field it is given and the signup’s for the rest, and never a moderator', async () => {
    const email = uniqueEmail('parcial');
    await signup(email, 'clave-ajena-7', { first_name: 'Luz', last_name: 'Mora' });
    const [link] = await activationLinks(email);
    const body = { new_password: 'quillay-9', re_new_password: 'quillay-9', last_name: 'Soto', is_proveedor: true, is_moderador: true };
    expect((await post('/auth/users/activation/', { ...link!, ...body })).statusCode).toBe(204);
    const [cuenta] = await ctx.t.database.db
      .select()
      .from(usuario)
      .where(eq(usuario.id, (await usuarioIdDe(ctx.t, email))!));
    expect(cuenta).toMatchObject({ first_name: 'Luz', last_name: 'Soto', is_comprador: false, is_proveedor: true, is_moderador: false });
  });

  it.each([
    [{ first_name: '' }, { first_name: ['Este campo es obligatorio'] }],
    [
      { first_name: 'Ana2', last_name: 'Pérez_' },
      { first_name: ['El nombre solo puede contener letras'], last_name: ['El apellido solo puede contener letras'] },
    ],
    [{ last_name: 'x'.repeat(151) }, { last_name: ['Asegúrese de que este campo no tenga más de 150 caracteres.'] }],
    [{ is_proveedor: 'quizas' }, { is_proveedor: ['Debe ser verdadero o falso.'] }],
  ])('refuses %j under the signup rules, and the link stays unused', async (over, errors) => {
    const email = uniqueEmail('malos');
    await signup(email, 'clave-ajena-7', { first_name: 'Luz', last_name: 'Mora' });
    const [link] = await activationLinks(email);
    const res = await post('/auth/users/activation/', { ...link!, new_password: 'quillay-9', re_new_password: 'quillay-9', ...over });
    expect([res.statusCode, res.json()]).toEqual([400, errors]);
    const [token] = await ctx.t.database.db
      .select()
      .from(tokenCuenta)
      .where(eq(tokenCuenta.usuario_id, (await usuarioIdDe(ctx.t, email))!));
    expect(token!.usado_en).toBeNull();
    expect((await activation(link!, { new_password: 'quillay-9', re_new_password: 'quillay-9' })).statusCode).toBe(204);
  });
});

describe('signup throttling', () => {
  it('a pending address gets at most 3 activation e-mails an hour, signups and resends together, silently', async () => {
    const email = uniqueEmail('tope');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await signup(email, `guinda-${i}-agria`)).statusCode);
    expect(answers).toEqual(Array(5).fill(201));
    expect(await activationLinks(email)).toHaveLength(3);
    await post('/auth/users/resend_activation/', { email });
    await ctx.t.app.afterReply.idle();
    expect(await activationLinks(email)).toHaveLength(3);
  });

  it('one client leaves at most 10 signups unconfirmed per hour: the 11th gets 429 with Retry-After; a confirmed one frees its place', async () => {
    const ip = newIp();
    const hechos = [];
    for (let i = 0; i < 10; i++) {
      const email = uniqueEmail('masivo');
      const r = await signup(email, 'membrillo-33', {}, ip);
      expect(r.statusCode).toBe(201);
      hechos.push({ email, clave: r.json().clave_activacion as string });
    }
    const blocked = await signup(uniqueEmail('masivo'), 'membrillo-33', {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3000);
    expect(blocked.json().detail).toMatch(/^Demasiados registros desde esta conexión\. Intenta de nuevo en \d+ minutos\.$/);
    // Another client is not held back.
    expect((await signup(uniqueEmail('masivo'), 'membrillo-33')).statusCode).toBe(201);

    // The mailbox of one of the ten confirmed it: that client may sign up once more.
    const [link] = await activationLinks(hechos[0]!.email);
    expect((await activation(link!, { clave_activacion: hechos[0]!.clave })).statusCode).toBe(204);
    expect((await signup(uniqueEmail('masivo'), 'membrillo-33', {}, ip)).statusCode).toBe(201);
    expect((await signup(uniqueEmail('masivo'), 'membrillo-33', {}, ip)).statusCode).toBe(429);
  });

  it('60 concurrent signups from one client: exactly 10 pass and 10 e-mails go out', async () => {
    const ip = newIp();
    const emails = Array.from({ length: 60 }, () => uniqueEmail('rafaga'));
    const answers = await Promise.all(emails.map((email) => signup(email, 'higo-negro-12', {}, ip)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(50);
    let correos = 0;
    for (const email of emails) correos += (await correosA(email)).length;
    expect(correos).toBe(10);
  });

  it('two signups for one new address at once make one account', async () => {
    const email = uniqueEmail('doble');
    const [a, b] = await Promise.all([signup(email, 'cereza-77'), signup(email, 'cereza-88')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await ctx.t.database.db.select().from(usuario).where(sql`lower(${usuario.email}) = lower(${email})`)).toHaveLength(1);
    expect(await activationLinks(email)).toHaveLength(2);
  });
});
