import { eq, inArray } from 'drizzle-orm';
import { isRutValido } from '#common/chile/rut';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMUNA_DE_OTRA_REGION, CORREO_INVALIDO, SELECCIONE_COMUNA, SELECCIONE_REGION } from '#common/schemas/direcciones';
import {
  DIRECCION_EMPRESA_CORTA,
  DIRECCION_EMPRESA_REQUERIDA,
  GIRO_REQUERIDO,
  NOMBRE_FANTASIA_REQUERIDO,
  RAZON_SOCIAL_REQUERIDA,
  RUT_EMPRESA_INVALIDO,
  TEXTO_LARGO,
} from '#common/schemas/empresa';
import { SALTO_DE_LINEA } from '#common/texto';
import { pedido } from '#server/db/schema/ordenes';
import { empresaProveedor } from '#server/db/schema/proveedor';
import { usuario } from '#server/db/schema/usuario';
import { DEMO_EMPRESAS, seedDemoEmpresas } from '#server/db/seed/demo-empresas';
import { actualizar, createFlujo, crearOrden } from '#server/test/cotizacion';
import { EMPRESA_BODY as EMPRESA } from '#server/test/bodies';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { correosPara, LEJOS } from '#server/test/pedidos';
import { guardarCondiciones, guardarEmpresa } from '#server/test/proveedores';
import { ROLES, type RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';

const ctx = setupTestApp({ roleTokens: true });
const URL = '/api/proveedor/empresa/';

const get = (token: string | undefined) => ctx.t.request({ method: 'GET', url: URL, token });
const put = (token: string | undefined, payload: unknown) => ctx.t.request({ method: 'PUT', url: URL, token, payload: payload as Record<string, unknown> });

const GUARDADA = {
  ...EMPRESA,
  rut: '76.086.428-5',
  telefono: '+56712614400',
  region_nombre: 'Región del Maule',
  comuna_nombre: 'Talca',
  guardada: true,
};

describe('who may read and write a company', () => {
  it('answers 401 anonymous, 403 to buyers and moderators, and each supplier its own', async () => {
    const esperado: Record<RoleName, number> = { anonimo: 401, comprador: 403, proveedor: 200, otroProveedor: 200, moderador: 403 };
    for (const role of Object.keys(ROLES) as RoleName[]) {
      expect((await get(ctx.tokens[role])).statusCode, role).toBe(esperado[role]);
      // A refused caller is refused before its body is read: the same status with a malformed one.
      if (esperado[role] !== 200) expect((await put(ctx.tokens[role], { rut: 'x' })).statusCode, role).toBe(esperado[role]);
    }
    expect((await get(ctx.tokens.anonimo)).json()).toEqual({ detail: 'Las credenciales de autenticación no se proveyeron.' });
    expect((await get(ctx.tokens.comprador)).json()).toEqual({ detail: 'No tienes permiso para realizar esta acción.' });
    expect((await put(ctx.tokens.moderador, EMPRESA)).json()).toEqual({ detail: 'No tienes permiso para realizar esta acción.' });
  });

  it('keeps one supplier’s company from another: each reads and writes only its own', async () => {
    const a = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    const b = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    expect((await put(a.access, EMPRESA)).statusCode).toBe(200);
    const deB = (await get(b.access)).json();
    expect(deB).toMatchObject({ guardada: false, rut: '', razon_social: '' });
    expect((await put(b.access, { ...EMPRESA, nombre_fantasia: 'Otra' })).statusCode).toBe(200);
    expect((await get(a.access)).json()).toEqual(GUARDADA);
  });
});

describe('a supplier’s company', () => {
  let ana: TestUser;
  beforeAll(async () => {
    // As a signup leaves it: no company saved (the builders set their suppliers up otherwise).
    ana = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
  });

  it('before it is saved: the name buyers see today and the account’s e-mail, the rest empty', async () => {
    expect((await get(ana.access)).json()).toEqual({
      razon_social: '',
      nombre_fantasia: 'Ana Pérez',
      rut: '',
      giro: '',
      direccion: '',
      region: null,
      comuna: null,
      region_nombre: null,
      comuna_nombre: null,
      telefono: '',
      correo_ventas: ana.email,
      guardada: false,
    });
    expect(await ctx.t.database.db.select().from(empresaProveedor).where(eq(empresaProveedor.proveedor_id, ana.id))).toEqual([]);
  });

  it('is saved with its RUT normalised and its phone in E.164, and read back', async () => {
    const res = await put(ana.access, EMPRESA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(GUARDADA);
    expect((await get(ana.access)).json()).toEqual(GUARDADA);
    expect((await ctx.t.database.db.select().from(empresaProveedor).where(eq(empresaProveedor.proveedor_id, ana.id)))[0]!.rut).toBe('76.086.428-5');
  });

  it.each([
    ['76.086.428-5', '76.086.428-5'],
    ['760864285', '76.086.428-5'],
    [' 5.126.663-3 ', '5.126.663-3'],
    ['10.000.013-k', '10.000.013-K'],
  ])('takes the RUT %j as written and stores %j', async (rut, guardado) => {
    const res = await put(ana.access, { ...EMPRESA, rut });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rut).toBe(guardado);
  });

  it('a second save replaces the first whole', async () => {
    const otra = {
      ...EMPRESA,
      razon_social: 'Sur Verde Limitada',
      nombre_fantasia: 'Sur Verde Carnes',
      giro: 'Venta al por mayor de alimentos',
      direccion: 'Av. Providencia 1234, oficina 5',
      region: 13,
      comuna: 13123,
      telefono: '+56 9 8765 4321',
      correo_ventas: 'pedidos@surverde.cl',
    };
    expect((await put(ana.access, otra)).statusCode).toBe(200);
    expect((await get(ana.access)).json()).toEqual({
      ...otra,
      rut: '76.086.428-5',
      telefono: '+56987654321',
      region_nombre: 'Región Metropolitana de Santiago',
      comuna_nombre: 'Providencia',
      guardada: true,
    });
    expect(await ctx.t.database.db.select().from(empresaProveedor).where(eq(empresaProveedor.proveedor_id, ana.id))).toHaveLength(1);
  });

  it.each([
    [{ razon_social: '' }, { razon_social: [RAZON_SOCIAL_REQUERIDA] }],
    [{ razon_social: '   ' }, { razon_social: [RAZON_SOCIAL_REQUERIDA] }],
    [{ razon_social: 'x'.repeat(151) }, { razon_social: [TEXTO_LARGO] }],
    [{ razon_social: 'Sur\nVerde' }, { razon_social: [SALTO_DE_LINEA] }],
    [{ nombre_fantasia: '' }, { nombre_fantasia: [NOMBRE_FANTASIA_REQUERIDO] }],
    [{ nombre_fantasia: null }, { nombre_fantasia: [NOMBRE_FANTASIA_REQUERIDO] }],
    [{ rut: '76086428-4' }, { rut: [RUT_EMPRESA_INVALIDO] }],
    [{ rut: '' }, { rut: [RUT_EMPRESA_INVALIDO] }],
    [{ rut: 'abc' }, { rut: [RUT_EMPRESA_INVALIDO] }],
    [{ rut: 76086428 }, { rut: [RUT_EMPRESA_INVALIDO] }],
    [{ giro: '' }, { giro: [GIRO_REQUERIDO] }],
    [{ direccion: '' }, { direccion: [DIRECCION_EMPRESA_REQUERIDA] }],
    [{ direccion: 'Calle 1' }, { direccion: [DIRECCION_EMPRESA_CORTA] }],
    [{ region: '' }, { region: [SELECCIONE_REGION] }],
    [{ comuna: null }, { comuna: [SELECCIONE_COMUNA] }],
    [{ comuna: 99999 }, { comuna: [SELECCIONE_COMUNA] }],
    // Talca is of the Maule, not of the Región Metropolitana.
    [{ region: 13 }, { comuna: [COMUNA_DE_OTRA_REGION] }],
    [{ telefono: '12345' }, { telefono: ['Debe tener al menos 8 dígitos'] }],
    [{ telefono: '11111111' }, { telefono: [expect.stringMatching(/^Formato inválido\. Ej: /)] }],
    [{ correo_ventas: 'ventas' }, { correo_ventas: [CORREO_INVALIDO] }],
  ])('refuses %j with its field’s Spanish message and changes nothing', async (over, errores) => {
    const antes = (await get(ana.access)).json();
    const res = await put(ana.access, { ...EMPRESA, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errores);
    expect((await get(ana.access)).json()).toEqual(antes);
  });

  it('answers 400, never 500, to a body that is not an object', async () => {
    for (const payload of ['texto', '[1,2]', 'null', '{"rut":', '{}']) {
      const res = await ctx.t.request({ method: 'PUT', url: URL, token: ana.access, payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('the demo seed', () => {
  it('gives every demo supplier its company, known by its name of always, with a valid RUT', async () => {
    const res = await get(ctx.tokens.otroProveedor);
    const esperada = DEMO_EMPRESAS[ROLES.otroProveedor]!;
    expect(res.json()).toMatchObject({
      guardada: true,
      nombre_fantasia: 'Frigorífico Los Andes',
      razon_social: esperada.razon_social,
      rut: esperada.rut,
      giro: esperada.giro,
      comuna_nombre: 'Los Andes',
      correo_ventas: ROLES.otroProveedor,
    });
    const demo = await ctx.t.database.db
      .select({ rut: empresaProveedor.rut })
      .from(empresaProveedor)
      .innerJoin(usuario, eq(usuario.id, empresaProveedor.proveedor_id))
      .where(inArray(usuario.email, Object.keys(DEMO_EMPRESAS)));
    expect(demo).toHaveLength(9);
    expect(demo.every((e) => isRutValido(e.rut))).toBe(true);
  });

  it('gives a demo supplier without its company its own on the next start, and keeps the company saved by another', async () => {
    const { db } = ctx.t.database;
    const idDe = async (email: string) => (await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, email)))[0]!.id;
    const [maule, andes] = [await idDe(ROLES.proveedor), await idDe(ROLES.otroProveedor)];
    expect((await put(ctx.tokens.otroProveedor, { ...EMPRESA, nombre_fantasia: 'Los Andes Carnes' })).statusCode).toBe(200);
    await db.delete(empresaProveedor).where(eq(empresaProveedor.proveedor_id, maule));
    await seedDemoEmpresas(db);
    const despues = await db
      .select()
      .from(empresaProveedor)
      .where(inArray(empresaProveedor.proveedor_id, [maule, andes]));
    expect(despues.find((e) => e.proveedor_id === maule)).toMatchObject({
      nombre_fantasia: 'Carnes del Maule',
      razon_social: DEMO_EMPRESAS[ROLES.proveedor]!.razon_social,
    });
    expect(despues.find((e) => e.proveedor_id === andes)).toMatchObject({ nombre_fantasia: 'Los Andes Carnes', razon_social: EMPRESA.razon_social });
  });
});

describe('buyers see the nombre de fantasía', () => {
  /** A new supplier with its company and its delivery terms saved, and one offer of a new product. */
  async function proveedorConOferta() {
    const p = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    await guardarEmpresa(ctx.t, p.access, { correo_ventas: `ventas.${p.id}@surverde.cl` });
    await guardarCondiciones(ctx.t, p.access);
    const producto = await createProductoDePrueba(ctx.t.database.db);
    const ofertaId = await createOfertaDePrueba(ctx.t.database.db, {
      productoId: producto.id,
      categoriaId: producto.categoria_id,
      proveedorId: p.id,
      tarifa: 4_000,
      lotes: [[500, LEJOS]],
    });
    return { proveedor: p, productoId: producto.id, ofertaId };
  }

  it('in a comparison’s options and suppliers, and a new name in the next comparison', async () => {
    const { proveedor, productoId } = await proveedorConOferta();
    const nombres = async () => {
      const { comparacion } = await createFlujo(ctx.t, [[productoId, 100]], ctx.tokens.comprador);
      return { opcion: comparacion.resultados[0]!.opciones_seleccionadas[0]!.proveedor, proveedores: comparacion.proveedores.map((p) => p.proveedor) };
    };
    expect(await nombres()).toEqual({ opcion: 'Sur Verde', proveedores: ['Sur Verde'] });
    expect((await put(proveedor.access, { ...EMPRESA, nombre_fantasia: 'Carnicería Sur Verde' })).statusCode).toBe(200);
    expect(await nombres()).toEqual({ opcion: 'Carnicería Sur Verde', proveedores: ['Carnicería Sur Verde'] });
  });

  it('in the order, its pedido, the buyer’s orders, the tracking link and the e-mails; the pedido keeps the name it was placed under', async () => {
    const { proveedor, productoId, ofertaId } = await proveedorConOferta();
    const f = await createFlujo(ctx.t, [[productoId, 100]], ctx.tokens.comprador);
    expect((await actualizar(ctx.t, f, [[ofertaId, 100]], ctx.tokens.comprador)).statusCode).toBe(200);
    const resumen = await ctx.t.request({ method: 'GET', url: `/api/facturacion/${f.cotizacionId}/resumen/`, token: ctx.tokens.comprador });
    expect(resumen.statusCode, resumen.body).toBe(200);
    expect(JSON.stringify(resumen.json())).toContain('"Sur Verde"');
    const res = await crearOrden(ctx.t, f, ctx.tokens.comprador, { razon_social: 'Restaurante El Parrón SpA' });
    expect(res.statusCode, res.body).toBe(201);
    const orden = res.json();
    expect(orden.pedidos).toEqual([expect.objectContaining({ proveedor: 'Sur Verde' })]);
    const pedidoId = orden.pedidos[0].id as number;

    const [recibo] = await correosPara(ctx.t, ROLES.comprador);
    expect(recibo!.texto).toContain('Sur Verde');
    // The new pedido goes to the company's sales e-mail, not the account's.
    const [aviso] = await correosPara(ctx.t, `ventas.${proveedor.id}@surverde.cl`);
    expect(aviso!.asunto).toBe(`Nuevo pedido N° ${pedidoId} de Restaurante El Parrón SpA`);
    expect(await correosPara(ctx.t, proveedor.email).then((c) => c.filter((x) => x.asunto.startsWith('Nuevo pedido')))).toEqual([]);

    // The purchase order prints the supplier's company.
    const detalle = (await ctx.t.request({ method: 'GET', url: `/api/pedidos/${pedidoId}/`, token: proveedor.access })).json();
    expect(detalle).toMatchObject({
      proveedor: 'Sur Verde',
      proveedor_empresa: {
        razon_social: 'Comercializadora Sur Verde SpA',
        rut: '76.086.428-5',
        giro: 'Venta al por mayor de carnes',
        direccion: 'Av. San Miguel 2450',
        comuna_nombre: 'Talca',
        region_nombre: 'Región del Maule',
        telefono: '+56712614400',
        correo_ventas: `ventas.${proveedor.id}@surverde.cl`,
      },
    });

    // Renamed after the order: the pedido keeps the name it was placed under, everywhere a buyer reads it.
    expect((await put(proveedor.access, { ...EMPRESA, nombre_fantasia: 'Otro Nombre' })).statusCode).toBe(200);
    const ordenes = (await ctx.t.request({ method: 'GET', url: '/api/ordenes/', token: ctx.tokens.comprador })).json();
    expect(ordenes.results.find((o: { id: number }) => o.id === orden.orden_id).pedidos[0].proveedor).toBe('Sur Verde');
    const suOrden = (await ctx.t.request({ method: 'GET', url: `/api/ordenes/${orden.orden_id}/`, token: ctx.tokens.comprador })).json();
    expect(suOrden.pedidos[0].proveedor).toBe('Sur Verde');
    const seguimiento = (await ctx.t.request({ method: 'GET', url: `/api/seguimiento/${orden.seguimiento}/` })).json();
    expect(seguimiento.pedidos[0].proveedor).toBe('Sur Verde');
    const cambio = await ctx.t.request({ method: 'POST', url: `/api/pedidos/${pedidoId}/estado/`, token: proveedor.access, payload: { estado: 'confirmado' } });
    expect(cambio.statusCode).toBe(200);
    expect((await correosPara(ctx.t, ROLES.comprador))[0]!.asunto).toBe(`Tu pedido N° ${pedidoId} a Sur Verde fue confirmado`);
  });

  it('the printed purchase order keeps the company as it was when the pedido was placed; one placed before pedidos kept it reads it as saved now', async () => {
    const { proveedor, productoId, ofertaId } = await proveedorConOferta();
    const f = await createFlujo(ctx.t, [[productoId, 100]], ctx.tokens.comprador);
    expect((await actualizar(ctx.t, f, [[ofertaId, 100]], ctx.tokens.comprador)).statusCode).toBe(200);
    const res = await crearOrden(ctx.t, f, ctx.tokens.comprador);
    expect(res.statusCode, res.body).toBe(201);
    const pedidoId = res.json().pedidos[0].id as number;
    const impresa = async (token: string | undefined) => {
      const detalle = await ctx.t.request({ method: 'GET', url: `/api/pedidos/${pedidoId}/`, token });
      expect(detalle.statusCode, detalle.body).toBe(200);
      return detalle.json().proveedor_empresa;
    };
    const cuandoSeHizo = {
      razon_social: 'Comercializadora Sur Verde SpA',
      rut: '76.086.428-5',
      giro: 'Venta al por mayor de carnes',
      direccion: 'Av. San Miguel 2450',
      comuna_nombre: 'Talca',
      region_nombre: 'Región del Maule',
      telefono: '+56712614400',
      correo_ventas: `ventas.${proveedor.id}@surverde.cl`,
    };
    expect(await impresa(proveedor.access)).toEqual(cuandoSeHizo);

    // The supplier then changes every field of its company: the pedido, to its supplier and to its buyer, prints it as it was.
    const otra = {
      razon_social: 'Frigorífico Los Andes Limitada',
      nombre_fantasia: 'Los Andes',
      rut: '78452190-7',
      giro: 'Matanza de ganado',
      direccion: 'Camino Internacional 1820',
      region: 5,
      comuna: 5301,
      telefono: '34 242 1100',
      correo_ventas: `otro.${proveedor.id}@losandes.cl`,
    };
    expect((await put(proveedor.access, otra)).statusCode).toBe(200);
    expect(await impresa(proveedor.access)).toEqual(cuandoSeHizo);
    expect(await impresa(ctx.tokens.comprador)).toEqual(cuandoSeHizo);

    // Without a copy (placed before pedidos kept one), it reads the company as saved now.
    await ctx.t.database.db.update(pedido).set({ empresa_proveedor: null }).where(eq(pedido.id, pedidoId));
    expect(await impresa(proveedor.access)).toMatchObject({
      razon_social: 'Frigorífico Los Andes Limitada',
      rut: '78.452.190-7',
      giro: 'Matanza de ganado',
      comuna_nombre: 'Los Andes',
      telefono: '+56342421100',
      correo_ventas: `otro.${proveedor.id}@losandes.cl`,
    });
  });
});
