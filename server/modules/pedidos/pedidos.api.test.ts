import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MOTIVO_OBLIGATORIO, SOLO_COMPRADOR, SOLO_PROVEEDOR } from '#common/schemas/pedidos';
import { orden, ordenLinea, pedido, pedidoEvento } from '#server/db/schema/ordenes';
import { lote } from '#server/db/schema/proveedor';
import { claimCorreo } from '#server/mail/correo.repository';
import { correoSaliente, usuario } from '#server/db/schema/usuario';
import { FACTURACION } from '#server/test/facturacion';
import { correosPara, createOrden, LEJOS, setupPedidosTestApp } from '#server/test/pedidos';
import { ROLES, type RoleName } from '#server/test/roles';
import { uniqueEmail } from '#server/test/users';
import { archiveProveedorProducto } from '#server/modules/proveedor/proveedor.repository';
import { createFirmaSeguimiento } from './seguimiento';

/** Pedidos, their life cycle, the buyer's orders on the server and the tracking link. */
const { ctx, ids, otroComprador } = setupPedidosTestApp();

const db = () => ctx.t.database.db;
const tokenDe = (role: RoleName | 'otroComprador') => (role === 'otroComprador' ? otroComprador.access : ctx.tokens[role]);
const get = (url: string, role: RoleName | 'otroComprador') => ctx.t.request({ method: 'GET', url, token: tokenDe(role) });
const mover = (id: number, role: RoleName | 'otroComprador', estado: string, motivo?: string) =>
  ctx.t.request({ method: 'POST', url: `/api/pedidos/${id}/estado/`, token: tokenDe(role), payload: { estado, ...(motivo === undefined ? {} : { motivo }) } });

/** An order of the demo buyer from the two demo suppliers: 100 kg at $5,000 and 100 kg at $3,000. */
const ordenDeDos = () =>
  createOrden(
    ctx.t,
    [
      { proveedorId: ids.proveedor, tarifa: 5000, lotes: [[500, LEJOS]], cantidad: 100 },
      { proveedorId: ids.otroProveedor, tarifa: 3000, lotes: [[300, LEJOS]], cantidad: 100 },
    ],
    ctx.tokens.comprador,
    { razon_social: 'Restaurante El Parrón SpA' },
  );

const lotesDe = (ofertaId: number) =>
  db()
    .select({ id: lote.id, cantidad: lote.cantidad, fecha_expiracion: lote.fecha_expiracion })
    .from(lote)
    .where(eq(lote.proveedor_producto_id, ofertaId))
    .orderBy(asc(lote.id));
const eventosDe = (pedidoId: number) => db().select().from(pedidoEvento).where(eq(pedidoEvento.pedido_id, pedidoId)).orderBy(asc(pedidoEvento.id));

describe('crear-orden splits the order into one pedido per supplier', () => {
  it('answers the pedidos, writes each line into its pedido and a first pendiente event', async () => {
    const o = await ordenDeDos();
    expect(o.pedidos).toEqual([
      { id: expect.any(Number), proveedor: expect.any(String), total: 500_000, neto: 500_000, iva: 95_000, total_con_iva: 595_000 },
      { id: expect.any(Number), proveedor: expect.any(String), total: 300_000, neto: 300_000, iva: 57_000, total_con_iva: 357_000 },
    ]);
    const pedidos = await db().select().from(pedido).where(eq(pedido.orden_id, o.orden_id)).orderBy(asc(pedido.id));
    expect(pedidos.map((p) => [p.proveedor_id, p.estado, p.subtotal])).toEqual([
      [ids.proveedor, 'pendiente', 500_000],
      [ids.otroProveedor, 'pendiente', 300_000],
    ]);
    const lineas = await db().select().from(ordenLinea).where(eq(ordenLinea.orden_id, o.orden_id)).orderBy(asc(ordenLinea.id));
    expect(lineas.map((l) => l.pedido_id)).toEqual(pedidos.map((p) => p.id));
    for (const p of pedidos) expect(await eventosDe(p.id)).toMatchObject([{ estado: 'pendiente', motivo: null }]);
  });

  it('e-mails the buyer (lines, total, tracking link) and each supplier (its lines, a link to its pedido)', async () => {
    const o = await ordenDeDos();
    const [recibo] = await correosPara(ctx.t, ROLES.comprador);
    expect(recibo!.asunto).toBe(`Recibimos tu orden N° ${o.orden_id}`);
    expect(recibo!.texto).toContain(`/seguimiento/${o.seguimiento}`);
    expect(recibo!.texto).toContain('Neto: $800.000\nIVA (19 %): $152.000\nTotal de la orden: $952.000');
    expect(recibo!.html).toContain(`pedido N° ${o.pedidos[0]!.id}`);
    // Each pedido with its own delivery day, the buyer's and each supplier's e-mail.
    for (const p of o.pedidos) expect(recibo!.texto).toMatch(new RegExp(`\\(pedido N° ${p.id}\\) · entrega el \\d{1,2} de \\p{L}+ de \\d{4}`, 'u'));
    for (const [i, email] of [ROLES.proveedor, ROLES.otroProveedor].entries()) {
      const p = o.pedidos[i]!;
      const [aviso] = await correosPara(ctx.t, email);
      expect(aviso!.asunto).toBe(`Nuevo pedido N° ${p.id} de Restaurante El Parrón SpA`);
      expect(aviso!.texto).toContain(`/pedidos-recibidos/${p.id}`);
      expect(aviso!.texto).toContain('100 kg');
      expect(aviso!.texto).toMatch(/Fecha de entrega: \d{1,2} de \p{L}+ de \d{4}/u);
      // Each supplier reads only its own lines.
      expect(aviso!.texto).toContain(i === 0 ? 'Neto: $500.000\nIVA (19 %): $95.000\nTotal: $595.000' : 'Neto: $300.000\nIVA (19 %): $57.000\nTotal: $357.000');
    }
  });
});

describe('who sees what (anonymous 401; anyone but the supplier and the buyer 404)', () => {
  it('GET /api/pedidos/: each supplier its own; buyers and moderators 403', async () => {
    const o = await ordenDeDos();
    expect((await get('/api/pedidos/', 'anonimo')).statusCode).toBe(401);
    for (const role of ['comprador', 'moderador'] as const) expect((await get('/api/pedidos/', role)).statusCode, role).toBe(403);
    for (const [i, role] of (['proveedor', 'otroProveedor'] as const).entries()) {
      const res = await get('/api/pedidos/', role);
      expect(res.statusCode).toBe(200);
      const propios = res.json().results.map((p: { id: number }) => p.id);
      expect(propios).toContain(o.pedidos[i]!.id);
      expect(propios).not.toContain(o.pedidos[1 - i]!.id);
    }
  });

  it('GET /api/pedidos/{id}/: its supplier and its buyer', async () => {
    const o = await ordenDeDos();
    const url = `/api/pedidos/${o.pedidos[0]!.id}/`;
    const esperado: Array<[RoleName | 'otroComprador', number]> = [
      ['anonimo', 401],
      ['comprador', 200],
      ['otroComprador', 404],
      ['proveedor', 200],
      ['otroProveedor', 404],
      ['moderador', 404],
    ];
    for (const [role, status] of esperado) expect((await get(url, role)).statusCode, role).toBe(status);
    const detalle = (await get(url, 'proveedor')).json();
    expect(detalle).toMatchObject({
      id: o.pedidos[0]!.id,
      orden_id: o.orden_id,
      estado: 'pendiente',
      comprador: 'Restaurante El Parrón SpA',
      entrega: { nombre_contacto: 'Cocina Central', direccion_envio: 'Av. Providencia 1234', comuna_nombre: expect.any(String), fecha_entrega: '2099-01-15' },
      facturacion: { razon_social: 'Restaurante El Parrón SpA' },
      lineas: [{ cantidad: 100, precio: 5000, subtotal: 500_000, unidad: 'KILO' }],
      total: 500_000,
      eventos: [{ estado: 'pendiente', motivo: null }],
    });
    expect(await get('/api/pedidos/999999999/', 'proveedor')).toMatchObject({ statusCode: 404 });
  });

  it('GET /api/ordenes/ and /api/ordenes/{id}/: the buyer its own, with each pedido state', async () => {
    const o = await ordenDeDos();
    expect((await get('/api/ordenes/', 'anonimo')).statusCode).toBe(401);
    const lista = await get('/api/ordenes/', 'comprador');
    expect(lista.statusCode).toBe(200);
    expect(lista.json().results[0]).toMatchObject({
      id: o.orden_id,
      total: 800_000,
      pedidos: o.pedidos.map((p) => ({ id: p.id, estado: 'pendiente', total: p.total })),
    });
    for (const role of ['otroComprador', 'proveedor', 'moderador'] as const) {
      const otra = await get('/api/ordenes/', role);
      expect(otra.statusCode, role).toBe(200);
      expect(
        otra.json().results.map((r: { id: number }) => r.id),
        role,
      ).not.toContain(o.orden_id);
    }
    const url = `/api/ordenes/${o.orden_id}/`;
    for (const [role, status] of [
      ['anonimo', 401],
      ['comprador', 200],
      ['otroComprador', 404],
      ['proveedor', 404],
      ['otroProveedor', 404],
      ['moderador', 404],
    ] as const)
      expect((await get(url, role)).statusCode, role).toBe(status);
    expect((await get(url, 'comprador')).json()).toMatchObject({ id: o.orden_id, total: 800_000, pedidos: [{ lineas: [{}] }, { lineas: [{}] }] });
  });

  it('GET /api/seguimiento/{token}/: the order for whoever holds the link, without login; nothing for a guess', async () => {
    const o = await ordenDeDos();
    const res = await ctx.t.request({ method: 'GET', url: `/api/seguimiento/${o.seguimiento}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: o.orden_id, pedidos: [{ estado: 'pendiente' }, { estado: 'pendiente' }] });
    const otro = `${o.seguimiento.slice(0, -1)}${o.seguimiento.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [otro, 'corto', 'x'.repeat(90), '..']) {
      const r = await ctx.t.request({ method: 'GET', url: `/api/seguimiento/${token}/` });
      expect(r.statusCode, token).toBe(404);
    }
  });

  it('POST /api/pedidos/{id}/estado/: only its supplier moves it, only its buyer annuls it', async () => {
    const o = await ordenDeDos();
    const id = o.pedidos[0]!.id;
    expect((await mover(id, 'anonimo', 'confirmado')).statusCode).toBe(401);
    for (const role of ['otroComprador', 'otroProveedor', 'moderador'] as const) expect((await mover(id, role, 'anulado')).statusCode, role).toBe(404);
    expect(await mover(id, 'comprador', 'confirmado')).toMatchObject({ statusCode: 403, body: JSON.stringify({ detail: SOLO_PROVEEDOR }) });
    expect(await mover(id, 'proveedor', 'anulado')).toMatchObject({ statusCode: 403, body: JSON.stringify({ detail: SOLO_COMPRADOR }) });
    expect(await eventosDe(id)).toHaveLength(1);
  });
});

describe('the life cycle', () => {
  it('pendiente → confirmado → despachado → entregado, each an event and an e-mail to the buyer; a repeat changes nothing', async () => {
    const o = await ordenDeDos();
    const id = o.pedidos[0]!.id;
    const antes = (await correosPara(ctx.t, ROLES.comprador)).length;
    for (const estado of ['confirmado', 'despachado', 'entregado']) {
      const res = await mover(id, 'proveedor', estado);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().estado).toBe(estado);
      // The same state again: 200, no event, no e-mail.
      expect((await mover(id, 'proveedor', estado)).statusCode).toBe(200);
    }
    expect((await eventosDe(id)).map((e) => e.estado)).toEqual(['pendiente', 'confirmado', 'despachado', 'entregado']);
    const correos = await correosPara(ctx.t, ROLES.comprador);
    expect(correos).toHaveLength(antes + 3);
    expect(correos.slice(0, 3).map((c) => c.asunto)).toEqual(
      ['entregado', 'despachado', 'confirmado'].map((e) => `Tu pedido N° ${id} a ${o.pedidos[0]!.proveedor} fue ${e}`),
    );
    expect(correos[0]!.texto).toContain(`/ordenes/${o.orden_id}`);
    expect((await get(`/api/pedidos/${id}/`, 'comprador')).json().eventos.map((e: { estado: string }) => e.estado)).toEqual([
      'pendiente',
      'confirmado',
      'despachado',
      'entregado',
    ]);
  });

  it('refuses every move the cycle does not have with 409 and a Spanish reason', async () => {
    const o = await ordenDeDos();
    const [a, b] = o.pedidos.map((p) => p.id) as [number, number];
    expect(await mover(a, 'proveedor', 'despachado')).toMatchObject({
      statusCode: 409,
      body: JSON.stringify({ detail: 'El pedido debe confirmarse primero.' }),
    });
    expect(await mover(a, 'proveedor', 'entregado')).toMatchObject({ statusCode: 409 });
    await mover(a, 'proveedor', 'confirmado');
    expect(await mover(a, 'comprador', 'anulado')).toMatchObject({ statusCode: 409, body: JSON.stringify({ detail: 'El pedido ya fue confirmado.' }) });
    await mover(a, 'proveedor', 'despachado');
    expect(await mover(a, 'proveedor', 'rechazado', 'Sin stock')).toMatchObject({
      statusCode: 409,
      body: JSON.stringify({ detail: 'El pedido ya fue despachado.' }),
    });
    expect(await mover(a, 'proveedor', 'confirmado')).toMatchObject({ statusCode: 409 });
    await mover(a, 'proveedor', 'entregado');
    for (const estado of ['confirmado', 'despachado', 'rechazado']) expect((await mover(a, 'proveedor', estado, 'x')).statusCode, estado).toBe(409);
    expect((await mover(a, 'comprador', 'anulado')).statusCode).toBe(409);

    expect((await mover(b, 'comprador', 'anulado')).statusCode).toBe(200);
    for (const estado of ['confirmado', 'despachado', 'entregado', 'rechazado'])
      expect(await mover(b, 'otroProveedor', estado, 'x'), estado).toMatchObject({
        statusCode: 409,
        body: JSON.stringify({ detail: 'El pedido ya fue anulado.' }),
      });
    expect((await eventosDe(b)).map((e) => e.estado)).toEqual(['pendiente', 'anulado']);
  });

  it('a rejection needs a reason of up to 500 characters; the buyer reads it in the e-mail', async () => {
    const o = await ordenDeDos();
    const id = o.pedidos[1]!.id;
    expect(await mover(id, 'otroProveedor', 'rechazado')).toMatchObject({ statusCode: 400, body: JSON.stringify({ motivo: [MOTIVO_OBLIGATORIO] }) });
    expect((await mover(id, 'otroProveedor', 'rechazado', 'x'.repeat(501))).statusCode).toBe(400);
    const res = await mover(id, 'otroProveedor', 'rechazado', 'No despachamos a esa comuna esta semana.');
    expect(res.statusCode).toBe(200);
    expect(res.json().eventos.at(-1)).toMatchObject({ estado: 'rechazado', motivo: 'No despachamos a esa comuna esta semana.' });
    const [correo] = await correosPara(ctx.t, ROLES.comprador);
    expect(correo!.asunto).toBe(`Tu pedido N° ${id} a ${o.pedidos[1]!.proveedor} fue rechazado`);
    expect(correo!.texto).toContain('Motivo: No despachamos a esa comuna esta semana.');
  });

  it('the rejection e-mail links to /cotizar filled with the pedido’s products and quantities', async () => {
    const o = await ordenDeDos();
    const id = o.pedidos[1]!.id;
    expect((await mover(id, 'otroProveedor', 'rechazado', 'Sin stock')).statusCode).toBe(200);
    const [correo] = await correosPara(ctx.t, ROLES.comprador);
    // Only the rejected pedido's lines: its product, 100 kg.
    const enlace = `/cotizar?repetir=${o.productos[1]}-100`;
    expect(correo!.texto).toMatch(new RegExp(`Cotiza estos mismos productos con los demás proveedores: http://\\S+${enlace.replace('?', '\\?')}\n`));
    expect(correo!.html).toMatch(new RegExp(`href="http://[^"]+${enlace.replace('?', '\\?')}">Cotizar de nuevo</a>`));
    expect(correo!.texto).not.toContain(`repetir=${o.productos[0]}-`);
    // A confirmation carries no such link.
    expect((await mover(o.pedidos[0]!.id, 'proveedor', 'confirmado')).statusCode).toBe(200);
    expect((await correosPara(ctx.t, ROLES.comprador))[0]!.texto).not.toContain('/cotizar?');
  });

  it('each line of an order names its product, for quoting it again', async () => {
    const o = await ordenDeDos();
    const detalle = (await get(`/api/ordenes/${o.orden_id}/`, 'comprador')).json();
    expect(detalle.pedidos.map((p: { lineas: Array<{ producto: number }> }) => p.lineas.map((l) => l.producto))).toEqual([[o.productos[0]], [o.productos[1]]]);
  });

  it('two changes racing on one pedido: one wins, one event, one e-mail', async () => {
    const o = await ordenDeDos();
    const id = o.pedidos[0]!.id;
    const antes = (await correosPara(ctx.t, ROLES.comprador)).length;
    const [x, y] = await Promise.all([mover(id, 'proveedor', 'confirmado'), mover(id, 'comprador', 'anulado')]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect(await eventosDe(id)).toHaveLength(2);
    expect(await correosPara(ctx.t, ROLES.comprador)).toHaveLength(antes + 1);
  });
});

describe('the tracking link keeps the buyer private', () => {
  const seguir = (token: string) => ctx.t.request({ method: 'GET', url: `/api/seguimiento/${token}/` });
  const tokenDelCorreo = (texto: string) => texto.match(/\/seguimiento\/([A-Za-z0-9_-]{43})/)?.[1];

  it("GET /api/seguimiento/{token}/: each pedido state first, then its day, comuna and lines; no RUT, name, street, phone, e-mail or payment, all still on the owner's /api/ordenes/{id}/", async () => {
    const o = await createOrden(
      ctx.t,
      [
        { proveedorId: ids.proveedor, tarifa: 5000, lotes: [[500, LEJOS]], cantidad: 100 },
        { proveedorId: ids.otroProveedor, tarifa: 3000, lotes: [[300, LEJOS]], cantidad: 100 },
      ],
      ctx.tokens.comprador,
      FACTURACION,
    );
    const propia = await get(`/api/ordenes/${o.orden_id}/`, 'comprador');
    expect(propia.statusCode).toBe(200);
    const { entrega, facturacion, comprador } = propia.json();
    const privados: string[] = [
      facturacion.rut_facturacion,
      facturacion.razon_social,
      facturacion.giro_comercial,
      facturacion.direccion_facturacion,
      facturacion.telefono_facturacion,
      facturacion.email_facturacion,
      facturacion.metodo_pago_nombre,
      entrega.nombre_contacto,
      entrega.direccion_envio,
      entrega.telefono_contacto,
      entrega.correo_contacto,
      comprador,
    ];
    // The values of the order as placed: the owner's answer has every one of them.
    expect(privados).toEqual(
      expect.arrayContaining(['76.086.428-5', 'Comercial Los Andes SpA', 'Av. Providencia 1234', 'cocina@prueba.cl', 'facturas@prueba.cl']),
    );
    for (const valor of privados) expect(valor.length, 'a value of the order').toBeGreaterThan(0);

    const res = await seguir(o.seguimiento);
    expect(res.statusCode).toBe(200);
    for (const valor of privados) expect(res.body, valor).not.toContain(valor);
    expect(res.body).not.toContain(ROLES.comprador);
    const seguimiento = res.json();
    expect(Object.keys(seguimiento)).toEqual(['id', 'creado_en', 'total', 'neto', 'iva', 'total_con_iva', 'pedidos']);
    expect(seguimiento).toMatchObject({ id: o.orden_id, total: 800_000 });
    for (const [i, p] of seguimiento.pedidos.entries()) {
      expect(Object.keys(p)).toEqual([
        'estado',
        'fecha_entrega',
        'comuna_nombre',
        'id',
        'proveedor',
        'lineas',
        'costo_despacho',
        'total',
        'parcial',
        'neto',
        'iva',
        'total_con_iva',
        'eventos',
      ]);
      expect(p).toMatchObject({
        estado: 'pendiente',
        fecha_entrega: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        comuna_nombre: entrega.comuna_nombre,
        id: o.pedidos[i]!.id,
        lineas: [{ cantidad: 100, unidad: 'KILO' }],
        eventos: [{ estado: 'pendiente' }],
      });
    }
  });

  it("every status e-mail to an account (and its receipt) greets the account's first name, not the delivery contact, and carries a working tracking link and its order page", async () => {
    const [cuenta] = await db().select({ first_name: usuario.first_name }).from(usuario).where(eq(usuario.email, ROLES.comprador));
    const antes = (await correosPara(ctx.t, ROLES.comprador)).length;
    const a = await ordenDeDos();
    const b = await ordenDeDos();
    const pasos: Array<[number, RoleName, string, string?]> = [
      [a.pedidos[0]!.id, 'proveedor', 'confirmado'],
      [a.pedidos[0]!.id, 'proveedor', 'despachado'],
      [a.pedidos[0]!.id, 'proveedor', 'entregado'],
      [a.pedidos[1]!.id, 'otroProveedor', 'rechazado', 'Sin stock'],
      [b.pedidos[0]!.id, 'comprador', 'anulado'],
    ];
    for (const [id, role, estado, motivo] of pasos) expect((await mover(id, role, estado, motivo)).statusCode, estado).toBe(200);
    const todos = await correosPara(ctx.t, ROLES.comprador);
    const correos = todos.slice(0, todos.length - antes).filter((c) => c.asunto.startsWith('Tu pedido'));
    // The receipt too greets the account, not its delivery contact ('Cocina Central').
    const recibo = todos.find((c) => c.asunto === `Recibimos tu orden N° ${a.orden_id}`)!;
    expect(recibo.texto.startsWith(`Hola ${cuenta!.first_name}:`)).toBe(true);
    expect(correos.map((c) => c.asunto.split(' ').at(-1))).toEqual(['anulado', 'rechazado', 'entregado', 'despachado', 'confirmado']);
    for (const c of correos) {
      const ordenId = c.asunto.includes(`N° ${b.pedidos[0]!.id} `) ? b.orden_id : a.orden_id;
      expect(c.texto.startsWith(`Hola ${cuenta!.first_name}:`), c.asunto).toBe(true);
      expect(c.texto).not.toContain('Cocina Central');
      const token = tokenDelCorreo(c.texto);
      expect(token, c.asunto).toBeDefined();
      expect(c.html).toContain(`/seguimiento/${token}`);
      expect(c.texto).toContain(`/ordenes/${ordenId}`);
      const res = await seguir(token!);
      expect(res.statusCode, c.asunto).toBe(200);
      expect(res.json().id).toBe(ordenId);
    }
  });

  it('an order without an account: each status e-mail to its contact greets the contact and carries the tracking link, not the home page', async () => {
    const o = await createOrden(ctx.t, [{ proveedorId: ids.proveedor, tarifa: 5000, lotes: [[500, LEJOS]], cantidad: 100 }]);
    const para = uniqueEmail('sin-cuenta');
    await db().update(orden).set({ nombre_contacto: 'Marta Soto', correo_comprador: para }).where(eq(orden.id, o.orden_id));
    const id = o.pedidos[0]!.id;
    for (const estado of ['confirmado', 'despachado']) expect((await mover(id, 'proveedor', estado)).statusCode).toBe(200);
    const correos = await correosPara(ctx.t, para);
    expect(correos.map((c) => c.asunto)).toEqual(['despachado', 'confirmado'].map((e) => `Tu pedido N° ${id} a ${o.pedidos[0]!.proveedor} fue ${e}`));
    for (const c of correos) {
      expect(c.texto.startsWith('Hola Marta Soto:')).toBe(true);
      expect(c.texto).not.toContain('/ordenes/');
      const token = tokenDelCorreo(c.texto);
      expect(token).toBeDefined();
      // Not the receipt's token (kept only as a hash): a signed one, that opens the same order.
      expect(token).not.toBe(o.seguimiento);
      expect((await seguir(token!)).json()).toMatchObject({ id: o.orden_id, pedidos: [{ id }] });
    }
  });

  it("a signed link made without the server's secret, or altered, opens nothing", async () => {
    const o = await ordenDeDos();
    const ajena = createFirmaSeguimiento('otro-secreto-de-al-menos-treinta-y-dos-caracteres').token(o.orden_id);
    expect((await seguir(ajena)).statusCode).toBe(404);
    await mover(o.pedidos[0]!.id, 'proveedor', 'confirmado');
    const [correo] = await correosPara(ctx.t, ROLES.comprador);
    const token = tokenDelCorreo(correo!.texto)!;
    expect((await seguir(token)).statusCode).toBe(200);
    for (const i of [0, 10, 42]) {
      const cambiado = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      expect((await seguir(cambiado)).statusCode, cambiado).toBe(404);
    }
  });
});

describe('a rejected or annulled pedido gives back exactly what it took', () => {
  /** Two lots of one offer: 60 kg expiring first and 500 later; an order of 100 kg takes 60 + 40. */
  async function ordenDeDosLotes() {
    const o = await createOrden(
      ctx.t,
      [
        {
          proveedorId: ids.proveedor,
          tarifa: 5000,
          lotes: [
            [60, '2099-03-01'],
            [500, LEJOS],
          ],
          cantidad: 100,
        },
      ],
      ctx.tokens.comprador,
    );
    return { ...o, pedidoId: o.pedidos[0]!.id, ofertaId: o.ofertas[0]! };
  }

  it('to each lot it came from, rejected by the supplier or annulled by the buyer', async () => {
    for (const [role, estado] of [
      ['proveedor', 'rechazado'],
      ['comprador', 'anulado'],
    ] as const) {
      const o = await ordenDeDosLotes();
      expect((await lotesDe(o.ofertaId)).map((l) => l.cantidad)).toEqual([0, 460]);
      expect((await mover(o.pedidoId, role, estado, 'No alcanza el camión')).statusCode).toBe(200);
      expect((await lotesDe(o.ofertaId)).map((l) => l.cantidad)).toEqual([60, 500]);
      // Once: the state does not move again, so the stock is not given twice.
      await mover(o.pedidoId, role, estado, 'No alcanza el camión');
      expect((await lotesDe(o.ofertaId)).map((l) => l.cantidad)).toEqual([60, 500]);
    }
  });

  it('also when the lots changed since, the offer was archived, or a lot was deleted (recreated with its expiry)', async () => {
    const o = await ordenDeDosLotes();
    const [primero, segundo] = await lotesDe(o.ofertaId);
    await db().update(lote).set({ cantidad: 700 }).where(eq(lote.id, segundo!.id));
    await db().delete(lote).where(eq(lote.id, primero!.id));
    await archiveProveedorProducto(db(), ids.proveedor, o.ofertaId);
    expect((await mover(o.pedidoId, 'proveedor', 'confirmado')).statusCode).toBe(200);
    expect((await mover(o.pedidoId, 'proveedor', 'rechazado', 'Producto dañado en bodega')).statusCode).toBe(200);
    expect(await lotesDe(o.ofertaId)).toEqual([
      { id: segundo!.id, cantidad: 740, fecha_expiracion: LEJOS },
      { id: expect.any(Number), cantidad: 60, fecha_expiracion: '2099-03-01' },
    ]);
  });

  it('and the next comparison offers it again', async () => {
    const o = await createOrden(ctx.t, [{ proveedorId: ids.proveedor, tarifa: 5000, lotes: [[100, LEJOS]], cantidad: 100 }], ctx.tokens.comprador);
    const productos = [{ producto: o.productos[0], cantidad: 100 }];
    const comparar = async () => {
      const s = await ctx.t.request({ method: 'POST', url: '/api/cotizaciones/crear-solicitud/', token: ctx.tokens.comprador, payload: { productos } });
      const res = await ctx.t.request({
        method: 'POST',
        url: '/api/cotizaciones/comparar-precios/',
        token: ctx.tokens.comprador,
        payload: { productos, solicitudId: s.json().id },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().resultados[0];
    };
    expect((await comparar()).opciones_seleccionadas).toEqual([]);
    expect((await mover(o.pedidos[0]!.id, 'comprador', 'anulado')).statusCode).toBe(200);
    expect((await comparar()).opciones_seleccionadas).toMatchObject([{ proveedor_producto_id: o.ofertas[0], stock_disponible: 100 }]);
  });
});

describe('GET /api/pedidos/ filters', () => {
  it('by estado, by the buyer name or a number, newest first, paged by 20', async () => {
    const o = await ordenDeDos();
    const id = o.pedidos[0]!.id;
    await mover(id, 'proveedor', 'confirmado');
    const url = (q: string) => get(`/api/pedidos/?${q}`, 'proveedor');
    const confirmados = (await url('estado=confirmado')).json();
    expect(confirmados.results.every((p: { estado: string }) => p.estado === 'confirmado')).toBe(true);
    expect(confirmados.results[0]).toMatchObject({ id, orden_id: o.orden_id, comprador: 'Restaurante El Parrón SpA', total: 500_000, lineas: 1 });
    expect((await url('estado=pendiente')).json().results.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await url('q=parron')).json().results[0].id).toBe(id);
    // A number is a pedido's or an order's: this order's pedido, and at most a pedido of that number.
    const porNumero: Array<{ id: number; orden_id: number }> = (await url(`q=${o.orden_id}`)).json().results;
    expect(porNumero.map((p) => p.id)).toContain(id);
    for (const p of porNumero) expect(p.orden_id === o.orden_id || p.id === o.orden_id).toBe(true);
    expect((await url('q=nadie-con-este-nombre')).json()).toEqual({ count: 0, results: [] });
    const todos = (await url('page=1')).json();
    expect(todos.results.length).toBeLessThanOrEqual(20);
    expect(todos.results.map((p: { id: number }) => p.id)).toEqual([...todos.results.map((p: { id: number }) => p.id)].sort((a, b) => b - a));
    expect((await url(`page=${Math.ceil(todos.count / 20) + 1}`)).json().results).toEqual([]);
    for (const q of ['estado=perdido', 'page=0', 'page=abc', `q=${'x'.repeat(101)}`]) expect((await url(q)).statusCode, q).toBe(400);
  });

  it('finds the buyer by name without its accents, every letter foldForSearch folds, and takes symbols as they are', async () => {
    const o = await ordenDeDos();
    const id = o.pedidos[0]!.id;
    await db().update(orden).set({ comprador: 'Comercial Gonçalves & Hijos Ltda. (100% Ñuble)' }).where(eq(orden.id, o.orden_id));
    const buscar = async (q: string) =>
      ((await get(`/api/pedidos/?q=${encodeURIComponent(q)}`, 'proveedor')).json().results as Array<{ id: number }>).map((p) => p.id);
    for (const q of ['goncalves', 'GONÇALVES', 'gonçalves & hijos', 'ltda. (100% nuble)', 'ÑUBLE']) expect(await buscar(q), q).toContain(id);
    // '%', '_' and '.' are the characters themselves, not patterns.
    for (const q of ['gon%alves', 'gon_alves', 'ltda.x', 'hijos.ltda']) expect(await buscar(q), q).not.toContain(id);
  });
});

describe('the outbox', () => {
  it('a message claimed by one process is not claimed by another while its lease lasts', async () => {
    // Already tried more often than the app's own mailer retries (it runs beside this test and would
    // claim a fresh message first); these passes allow more tries.
    const [fila] = await db()
      .insert(correoSaliente)
      .values({ para: 'lease@prueba.cl', asunto: 'Prueba', texto: 'Prueba', html: '<p>Prueba</p>', intentos: 50 })
      .returning({ id: correoSaliente.id });
    const primero = await claimCorreo(db(), fila!.id - 1, 100);
    expect(primero?.id).toBe(fila!.id);
    // Another process's pass, over the same rows: the message is taken.
    expect((await claimCorreo(db(), fila!.id - 1, 100))?.id).not.toBe(fila!.id);
    // Its lease run out (the claimer died before sending): it is claimed again.
    await db()
      .update(correoSaliente)
      .set({ reclamado_hasta: new Date(Date.now() - 1000) })
      .where(eq(correoSaliente.id, fila!.id));
    expect((await claimCorreo(db(), fila!.id - 1, 100))?.id).toBe(fila!.id);
  });
});
