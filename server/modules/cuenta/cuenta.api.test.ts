import { describe, expect, it } from 'vitest';
import { ROLES, type RoleName } from '../../test/roles';
import { setupTestApp } from '../../test/test-app';
import { createUser } from '../../test/users';

const ctx = setupTestApp({ roleTokens: true });

const URL = '/api/usuarios/usuarios/perfil/';
const perfil = (over: Record<string, unknown> = {}) => ({ first_name: 'María José', last_name: 'Núñez', email: 'mj@prueba.cl', telefono: '+56912345678', fecha_nacimiento: '1990-05-17', ...over });
const put = (payload: object, token?: string) => ctx.t.request({ method: 'PUT', url: URL, payload, token });

describe('PUT /api/usuarios/usuarios/perfil/', () => {
  it('updates only the caller, whatever role it has, and answers with the full profile', async () => {
    for (const role of ['comprador', 'proveedor', 'moderador'] as const) {
      const email = `${role}-nuevo@prueba.cl`;
      const res = await put(perfil({ email }), ctx.tokens[role]);
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toMatchObject({ email, first_name: 'María José', telefono: '+56912345678', fecha_nacimiento: '1990-05-17', [`is_${role}`]: true });
      // The old e-mail no longer logs in; the new one does (identity follows the profile).
      await ctx.t.tokenFor(email);
    }
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await put(perfil(), ctx.tokens[Object.keys(ROLES)[0] as RoleName])).statusCode).toBe(401);
  });

  it('never changes roles, activation or credit, whatever the body says', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const res = await put(perfil({ email: user.email, is_moderador: true, is_proveedor: true, is_active: false, ofrece_credito: true }), user.access);
    expect(res.json()).toMatchObject({ is_comprador: true, is_proveedor: false, is_moderador: false, ofrece_credito: false });
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: user.access })).statusCode).toBe(200);
  });

  it("refuses another user's e-mail, in any letter case", async () => {
    const user = await createUser(ctx.t, 'proveedor');
    const other = await createUser(ctx.t, 'comprador');
    const res = await put(perfil({ email: other.email.toUpperCase() }), user.access);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Este correo ya está en uso'] });
  });

  it.each([
    [{ first_name: '' }, { first_name: ['El nombre es obligatorio'] }],
    [{ first_name: 'A' }, { first_name: ['El nombre debe tener al menos 2 caracteres'] }],
    [{ last_name: 'Núñez 2' }, { last_name: ['El apellido solo puede contener letras'] }],
    [{ email: '' }, { email: ['El correo es obligatorio'] }],
    [{ email: 'sin-arroba' }, { email: ['Ingresa un correo válido'] }],
    [{ telefono: '12345' }, { telefono: ['Ingresa un teléfono válido (ej: +56912345678 o 221234567)'] }],
    [{ fecha_nacimiento: `${new Date().getFullYear() - 10}-01-01` }, { fecha_nacimiento: ['Debes tener al menos 18 años'] }],
    [{ fecha_nacimiento: '1850-01-01' }, { fecha_nacimiento: ['Ingresa una fecha válida'] }],
    [{ fecha_nacimiento: '17-05-1990' }, { fecha_nacimiento: ['Ingresa una fecha válida'] }],
  ])('refuses %j with the message of SPEC §5 and changes nothing', async (over, errors) => {
    const user = await createUser(ctx.t, 'comprador');
    const res = await put(perfil({ email: user.email, ...over }), user.access);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: user.access })).json()).toMatchObject({ first_name: 'Ana', telefono: '' });
  });

  it('accepts an empty phone and a null birth date', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const res = await put(perfil({ email: user.email, telefono: '', fecha_nacimiento: null }), user.access);
    expect(res.json()).toMatchObject({ telefono: '', fecha_nacimiento: null });
  });
});
