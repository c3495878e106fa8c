import { and, desc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ACCION_INVALIDA,
  CATEGORIA_INVALIDA,
  MARCA_REQUERIDA,
  MOTIVO_LARGO,
  type Moderacion,
  type ProductoPendiente,
  SOLO_RECHAZADO,
  UNIDAD_INVALIDA,
} from '#common/schemas/moderacion';
import type { ConsolidatedData } from '#common/schemas/catalogo';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { producto } from '#server/db/schema/catalogo';
import { correoSaliente, usuario } from '#server/db/schema/usuario';
import { filaCarga } from '#server/test/carga';
import { ROLES } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser } from '#server/test/users';
import { findOfertasVivas } from '#server/modules/comparacion/comparacion.repository';

const ctx = setupTestApp({ roleTokens: true });
const PENDIENTES = '/api/productos/productos-pendientes/';
const MODERAR = '/api/productos/moderar-producto/';

const moderar = (payload: Record<string, unknown>, token = ctx.tokens.moderador) => ctx.t.request({ method: 'POST', url: MODERAR, payload, token });
const pendientes = async (): Promise<ProductoPendiente[]> => (await ctx.t.request({ method: 'GET', url: PENDIENTES, token: ctx.tokens.moderador })).json();
const catalogo = async (): Promise<ConsolidatedData> => (await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/' })).json();
const delProveedor = async (id: number): Promise<ProveedorProducto | undefined> =>
  ((await ctx.t.request({ method: 'GET', url: '/api/productos/proveedoresproductos/', token: ctx.tokens.proveedor })).json() as ProveedorProducto[]).find(
    (o) => o.producto_nombre === nombreDe.get(id),
  );
const ofertasComparables = async (id: number) => findOfertasVivas(ctx.t.database.db, [id], '2000-01-01');
const nombreDe = new Map<number, string>();
const idDe = async (nombre: string) => {
  const p = (await pendientes()).find((x) => x.nombre === nombre)!;
  nombreDe.set(p.id, p.nombre);
  return p.id;
};

describe('GET productos-pendientes/ and POST moderar-producto/: moderators only (docs/producto.md §6)', () => {
  it('answers 401 anonymous and 403 to buyers and suppliers, writing nothing', async () => {
    const id = await idDe('Longaniza de Chillán');
    for (const [token, status] of [
      ['', 401],
      [ctx.tokens.comprador, 403],
      [ctx.tokens.proveedor, 403],
      [ctx.tokens.otroProveedor, 403],
    ] as const) {
      expect((await ctx.t.request({ method: 'GET', url: PENDIENTES, token })).statusCode).toBe(status);
      expect((await moderar({ producto_id: id, accion: 'aprobar' }, token)).statusCode).toBe(status);
    }
    expect((await pendientes()).some((p) => p.id === id)).toBe(true);
  });

  it("lists the seed's pending products with their category and proposer", async () => {
    expect(await pendientes()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ nombre: 'Cordero magallánico pierna', categoria_nombre: 'CARNE BOVINA', proveedor_email: 'proveedor@abastece.cl' }),
        expect.objectContaining({ nombre: 'Queso de cabra fresco', categoria_nombre: 'LACTEO', proveedor_email: 'proveedor@abastece.cl' }),
        expect.objectContaining({ nombre: 'Longaniza de Chillán', categoria_nombre: 'CERDO', proveedor_email: 'proveedor@abastece.cl' }),
      ]),
    );
  });
});

describe('a decision (docs/producto.md §4 Moderation, docs/decisions/009)', () => {
  it('approving shows the product in the catalogue (cache invalidated) and its offers in comparisons; twice is the same', async () => {
    const id = await idDe('Cordero magallánico pierna');
    // The catalogue is cached: read it first so a stale copy would show.
    expect((await catalogo()).productos.some((p) => p.id === id)).toBe(false);
    expect(await ofertasComparables(id)).toEqual([]);
    expect((await delProveedor(id))!.estado_moderacion).toBe('pendiente');

    const res = await moderar({ producto_id: id, accion: 'aprobar', motivo: 'ignorado al aprobar' });
    expect(res.statusCode, res.body).toBe(200);
    const aprobado: Moderacion = res.json();
    expect(aprobado).toEqual({ producto_id: id, estado_moderacion: 'aprobado', motivo_rechazo: null, moderado_en: expect.any(String) });
    expect((await catalogo()).productos.some((p) => p.id === id)).toBe(true);
    expect((await ofertasComparables(id)).length).toBeGreaterThan(0);
    expect((await delProveedor(id))!.estado_moderacion).toBe('aprobado');
    expect((await pendientes()).some((p) => p.id === id)).toBe(false);

    const [moderador] = await ctx.t.database.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, 'moderador@abastece.cl'));
    expect((await ctx.t.database.db.select().from(producto).where(eq(producto.id, id)))[0]!.moderado_por).toBe(moderador!.id);

    // The same decision again: same answer, nothing rewritten (the first date stays).
    const otra = await moderar({ producto_id: id, accion: 'aprobar' });
    expect(otra.statusCode).toBe(200);
    expect(otra.json()).toEqual(aprobado);
  });

  it('rejecting keeps it hidden and gives the supplier the reason; a decided product takes no other decision (409)', async () => {
    const id = await idDe('Queso de cabra fresco');
    const motivo = 'Falta la marca y la foto del envase.';
    const res = await moderar({ producto_id: id, accion: 'rechazar', motivo: `  ${motivo} ` });
    expect(res.json()).toMatchObject({ producto_id: id, estado_moderacion: 'rechazado', motivo_rechazo: motivo });
    expect((await catalogo()).productos.some((p) => p.id === id)).toBe(false);
    expect(await ofertasComparables(id)).toEqual([]);
    expect(await delProveedor(id)).toMatchObject({ estado_moderacion: 'rechazado', motivo_rechazo: motivo });
    expect((await pendientes()).some((p) => p.id === id)).toBe(false);
    expect((await moderar({ producto_id: id, accion: 'rechazar', motivo })).json()).toEqual(res.json());

    // Only a pending product is decided; another decision (or another reason) is refused and changes nothing.
    for (const otra of [{ accion: 'rechazar', motivo: '' }, { accion: 'aprobar' }]) {
      const r = await moderar({ producto_id: id, ...otra });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ detail: 'El producto ya fue rechazado.' });
    }
    expect(await delProveedor(id)).toMatchObject({ estado_moderacion: 'rechazado', motivo_rechazo: motivo });
  });

  it('an approved product (a seed one, never pending) cannot be rejected: it stays in the catalogue', async () => {
    const { productos } = await catalogo();
    const aprobado = productos[0]!.id;
    const r = await moderar({ producto_id: aprobado, accion: 'rechazar', motivo: 'Error' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ detail: 'El producto ya fue aprobado.' });
    expect((await catalogo()).productos.some((p) => p.id === aprobado)).toBe(true);
    // Approving it again is the decision it has: harmless.
    expect((await moderar({ producto_id: aprobado, accion: 'aprobar' })).statusCode).toBe(200);
  });

  it.each([
    [{ accion: 'borrar' }, { accion: [ACCION_INVALIDA] }],
    [{ motivo: 'x'.repeat(501) }, { motivo: [MOTIVO_LARGO] }],
    [{ producto_id: 'uno' }, { producto_id: ['Producto inválido.'] }],
  ])('refuses %j with a Spanish message, writing nothing', async (cambio, cuerpo) => {
    const id = await idDe('Longaniza de Chillán');
    const res = await moderar({ producto_id: id, accion: 'rechazar', ...cambio });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(cuerpo);
    expect((await pendientes()).some((p) => p.id === id)).toBe(true);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await moderar({ producto_id: 2_000_000_000, accion: 'aprobar' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Producto no encontrado.' });
  });
});

const REGISTRAR = '/api/productos/registrar-nuevos/';
const registrar = (productos: ReturnType<typeof filaCarga>[], token = ctx.tokens.proveedor) =>
  ctx.t.request({ method: 'POST', url: REGISTRAR, token, payload: { productos } });
const exclusiva = (sku: string, nombre: string, extra: Partial<ReturnType<typeof filaCarga>> = {}) =>
  filaCarga({ sku, nombre, categoria: 'CARNE BOVINA', marca: 'Patagonia Beef', origen: 'Chile', formato: 'AL VACIO', unidad: 'KILO', ...extra });
const correosA = (para: string, desdeId = 0) =>
  ctx.t.database.db
    .select()
    .from(correoSaliente)
    .where(and(eq(correoSaliente.para, para), gt(correoSaliente.id, desdeId)))
    .orderBy(desc(correoSaliente.id));
const ultimoCorreoId = async () =>
  (await ctx.t.database.db.select({ id: correoSaliente.id }).from(correoSaliente).orderBy(desc(correoSaliente.id)).limit(1))[0]?.id ?? 0;

describe('a pending product in full, with the closest catalogue products (docs/decisions/009)', () => {
  it('answers its data, the offer of who proposed it and the catalogue products whose names are close, best first', async () => {
    const res = await registrar([exclusiva('PREM-1', 'Lomo Vetado Premium', { precio: 18990, rangos: { 'Desde 300 kg': 17990 }, stock: 250.5 })]);
    expect(res.json()).toEqual({ registrados: 1, errores: [] });
    const p = (await pendientes()).find((x) => x.nombre === 'Lomo Vetado Premium')!;
    expect(p).toEqual({
      id: expect.any(Number),
      nombre: 'Lomo Vetado Premium',
      categoria_nombre: 'CARNE BOVINA',
      proveedor_email: ROLES.proveedor,
      proveedor_nombre: expect.stringMatching(/\S/),
      marca: 'Patagonia Beef',
      origen: 'Chile',
      unidad: 'KILO',
      formatos: ['AL VACIO'],
      sku: 'PREM-1',
      precio: 18990,
      rangos: { 'Desde 300 kg': 17990 },
      stock: 250.5,
      creado_en: expect.any(String),
      similares: expect.any(Array),
    });
    expect(Date.now() - Date.parse(p.creado_en)).toBeLessThan(60_000);
    // 'Lomo vetado' is the closest: the same two words, one more on the pending one (6 of its 20 trigrams apart).
    expect(p.similares[0]).toEqual({ id: expect.any(Number), nombre: 'Lomo vetado', categoria: 'CARNE BOVINA', marca: 'Swift', similitud: 0.6 });
    expect(p.similares.length).toBeLessThanOrEqual(5);
    for (const s of p.similares) expect(s.similitud).toBeGreaterThanOrEqual(0.4);
    expect(p.similares.map((s) => s.similitud)).toEqual([...p.similares.map((s) => s.similitud)].sort((a, b) => b - a));
    // Only approved, live products: none of the pending ones.
    const ids = new Set((await catalogo()).productos.map((x) => x.id));
    for (const s of p.similares) expect(ids.has(s.id)).toBe(true);
  });

  it('finds the same product written with other accents, case and word order at 100 %; a name like nothing has none', async () => {
    await registrar([exclusiva('VET-1', 'VETADO lomó'), exclusiva('RARO-1', 'Xilófono zzz')]);
    const todos = await pendientes();
    expect(todos.find((x) => x.nombre === 'VETADO lomó')!.similares[0]).toMatchObject({ nombre: 'Lomo vetado', similitud: 1 });
    expect(todos.find((x) => x.nombre === 'Xilófono zzz')!.similares).toEqual([]);
  });
});

describe('the same product is not queued twice by one supplier (docs/decisions/009)', () => {
  it("registering again a name it has in review (accents, case, spaces aside) is that row's error; another supplier may", async () => {
    expect((await registrar([exclusiva('DUP-1', 'Pulpa de res  ahumada')])).json()).toEqual({ registrados: 1, errores: [] });
    const otra = await registrar([exclusiva('DUP-2', 'pulpa de RES ahumáda'), exclusiva('DUP-3', 'Pulpa de res ahumada con ají')]);
    expect(otra.json()).toEqual({
      registrados: 1,
      errores: [{ sku: 'DUP-2', motivo: 'Ya tienes «pulpa de RES ahumáda» en revisión con el SKU DUP-1; no se envía dos veces.' }],
    });
    // The same SKU again is the same call twice: counted, nothing new.
    expect((await registrar([exclusiva('DUP-1', 'Pulpa de res ahumada')])).json()).toEqual({ registrados: 1, errores: [] });
    // Two rows of one call with the same name: the first is queued, the second is its error.
    const misma = await registrar([exclusiva('DUP-4', 'Pulpa de cerdo'), exclusiva('DUP-5', 'PULPA DE CERDO')]);
    expect(misma.json().errores).toEqual([{ sku: 'DUP-5', motivo: 'Ya tienes «PULPA DE CERDO» en revisión con el SKU DUP-4; no se envía dos veces.' }]);
    expect((await registrar([exclusiva('DUP-1', 'Pulpa de res ahumada')], ctx.tokens.otroProveedor)).json()).toEqual({ registrados: 1, errores: [] });
    const enRevision = (await pendientes()).filter((p) => p.nombre.replace(/\s+/g, ' ').toLowerCase() === 'pulpa de res ahumada');
    expect(enRevision.map((p) => [p.nombre, p.proveedor_email])).toEqual([
      ['Pulpa de res  ahumada', ROLES.proveedor],
      ['Pulpa de res ahumada', ROLES.otroProveedor],
    ]);
  });

  it('two registrations of the same name at once queue one product', async () => {
    const respuestas = await Promise.all([
      registrar([exclusiva('CONC-1', 'Asado de tira madurado')]),
      registrar([exclusiva('CONC-2', 'asado de tira madurado')]),
    ]);
    // Under the supplier's lock the second sees what the first queued: its only row is an error (400, no valid rows).
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect((await pendientes()).filter((p) => p.nombre.toLowerCase() === 'asado de tira madurado')).toHaveLength(1);
    const perdedora = respuestas.find((r) => r.statusCode === 400)!;
    expect(perdedora.json().errores[0].motivo).toMatch(/^Ya tienes «[Aa]sado de tira madurado» en revisión con el SKU CONC-[12]; no se envía dos veces\.$/);
  });
});

describe('a decision e-mails the supplier who proposed the product (docs/decisions/009)', () => {
  it('a rejection carries the note and the link to correct it; an approval says where it shows; a repeated decision sends nothing', async () => {
    await registrar([exclusiva('MAIL-1', 'Prieta artesanal'), exclusiva('MAIL-2', 'Malaya de cerdo')]);
    const todos = await pendientes();
    const prieta = todos.find((p) => p.nombre === 'Prieta artesanal')!.id;
    const malaya = todos.find((p) => p.nombre === 'Malaya de cerdo')!.id;
    const desde = await ultimoCorreoId();

    await moderar({ producto_id: prieta, accion: 'rechazar', motivo: 'La marca no coincide con la foto.' });
    await moderar({ producto_id: prieta, accion: 'rechazar', motivo: 'La marca no coincide con la foto.' });
    const [rechazo, ...otros] = await correosA(ROLES.proveedor, desde);
    expect(otros).toEqual([]);
    expect(rechazo!.asunto).toBe('Tu producto «Prieta artesanal» fue rechazado');
    expect(rechazo!.texto).toContain('Motivo: La marca no coincide con la foto.');
    expect(rechazo!.texto).toContain('http://localhost:8000/mis-productos-proovedor');
    expect(rechazo!.texto).toMatch(/^Hola \S.*:/);
    expect(rechazo!.html).toContain('La marca no coincide con la foto.');

    await moderar({ producto_id: malaya, accion: 'aprobar' });
    const [aprobado] = await correosA(ROLES.proveedor, desde);
    expect(aprobado!.asunto).toBe('Tu producto «Malaya de cerdo» fue aprobado');
    // The demo supplier has its company and its delivery terms: its product is compared at once.
    expect(aprobado!.texto).toContain('Tu producto «Malaya de cerdo» fue aprobado y ya aparece en las cotizaciones.');
    expect(await correosA(ROLES.otroProveedor, desde)).toEqual([]);
  });

  it('a supplier without company data nor delivery terms is told its approved product shows once it completes them', async () => {
    // As a signup leaves it (the builders set their suppliers up otherwise).
    const nuevo = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    expect((await registrar([exclusiva('NUEVO-1', 'Costillar ahumado')], nuevo.access)).json()).toEqual({ registrados: 1, errores: [] });
    const id = (await pendientes()).find((p) => p.proveedor_email === nuevo.email)!.id;
    expect((await moderar({ producto_id: id, accion: 'aprobar' })).statusCode).toBe(200);
    const [correo] = await correosA(nuevo.email);
    expect(correo!.texto).toContain(
      'Tu producto «Costillar ahumado» fue aprobado.\n\nAparecerá en las cotizaciones cuando completes los datos de tu empresa y tus condiciones de despacho.',
    );
    expect(correo!.texto).toContain('http://localhost:8000/mi-empresa');
  });
});

const REENVIAR = (id: number) => `/api/productos/proveedoresproductos/${id}/reenviar/`;
const corregido = { nombre: 'Chorizo parrillero ahumado', categoria: 'cerdo', origen: 'Chile', marca: 'Don Pancho', unidad: 'kilo', formato: 'al vacío' };
const ofertaDe = async (sku: string, token = ctx.tokens.proveedor): Promise<ProveedorProducto> =>
  ((await ctx.t.request({ method: 'GET', url: '/api/productos/proveedoresproductos/', token })).json() as ProveedorProducto[]).find((o) => o.sku === sku)!;

describe('POST proveedoresproductos/{id}/reenviar/: a rejected product corrected and sent again (docs/decisions/009)', () => {
  it('only its supplier may: 401 anonymous, 403 buyer and moderator, 404 another supplier; nothing changes', async () => {
    await registrar([exclusiva('REEN-R', 'Chorizo parilero', { rangos: { 'Desde 300 kg': 4000 } })]);
    const id = (await pendientes()).find((p) => p.nombre === 'Chorizo parilero')!.id;
    await moderar({ producto_id: id, accion: 'rechazar', motivo: 'Revisa el nombre.' });
    const oferta = await ofertaDe('REEN-R');
    for (const [token, status] of [
      ['', 401],
      [ctx.tokens.comprador, 403],
      [ctx.tokens.moderador, 403],
      [ctx.tokens.otroProveedor, 404],
    ] as const) {
      for (const method of ['GET', 'POST'] as const) {
        const r = await ctx.t.request({ method, url: REENVIAR(oferta.id), token, payload: method === 'POST' ? corregido : undefined });
        expect(r.statusCode, `${method} ${status}`).toBe(status);
      }
    }
    expect(await ofertaDe('REEN-R')).toMatchObject({ estado_moderacion: 'rechazado', motivo_rechazo: 'Revisa el nombre.' });
  });

  it('GET answers the rejected data to correct; POST makes it pending again with the new data, the decision forgotten', async () => {
    const oferta = await ofertaDe('REEN-R');
    const antes = await ctx.t.request({ method: 'GET', url: REENVIAR(oferta.id), token: ctx.tokens.proveedor });
    expect(antes.json()).toEqual({
      nombre: 'Chorizo parilero',
      categoria: 'CARNE BOVINA',
      origen: 'Chile',
      marca: 'Patagonia Beef',
      unidad: 'KILO',
      formato: 'AL VACIO',
      motivo_rechazo: 'Revisa el nombre.',
    });
    const res = await ctx.t.request({ method: 'POST', url: REENVIAR(oferta.id), token: ctx.tokens.proveedor, payload: corregido });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...oferta, producto_nombre: 'Chorizo parrillero ahumado', estado_moderacion: 'pendiente', motivo_rechazo: null });
    expect(await ofertaDe('REEN-R')).toEqual(res.json());
    const [fila] = await ctx.t.database.db.select().from(producto).where(eq(producto.nombre, 'Chorizo parrillero ahumado'));
    expect([fila!.estado_moderacion, fila!.motivo_rechazo, fila!.moderado_por, fila!.moderado_en]).toEqual(['pendiente', null, null, null]);
    expect((await pendientes()).find((p) => p.id === fila!.id)).toMatchObject({
      categoria_nombre: 'CERDO',
      marca: 'Don Pancho',
      origen: 'Chile',
      unidad: 'KILO',
      formatos: ['AL VACIO'],
      // The tier has the same label in its new category: its price came along.
      rangos: { 'Desde 300 kg': 4000 },
    });
    // Pending now: not correctable until rejected again.
    const otra = await ctx.t.request({ method: 'POST', url: REENVIAR(oferta.id), token: ctx.tokens.proveedor, payload: corregido });
    expect([otra.statusCode, otra.json()]).toEqual([400, { detail: SOLO_RECHAZADO }]);
  });

  it("400 for an approved product, with the Excel row's rules, and for a name it already has in review; nothing changes", async () => {
    const [aprobada] = (
      (await ctx.t.request({ method: 'GET', url: '/api/productos/proveedoresproductos/', token: ctx.tokens.proveedor })).json() as ProveedorProducto[]
    ).filter((o) => o.estado_moderacion === 'aprobado');
    const r = await ctx.t.request({ method: 'POST', url: REENVIAR(aprobada!.id), token: ctx.tokens.proveedor, payload: corregido });
    expect([r.statusCode, r.json()]).toEqual([400, { detail: SOLO_RECHAZADO }]);

    await registrar([exclusiva('REEN-2', 'Pernil de cerdo')]);
    const id = (await pendientes()).find((p) => p.nombre === 'Pernil de cerdo')!.id;
    await moderar({ producto_id: id, accion: 'rechazar' });
    const oferta = await ofertaDe('REEN-2');
    const mala = await ctx.t.request({
      method: 'POST',
      url: REENVIAR(oferta.id),
      token: ctx.tokens.proveedor,
      payload: { ...corregido, categoria: 'Juguetes', unidad: 'litro', marca: '  ' },
    });
    expect([mala.statusCode, mala.json()]).toEqual([400, { categoria: [CATEGORIA_INVALIDA], unidad: [UNIDAD_INVALIDA], marca: [MARCA_REQUERIDA] }]);
    // 'Chorizo parrillero ahumado' is pending (the test above): a second one is not queued.
    const repetida = await ctx.t.request({
      method: 'POST',
      url: REENVIAR(oferta.id),
      token: ctx.tokens.proveedor,
      payload: { ...corregido, nombre: 'chorizo  parrillero AHUMADO' },
    });
    expect([repetida.statusCode, repetida.json()]).toEqual([
      400,
      { nombre: ['Ya tienes «Chorizo parrillero ahumado» en revisión con el SKU REEN-R; no se envía dos veces.'] },
    ]);
    expect(await ofertaDe('REEN-2')).toMatchObject({ producto_nombre: 'Pernil de cerdo', estado_moderacion: 'rechazado' });
  });
});
