import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type RoleName } from '#server/test/roles';
import { DIRECCION_BODY } from '#server/test/bodies';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';

const ctx = setupTestApp({ roleTokens: true });

const BASE = '/api/cotizaciones/direccion';
const direccion = (over: Record<string, unknown> = {}) => ({
  ...DIRECCION_BODY,
  region_nombre: 'ignorado',
  comuna_nombre: 'ignorado',
  cotizante_id: '',
  fecha_entrega: '',
  ...over,
});
const add = (token: string | undefined, over: Record<string, unknown> = {}) =>
  ctx.t.request({ method: 'POST', url: `${BASE}/agregar/`, payload: direccion(over), token });
const list = async (token: string) => (await ctx.t.request({ method: 'GET', url: `${BASE}/obtener/`, token })).json();

describe('addresses', () => {
  let ana: TestUser;
  beforeAll(async () => {
    ana = await createUser(ctx.t, 'comprador');
  });

  it('adds addresses with names from the database; the first one is the active one', async () => {
    const first = await add(ana.access);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      region_nombre: 'Región Metropolitana de Santiago',
      comuna_nombre: 'Providencia',
      activa: true,
      cotizante_id: first.json().id,
    });
    const second = await add(ana.access, { nombre_contacto: 'Sucursal Viña', region: 5, comuna: 5109, direccion_envio: 'Calle Valparaíso 555, Viña' });
    expect(second.json()).toMatchObject({ comuna_nombre: 'Viña del Mar', activa: false });
    const all = await list(ana.access);
    expect(all.map((d: { activa: boolean }) => d.activa)).toEqual([true, false]);
    expect((await ctx.t.request({ method: 'GET', url: `${BASE}/activa/`, token: ana.access })).json().id).toBe(first.json().id);
    // The account's shipping address follows the active address.
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: ana.access })).json().direccion_envio).toBe(
      'Av. Providencia 1234, oficina 5, Providencia',
    );
  });

  it('activates one and keeps exactly one active, listed first', async () => {
    const [, otra] = await list(ana.access);
    const res = await ctx.t.request({ method: 'POST', url: `${BASE}/${otra.id}/activar/`, token: ana.access });
    expect(res.statusCode).toBe(200);
    const all = await list(ana.access);
    expect(all.filter((d: { activa: boolean }) => d.activa)).toHaveLength(1);
    expect(all[0].id).toBe(otra.id);
    expect((await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: ana.access })).json().direccion_envio).toBe(
      'Calle Valparaíso 555, Viña, Viña del Mar',
    );
  });

  it('edits an address of its owner', async () => {
    const [activa] = await list(ana.access);
    const res = await ctx.t.request({
      method: 'PUT',
      url: `${BASE}/${activa.id}/editar/`,
      token: ana.access,
      payload: direccion({ id: activa.id, nombre_contacto: 'Bodega Norte' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: activa.id, nombre_contacto: 'Bodega Norte', activa: true });
  });

  it('deleting the active address activates the most recent remaining one', async () => {
    const bea = await createUser(ctx.t, 'proveedor');
    const a = (await add(bea.access)).json();
    const b = (await add(bea.access, { nombre_contacto: 'Segunda' })).json();
    const c = (await add(bea.access, { nombre_contacto: 'Tercera' })).json();
    expect((await ctx.t.request({ method: 'DELETE', url: `${BASE}/${a.id}/eliminar/`, token: bea.access })).statusCode).toBe(204);
    const all = await list(bea.access);
    expect(all.map((d: { id: number; activa: boolean }) => [d.id, d.activa])).toEqual([
      [c.id, true],
      [b.id, false],
    ]);
  });

  it("gives another user 404 on every call about someone else's address, and changes nothing", async () => {
    const [ajena] = await list(ana.access);
    for (const role of ['comprador', 'proveedor', 'otroProveedor', 'moderador'] as const) {
      const token = ctx.tokens[role];
      expect((await ctx.t.request({ method: 'PUT', url: `${BASE}/${ajena.id}/editar/`, token, payload: direccion() })).statusCode, role).toBe(404);
      expect((await ctx.t.request({ method: 'DELETE', url: `${BASE}/${ajena.id}/eliminar/`, token })).statusCode, role).toBe(404);
      expect((await ctx.t.request({ method: 'POST', url: `${BASE}/${ajena.id}/activar/`, token })).statusCode, role).toBe(404);
      expect(
        (await list(token!)).some((d: { id: number }) => d.id === ajena.id),
        role,
      ).toBe(false);
    }
    expect((await list(ana.access))[0]).toEqual(ajena);
  });

  it('lets every signed-in role keep its own addresses and refuses anonymous callers', async () => {
    for (const role of Object.keys(ROLES) as RoleName[]) {
      const res = await add(ctx.tokens[role]);
      expect(res.statusCode, role).toBe(role === 'anonimo' ? 401 : 201);
    }
    for (const url of [`${BASE}/obtener/`, `${BASE}/activa/`]) expect((await ctx.t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers 404 on /activa/ when the user has no address yet', async () => {
    const nuevo = await createUser(ctx.t, 'comprador');
    const res = await ctx.t.request({ method: 'GET', url: `${BASE}/activa/`, token: nuevo.access });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No tienes una dirección activa.' });
  });

  it.each([
    [{ nombre_contacto: '' }, { nombre_contacto: ['Este campo es obligatorio'] }],
    [{ nombre_contacto: 'Local 2' }, { nombre_contacto: ['El nombre no puede contener números'] }],
    [{ correo_contacto: 'malo' }, { correo_contacto: ['Correo electrónico inválido. Ej: nombre@empresa.cl'] }],
    [{ telefono_contacto: '1234' }, { telefono_contacto: ['Debe tener al menos 8 dígitos'] }],
    [{ telefono_contacto: '123456789' }, { telefono_contacto: ['Formato inválido. Ej: +56 9 1234 5678, 912345678, (2) 2345 6789, 652345678'] }],
    [{ direccion_envio: 'Calle 1' }, { direccion_envio: ['La dirección debe ser más específica'] }],
    [{ region: '' }, { region: ['Seleccione una región'] }],
    [{ comuna: null }, { comuna: ['Seleccione una comuna'] }],
    [{ comuna: 5109 }, { comuna: ['La comuna no pertenece a la región seleccionada.'] }],
    [{ comuna: 99999 }, { comuna: ['Seleccione una comuna'] }],
  ])('refuses %j with the message of docs/producto.md §5', async (over, errors) => {
    const before = await list(ana.access);
    const res = await add(ana.access, over);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    expect(await list(ana.access)).toEqual(before);
  });

  it.each([
    ['652345678', '+56652345678'],
    ['+56652345678', '+56652345678'],
    ['(2) 2345 6789', '+56223456789'],
    ['9 8765 4321', '+56987654321'],
  ])('takes the Chilean phone %s and keeps it as %s (docs/decisions/017)', async (escrito, guardado) => {
    const res = await add(ana.access, { telefono_contacto: escrito });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().telefono_contacto).toBe(guardado);
    expect((await list(ana.access)).find((d: { id: number }) => d.id === res.json().id).telefono_contacto).toBe(guardado);
  });

  it('refuses a non-numeric id with the product’s message', async () => {
    const res = await ctx.t.request({ method: 'POST', url: `${BASE}/abc/activar/`, token: ana.access });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['Dirección inválida: falta el ID'] });
  });
});
