import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { correoSaliente, tokenCuenta, usuario } from '#server/db/schema/usuario';
import { setupTestApp } from '#server/test/test-app';
import { createUser, lastLink, uniqueEmail, usuarioIdDe } from '#server/test/users';

const ctx = setupTestApp({ roleTokens: true });

const URL = '/api/usuarios/usuarios/perfil/';
const CONFIRMAR = '/api/usuarios/usuarios/confirmar-correo/';
const perfil = (over: Record<string, unknown> = {}) => ({
  first_name: 'María José',
  last_name: 'Núñez',
  email: 'mj@prueba.cl',
  telefono: '+56912345678',
  fecha_nacimiento: '1990-05-17',
  ...over,
});
const put = (payload: object, token?: string) => ctx.t.request({ method: 'PUT', url: URL, payload, token });
const me = async (token: string) => (await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token })).json();
const confirmar = (payload: object) => ctx.t.request({ method: 'POST', url: CONFIRMAR, payload });
const correos = async (email: string) => ctx.t.database.db.select().from(correoSaliente).where(eq(correoSaliente.para, email));
let ipSeq = 0;
/** A signup from a client of its own (one client may leave only 10 unconfirmed per hour). */
const registrar = (email: string, password: string) =>
  ctx.t.request({
    method: 'POST',
    url: '/auth/users/',
    payload: { first_name: 'Otro', last_name: 'Alguien', email, password, re_password: password },
    remoteAddress: `10.8.0.${++ipSeq}`,
  });
const confirmarActivacion = (payload: object) => ctx.t.request({ method: 'POST', url: '/auth/users/activation/', payload });

describe('PUT /api/usuarios/usuarios/perfil/', () => {
  // First, before any test edits the demo accounts: the seed's data must be valid as it stands.
  it('saves every demo account unchanged, the suppliers with their company apart from their name', async () => {
    for (const role of ['comprador', 'proveedor', 'otroProveedor', 'moderador'] as const) {
      const shown = await me(ctx.tokens[role]!);
      const res = await put(shown, ctx.tokens[role]);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual(shown);
    }
    expect(await me(ctx.tokens.proveedor!)).toMatchObject({ first_name: 'Rodrigo', last_name: 'Fuentes', empresa: 'Carnes del Maule' });
  });

  it('updates only the caller, whatever role it has, and answers with the full profile', async () => {
    for (const role of ['comprador', 'proveedor', 'moderador'] as const) {
      const before = await me(ctx.tokens[role]!);
      const res = await put(perfil({ email: before.email }), ctx.tokens[role]);
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toMatchObject({
        email: before.email,
        email_pendiente: null,
        first_name: 'María José',
        telefono: '+56912345678',
        fecha_nacimiento: '1990-05-17',
        [`is_${role}`]: true,
      });
    }
  });

  it('refuses anonymous callers with 401, before looking at the body', async () => {
    for (const payload of [perfil(), {}, { first_name: 7, fecha_nacimiento: '2000-02-30' }]) {
      const res = await put(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Las credenciales de autenticación no se proveyeron.' });
    }
    const badToken = await ctx.t.request({ method: 'PUT', url: URL, payload: {}, headers: { authorization: 'JWT basura' } });
    expect([badToken.statusCode, badToken.json().code]).toEqual([401, 'token_not_valid']);
  });

  it('never changes roles, activation or credit, whatever the body says', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const res = await put(perfil({ email: user.email, is_moderador: true, is_proveedor: true, is_active: false, ofrece_credito: true }), user.access);
    expect(res.json()).toMatchObject({ is_comprador: true, is_proveedor: false, is_moderador: false, ofrece_credito: false });
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: user.access })).statusCode).toBe(200);
  });

  /** Everything a client sees of an answer, with the address it asked for set aside. */
  const visto = (res: Awaited<ReturnType<typeof put>>, email: string) => {
    // The date, and the client's global request budget (it counts every request of that client, whatever the address).
    const { date: _date, 'x-ratelimit-remaining': _resta, 'x-ratelimit-reset': _reinicio, ...headers } = res.headers;
    return { status: res.statusCode, headers, body: res.body.replaceAll(email, '<correo>') };
  };
  /** Another account's address and a free one, of one length: even Content-Length has nothing to compare. */
  async function tomadaYLibre() {
    const other = await createUser(ctx.t, 'comprador');
    const marca = `${process.pid}${Date.now()}${++ipSeq}`;
    const tomada = `t${marca}@prueba.cl`;
    await ctx.t.database.db.update(usuario).set({ email: tomada }).where(eq(usuario.id, other.id));
    return { other: { ...other, email: tomada }, tomada, libre: `l${marca}@prueba.cl` };
  }

  it("answers another account's e-mail, in any letter case, byte for byte as a free one: both wait for the link", async () => {
    const user = await createUser(ctx.t, 'proveedor');
    const { other, tomada, libre } = await tomadaYLibre();
    const pedida = tomada.toUpperCase();
    const aTomada = await put(perfil({ email: pedida }), user.access);
    const aLibre = await put(perfil({ email: libre }), user.access);
    expect(aTomada.statusCode).toBe(200);
    expect(aTomada.json()).toMatchObject({ email: user.email, email_pendiente: pedida });
    expect(visto(aTomada, pedida)).toEqual(visto(aLibre, libre));

    // The free address gets its link; the taken one's owner only a notice, and keeps the address.
    expect((await correos(libre)).map((c) => c.asunto)).toEqual(['Confirma tu nuevo correo en Abastece']);
    const [aviso, ...resto] = await correos(tomada);
    expect(resto).toEqual([]);
    expect(aviso).toMatchObject({ asunto: 'Otra cuenta pidió usar tu correo en Abastece' });
    expect(aviso!.texto).toContain('Desde otra cuenta de Abastece se pidió usar esta dirección como su correo.');
    expect(aviso!.texto).not.toMatch(/confirmar-correo/);
    expect(await correos(pedida)).toHaveLength(0);
    // The requester's own mailbox hears the same about both.
    const sobreCambios = (await correos(user.email)).filter((c) => c.asunto.includes('cambiar el correo'));
    expect(sobreCambios).toHaveLength(2);
    const sobre = (correo: string) => sobreCambios.find((c) => c.texto.includes(correo))!.texto.replace(correo, '<correo>');
    expect(sobre(pedida)).toBe(sobre(libre));
    await ctx.t.tokenFor(other.email, other.password);
  });

  it('counts taken and free addresses alike against the hourly cap, and refuses both alike past it', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const { tomada, libre } = await tomadaYLibre();
    for (let i = 0; i < 5; i++) expect((await put(perfil({ email: i % 2 ? tomada : libre }), user.access)).statusCode, `pedido ${i + 1}`).toBe(200);
    const [aTomada, aLibre] = [await put(perfil({ email: tomada }), user.access), await put(perfil({ email: libre }), user.access)];
    expect(aTomada.statusCode).toBe(429);
    expect(aTomada.json()).toEqual({ detail: 'Demasiadas solicitudes de cambio de correo. Intenta de nuevo en una hora.' });
    expect(visto(aTomada, tomada)).toEqual(visto(aLibre, libre));

    // Taken addresses alone use up the cap too.
    const otro = await createUser(ctx.t, 'comprador');
    for (let i = 0; i < 5; i++) expect((await put(perfil({ email: tomada }), otro.access)).statusCode).toBe(200);
    expect((await put(perfil({ email: libre }), otro.access)).statusCode).toBe(429);
  });

  it.each([
    [{ first_name: '' }, { first_name: ['El nombre es obligatorio'] }],
    [{ first_name: 'A' }, { first_name: ['El nombre debe tener al menos 2 caracteres'] }],
    [{ last_name: 'Núñez 2' }, { last_name: ['El apellido solo puede contener letras'] }],
    [{ last_name: 'Fuentes (Carnes)' }, { last_name: ['El apellido solo puede contener letras'] }],
    [{ first_name: 'Ana@' }, { first_name: ['El nombre solo puede contener letras'] }],
    [{ first_name: "O''" }, { first_name: ['El nombre solo puede contener letras'] }],
    [{ first_name: '-Ana' }, { first_name: ['El nombre solo puede contener letras'] }],
    [{ email: '' }, { email: ['El correo es obligatorio'] }],
    [{ email: 'sin-arroba' }, { email: ['Ingresa un correo válido'] }],
    [{ telefono: '12345' }, { telefono: ['Ingresa un teléfono válido (ej: +56 9 1234 5678 o 65 234 5678)'] }],
    [{ fecha_nacimiento: `${new Date().getFullYear() - 10}-01-01` }, { fecha_nacimiento: ['Debes tener al menos 18 años'] }],
    [{ fecha_nacimiento: '1850-01-01' }, { fecha_nacimiento: ['Ingresa una fecha válida'] }],
    [{ fecha_nacimiento: '17-05-1990' }, { fecha_nacimiento: ['Ingresa una fecha válida'] }],
    [{ fecha_nacimiento: '2000-02-30' }, { fecha_nacimiento: ['Ingresa una fecha válida'] }],
    [{ fecha_nacimiento: '1999-02-29' }, { fecha_nacimiento: ['Ingresa una fecha válida'] }],
  ])('refuses %j with the message of docs/producto.md §5 and changes nothing', async (over, errors) => {
    const user = await createUser(ctx.t, 'comprador');
    const res = await put(perfil({ email: user.email, ...over }), user.access);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    expect(await me(user.access)).toMatchObject({ first_name: 'Ana', telefono: '' });
  });

  it.each([
    ['Bernardo', "O'Higgins"],
    ['José Miguel', 'Pérez-Cotapos'],
    ['María José', 'Ñuñoa Güemes'],
    ['Mª Ignacia', 'D’Alessandro'],
    ['Juan P.', 'Soto Del Río'],
  ])('accepts the Chilean name %s %s', async (first_name, last_name) => {
    const user = await createUser(ctx.t, 'comprador');
    const res = await put(perfil({ email: user.email, first_name, last_name, fecha_nacimiento: '2000-02-29' }), user.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_name, last_name, fecha_nacimiento: '2000-02-29' });
  });

  it('accepts an empty phone and a null birth date', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const res = await put(perfil({ email: user.email, telefono: '', fecha_nacimiento: null }), user.access);
    expect(res.json()).toMatchObject({ telefono: '', fecha_nacimiento: null });
  });

  it("leaves a supplier's company to /mi-empresa: an empresa in the profile's body changes nothing", async () => {
    const user = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    const res = await put(perfil({ email: user.email, first_name: 'Rodrigo', last_name: 'Fuentes', empresa: 'Carnes del Maule SpA' }), user.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Rodrigo', last_name: 'Fuentes', empresa: '' });
    expect(await me(user.access)).toMatchObject({ empresa: '' });
    const empresa = await ctx.t.request({ method: 'GET', url: '/api/proveedor/empresa/', token: user.access });
    expect(empresa.json()).toMatchObject({ nombre_fantasia: 'Rodrigo Fuentes', guardada: false });
  });
});

describe('changing the e-mail', () => {
  it('waits for the new address to confirm, tells the old one, then switches the login identity', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const nuevo = uniqueEmail('nuevo');
    const res = await put(perfil({ email: nuevo }), user.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, email_pendiente: nuevo, first_name: 'María José' });
    expect(await me(user.access)).toMatchObject({ email: user.email, email_pendiente: nuevo });
    // Nothing changes for logging in until the link is used.
    await ctx.t.tokenFor(user.email, user.password);
    await expect(ctx.t.tokenFor(nuevo, user.password)).rejects.toThrow();

    const [aviso] = await correos(user.email).then((rows) => rows.filter((r) => r.asunto.includes('cambiar el correo')));
    expect(aviso?.texto).toContain(nuevo);
    const [mensaje] = await correos(nuevo);
    expect(mensaje?.asunto).toBe('Confirma tu nuevo correo en Abastece');
    const link = mensaje!.texto.match(/http:\/\/localhost:8000\/confirmar-correo\/([^/\s]+)\/([^/\s]+)/);
    expect(link).not.toBeNull();
    const body = { uid: link![1]!, token: link![2]! };

    const ok = await confirmar(body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: user.id, email: nuevo, email_pendiente: null });
    await ctx.t.tokenFor(nuevo, user.password);
    await expect(ctx.t.tokenFor(user.email, user.password)).rejects.toThrow();
    // Single use.
    expect((await confirmar(body)).json()).toEqual({ token: ['El enlace no es válido o ya fue usado. Solicita el cambio de nuevo.'] });
  });

  it('refuses a wrong, superseded or expired link, and an address taken meanwhile', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const invalido = { token: ['El enlace no es válido o ya fue usado. Solicita el cambio de nuevo.'] };
    const linkTo = (email: string) => lastLink(ctx.t, email, 'confirmar-correo');
    const primero = uniqueEmail('primero');
    await put(perfil({ email: primero }), user.access);
    const first = await linkTo(primero);
    expect((await confirmar({ ...first, token: `${first.token}x` })).json()).toEqual(invalido);
    expect((await confirmar({ uid: 'xx', token: first.token })).json()).toEqual(invalido);
    expect((await confirmar({})).json()).toEqual({ uid: ['Este campo es requerido.'], token: ['Este campo es requerido.'] });

    // A newer request voids the earlier link.
    const segundo = uniqueEmail('segundo');
    await put(perfil({ email: segundo }), user.access);
    expect((await confirmar(first)).json()).toEqual(invalido);
    const second = await linkTo(segundo);

    // Someone else takes the address before the link is used.
    const other = await createUser(ctx.t, 'proveedor');
    await ctx.t.database.db.update(usuario).set({ email: segundo }).where(eq(usuario.id, other.id));
    const taken = await confirmar(second);
    expect([taken.statusCode, taken.json()]).toEqual([400, { email: ['Este correo ya está en uso'] }]);

    const tercero = uniqueEmail('tercero');
    await put(perfil({ email: tercero }), user.access);
    await ctx.t.database.db
      .update(tokenCuenta)
      .set({ expira_en: new Date(Date.now() - 1000) })
      .where(eq(tokenCuenta.usuario_id, user.id));
    expect((await confirmar(await linkTo(tercero))).json()).toEqual({ token: ['El enlace expiró. Solicita el cambio de nuevo.'] });
    expect(await me(user.access)).toMatchObject({ email: user.email, email_pendiente: tercero });
  });

  it("a third party's signup with the new address does not block the change: the account it left unactivated goes", async () => {
    const user = await createUser(ctx.t, 'comprador');
    const nuevo = uniqueEmail('disputado');
    expect((await put(perfil({ email: nuevo }), user.access)).statusCode).toBe(200);
    // Someone signs up with that address before the link is used: an inactive account, with a link of its own.
    const intruso = await registrar(nuevo, 'ajeno-9876');
    expect(intruso.statusCode).toBe(201);
    const intrusoId = await usuarioIdDe(ctx.t, nuevo);
    const suActivacion = await lastLink(ctx.t, nuevo, 'activate');

    const ok = await confirmar(await lastLink(ctx.t, nuevo, 'confirmar-correo'));
    expect([ok.statusCode, ok.json()]).toEqual([200, expect.objectContaining({ id: user.id, email: nuevo, email_pendiente: null })]);
    expect(await usuarioIdDe(ctx.t, nuevo)).toBe(user.id);
    expect(await ctx.t.database.db.select().from(tokenCuenta).where(eq(tokenCuenta.usuario_id, intrusoId!))).toEqual([]);
    await ctx.t.tokenFor(nuevo, user.password);
    // Its link and its password open nothing.
    const activacion = await confirmarActivacion({ ...suActivacion, clave_activacion: intruso.json().clave_activacion });
    expect(activacion.json()).toEqual({ uid: ['Usuario inválido o inexistente.'] });
    await expect(ctx.t.tokenFor(nuevo, 'ajeno-9876')).rejects.toThrow();
  });

  it('the link and that signup activating at the same moment: one of them wins, never both, never a 500', async () => {
    for (let i = 0; i < 3; i++) {
      const user = await createUser(ctx.t, 'comprador');
      const nuevo = uniqueEmail('carrera');
      await put(perfil({ email: nuevo }), user.access);
      const link = await lastLink(ctx.t, nuevo, 'confirmar-correo');
      const alta = await registrar(nuevo, 'propia-5432');
      const suya = { ...(await lastLink(ctx.t, nuevo, 'activate')), clave_activacion: alta.json().clave_activacion };
      const [cambio, activacion] = await Promise.all([confirmar(link), confirmarActivacion(suya)]);
      if (cambio.statusCode === 200) {
        expect(activacion.statusCode).toBe(400);
        await ctx.t.tokenFor(nuevo, user.password);
      } else {
        expect([cambio.json(), activacion.statusCode]).toEqual([{ email: ['Este correo ya está en uso'] }, 204]);
        await ctx.t.tokenFor(nuevo, 'propia-5432');
      }
    }
  });

  it('accepts a change to an address held only by a signup never activated, and confirms it', async () => {
    const user = await createUser(ctx.t, 'proveedor');
    const nuevo = uniqueEmail('pendiente');
    await registrar(nuevo, 'ajeno-9876');
    const intrusoId = await usuarioIdDe(ctx.t, nuevo);
    const res = await put(perfil({ email: nuevo }), user.access);
    expect([res.statusCode, res.json().email_pendiente]).toEqual([200, nuevo]);
    // Nothing goes until the link proves the mailbox.
    expect(await ctx.t.database.db.select().from(usuario).where(eq(usuario.id, intrusoId!))).toHaveLength(1);
    expect((await confirmar(await lastLink(ctx.t, nuevo, 'confirmar-correo'))).json()).toMatchObject({ id: user.id, email: nuevo });
  });

  it('an account that did activate keeps its address, even once deactivated, at the request and at the link', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const other = await createUser(ctx.t, 'proveedor');
    await ctx.t.database.db.update(usuario).set({ is_active: false }).where(eq(usuario.id, other.id));
    // The request answers as for any address (no enumeration); no link goes out, only the owner's notice.
    expect((await put(perfil({ email: other.email }), user.access)).json()).toMatchObject({ email: user.email, email_pendiente: other.email });
    expect((await correos(other.email)).map((c) => c.asunto)).toContain('Otra cuenta pidió usar tu correo en Abastece');
    expect((await correos(other.email)).some((c) => c.texto.includes('/confirmar-correo/'))).toBe(false);

    // Requested while the address was free; then its owner signs up and activates before the link is used.
    const nuevo = uniqueEmail('ganado');
    await put(perfil({ email: nuevo }), user.access);
    const link = await lastLink(ctx.t, nuevo, 'confirmar-correo');
    const alta = await registrar(nuevo, 'propia-5432');
    const activacion = await confirmarActivacion({ ...(await lastLink(ctx.t, nuevo, 'activate')), clave_activacion: alta.json().clave_activacion });
    expect(activacion.statusCode).toBe(204);
    expect((await confirmar(link)).json()).toEqual({ email: ['Este correo ya está en uso'] });
    await ctx.t.tokenFor(nuevo, 'propia-5432');
  });

  it('takes a change of letter case at once: same mailbox', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const res = await put(perfil({ email: user.email.toUpperCase() }), user.access);
    expect(res.json()).toMatchObject({ email: user.email.toUpperCase(), email_pendiente: null });
  });
});
