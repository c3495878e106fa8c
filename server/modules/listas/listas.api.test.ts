import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMASIADAS_FILAS, MAX_FILAS_COTIZACION, mensajesFila, SIN_PRODUCTOS } from '#common/schemas/cotizaciones';
import {
  DEMASIADAS_LISTAS,
  LISTA_NO_ENCONTRADA,
  listaNombreRepetido,
  MAX_LISTAS,
  NOMBRE_LISTA_LARGO,
  NOMBRE_LISTA_REQUERIDO,
  NOMBRE_LISTA_UNA_LINEA,
  RECORDATORIO_DIA_INVALIDO,
  RECORDATORIO_HORA_INVALIDA,
} from '#common/schemas/listas';
import { producto } from '#server/db/schema/catalogo';
import { lista } from '#server/db/schema/listas';
import { createProductoDePrueba } from '#server/test/ofertas';
import type { RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';
import { isNombreTomado } from './listas.service';

/** A buyer's lists: who may, ownership, the quotation's rules, the name and the caps (docs/producto.md §16). */
const ctx = setupTestApp({ roleTokens: true });
let otroComprador: TestUser;
let minimo: number;
let a: { id: number; categoria_id: number };
let b: { id: number; categoria_id: number };

beforeAll(async () => {
  otroComprador = await createUser(ctx.t, 'comprador');
  a = await createProductoDePrueba(ctx.t.database.db);
  b = await createProductoDePrueba(ctx.t.database.db, { unidadNombre: 'CAJA' });
  const rangos: Array<{ categoria: number; limite_inferior: number }> = (await ctx.t.request({ method: 'GET', url: '/api/productos/rangosprecios/' })).json();
  minimo = Math.min(...rangos.filter((r) => r.categoria === a.categoria_id).map((r) => r.limite_inferior));
});

type Quien = RoleName | 'otroComprador' | TestUser;
const tokenDe = (q: Quien) => (typeof q === 'object' ? q.access : q === 'otroComprador' ? otroComprador.access : ctx.tokens[q]);
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, quien: Quien, payload?: unknown) =>
  ctx.t.request({ method, url, token: tokenDe(quien), ...(payload === undefined ? {} : { payload: payload as object }) });

let n = 0;
const nombreNuevo = () => `Semana ${process.pid}-${n++}`;
const cuerpo = (extra: Record<string, unknown> = {}) => ({ nombre: nombreNuevo(), productos: [{ producto: a.id, cantidad: minimo }], ...extra });
async function crear(quien: Quien = 'comprador', body: Record<string, unknown> = cuerpo()) {
  const res = await call('POST', '/api/listas/', quien, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('who may (buyers only; another buyer’s list is a 404)', () => {
  it('GET and POST /api/listas/: anonymous 401, supplier and moderator 403', async () => {
    for (const [role, status] of [
      ['anonimo', 401],
      ['proveedor', 403],
      ['otroProveedor', 403],
      ['moderador', 403],
    ] as const) {
      expect((await call('GET', '/api/listas/', role)).statusCode, role).toBe(status);
      const post = await call('POST', '/api/listas/', role, cuerpo());
      expect(post.statusCode, role).toBe(status);
      if (status === 403) expect(post.json()).toEqual({ detail: 'No tienes permiso para realizar esta acción.' });
    }
    expect((await call('GET', '/api/listas/', 'comprador')).statusCode).toBe(200);
  });

  it('GET/PUT/DELETE /api/listas/{id}/: the owner; another buyer 404; others 401/403', async () => {
    const l = await crear();
    const url = `/api/listas/${l.id}/`;
    const esperado: Array<[Quien, number]> = [
      ['anonimo', 401],
      ['otroComprador', 404],
      ['proveedor', 403],
      ['otroProveedor', 403],
      ['moderador', 403],
    ];
    for (const [quien, status] of esperado) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(method, url, quien, method === 'PUT' ? cuerpo() : undefined);
        expect(res.statusCode, `${method} ${quien}`).toBe(status);
        if (status === 404) expect(res.json()).toEqual({ detail: LISTA_NO_ENCONTRADA });
      }
    }
    // Nothing of it changed, and another buyer's GET /api/listas/ does not show it.
    expect((await call('GET', url, 'comprador')).json()).toEqual(l);
    expect((await call('GET', '/api/listas/', 'otroComprador')).json().map((x: { id: number }) => x.id)).not.toContain(l.id);
    expect((await call('GET', '/api/listas/999999999/', 'comprador')).statusCode).toBe(404);
  });
});

describe('create, read, replace, delete', () => {
  it('POST answers 201 with the products’ names, category, unit and disponible; GET lists the newest first', async () => {
    const comprador = await createUser(ctx.t, 'comprador');
    const primera = await crear(comprador, {
      nombre: 'Semana',
      productos: [
        { producto: b.id, cantidad: minimo },
        { producto: a.id, cantidad: minimo + 5 },
      ],
    });
    const [pa] = await ctx.t.database.db.select({ nombre: producto.nombre }).from(producto).where(eq(producto.id, a.id));
    expect(primera).toMatchObject({
      nombre: 'Semana',
      recordatorio: null,
      productos: [
        { producto: b.id, cantidad: minimo, unidad: 'CAJA', disponible: true },
        { producto: a.id, cantidad: minimo + 5, nombre: pa!.nombre, unidad: 'KILO', categoria: expect.any(String), disponible: true },
      ],
    });
    const segunda = await crear(comprador, cuerpo({ recordatorio: { dia: 1, hora: '08:00' } }));
    expect(segunda.recordatorio).toEqual({ dia: 1, hora: '08:00' });
    const todas = (await call('GET', '/api/listas/', comprador)).json();
    expect(todas.map((x: { id: number }) => x.id)).toEqual([segunda.id, primera.id]);
    expect(todas[1]).toEqual(primera);
  });

  it('PUT replaces name, products (in the order sent) and the reminder', async () => {
    const l = await crear('comprador', cuerpo({ recordatorio: { dia: 3, hora: '07:30' } }));
    const res = await call('PUT', `/api/listas/${l.id}/`, 'comprador', {
      nombre: 'Fin de semana',
      productos: [
        { producto: b.id, cantidad: minimo + 1 },
        { producto: a.id, cantidad: minimo + 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: l.id,
      nombre: 'Fin de semana',
      recordatorio: null,
      productos: [
        { producto: b.id, cantidad: minimo + 1 },
        { producto: a.id, cantidad: minimo + 2 },
      ],
    });
    const otra = await call('PUT', `/api/listas/${l.id}/`, 'comprador', {
      nombre: 'Fin de semana',
      productos: [{ producto: a.id, cantidad: minimo }],
      recordatorio: { dia: 7, hora: '23:59' },
    });
    expect(otra.json()).toMatchObject({ productos: [{ producto: a.id, cantidad: minimo }], recordatorio: { dia: 7, hora: '23:59' } });
    const [fila] = await ctx.t.database.db
      .select({ dia: lista.recordatorio_dia, hora: sql<string>`${lista.recordatorio_hora}::text` })
      .from(lista)
      .where(eq(lista.id, l.id));
    expect(fila).toEqual({ dia: 7, hora: '23:59:00' });
  });

  it('DELETE answers 204, then GET is a 404 and the list is gone from GET /api/listas/', async () => {
    const l = await crear();
    expect((await call('DELETE', `/api/listas/${l.id}/`, 'comprador')).statusCode).toBe(204);
    expect((await call('GET', `/api/listas/${l.id}/`, 'comprador')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/listas/${l.id}/`, 'comprador')).statusCode).toBe(404);
    expect((await call('GET', '/api/listas/', 'comprador')).json().map((x: { id: number }) => x.id)).not.toContain(l.id);
  });

  it('a product archived since stays on the list with disponible false, and a PUT may keep it but not add another one', async () => {
    const db = ctx.t.database.db;
    const p = await createProductoDePrueba(db);
    const l = await crear(
      'comprador',
      cuerpo({
        productos: [
          { producto: a.id, cantidad: minimo },
          { producto: p.id, cantidad: minimo },
        ],
      }),
    );
    await db.update(producto).set({ archivado_en: sql`now()` }).where(eq(producto.id, p.id));
    const leida = (await call('GET', `/api/listas/${l.id}/`, 'comprador')).json();
    expect(leida.productos.map((x: { producto: number; disponible: boolean }) => [x.producto, x.disponible])).toEqual([
      [a.id, true],
      [p.id, false],
    ]);
    // Editing the other line's quantity keeps the archived one.
    const editada = await call('PUT', `/api/listas/${l.id}/`, 'comprador', {
      nombre: l.nombre,
      productos: [
        { producto: a.id, cantidad: minimo + 1 },
        { producto: p.id, cantidad: minimo },
      ],
    });
    expect(editada.statusCode, editada.body).toBe(200);
    expect(editada.json().productos[1]).toMatchObject({ producto: p.id, disponible: false });
    // A list that never had it cannot take it.
    const otra = await crear();
    const res = await call('PUT', `/api/listas/${otra.id}/`, 'comprador', { nombre: otra.nombre, productos: [{ producto: p.id, cantidad: minimo }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().productos[0]).toMatch(/^Fila 1: El producto ".*" ya no está disponible para cotizar\.$/);
  });
});

describe('the quotation’s rules and messages, and nothing written', () => {
  const erroresDe = async (body: unknown, method: 'POST' | 'PUT' = 'POST', url = '/api/listas/') => {
    const res = await call(method, url, 'comprador', body);
    expect(res.statusCode, res.body).toBe(400);
    return res.json();
  };

  it('refuses each bad name', async () => {
    const productos = [{ producto: a.id, cantidad: minimo }];
    expect(await erroresDe({ productos })).toEqual({ nombre: [NOMBRE_LISTA_REQUERIDO] });
    expect(await erroresDe({ nombre: '   ', productos })).toEqual({ nombre: [NOMBRE_LISTA_REQUERIDO] });
    expect(await erroresDe({ nombre: 'x'.repeat(101), productos })).toEqual({ nombre: [NOMBRE_LISTA_LARGO] });
    expect(await erroresDe({ nombre: 'Semana\nuno', productos })).toEqual({ nombre: [NOMBRE_LISTA_UNA_LINEA] });
  });

  it('refuses each bad product line with its row, as a quotation does', async () => {
    const nombre = nombreNuevo();
    expect(await erroresDe({ nombre, productos: [] })).toEqual({ productos: [SIN_PRODUCTOS] });
    const muchas = Array.from({ length: MAX_FILAS_COTIZACION + 1 }, (_, i) => ({ producto: i + 1, cantidad: minimo }));
    expect(await erroresDe({ nombre, productos: muchas })).toEqual({ productos: [DEMASIADAS_FILAS] });
    expect(await erroresDe({ nombre, productos: [{ producto: a.id, cantidad: 1.5 }] })).toEqual({ productos: [mensajesFila.cantidadEntera(1)] });
    expect(await erroresDe({ nombre, productos: [{ producto: a.id, cantidad: 10000 }] })).toEqual({ productos: [mensajesFila.cantidadMaxima(1)] });
    expect(await erroresDe({ nombre, productos: [{ producto: a.id, cantidad: 0 }] })).toEqual({ productos: [mensajesFila.cantidadPositiva(1)] });
    expect(await erroresDe({ nombre, productos: [{ cantidad: minimo }] })).toEqual({ productos: [mensajesFila.incompleto(1, 'producto')] });
    const [pa] = await ctx.t.database.db.select({ nombre: producto.nombre }).from(producto).where(eq(producto.id, a.id));
    expect(
      await erroresDe({
        nombre,
        productos: [
          { producto: a.id, cantidad: minimo },
          { producto: 999999999, cantidad: minimo },
          { producto: a.id, cantidad: minimo },
          { producto: b.id, cantidad: minimo - 1 },
        ],
      }),
    ).toEqual({
      productos: [mensajesFila.productoInexistente(2, 999999999), mensajesFila.productoRepetido(3, pa!.nombre), mensajesFila.cantidadMinima(4, minimo, 'CAJA')],
    });
    const pendiente = await createProductoDePrueba(ctx.t.database.db, { estado: 'pendiente' });
    expect((await erroresDe({ nombre, productos: [{ producto: pendiente.id, cantidad: minimo }] })).productos[0]).toMatch(
      /^Fila 1: .* ya no está disponible para cotizar\.$/,
    );
    expect((await call('GET', '/api/listas/', 'comprador')).json().map((l: { nombre: string }) => l.nombre)).not.toContain(nombre);
  });

  it('refuses a bad reminder', async () => {
    expect(await erroresDe(cuerpo({ recordatorio: { dia: 0, hora: '08:00' } }))).toEqual({ recordatorio: [RECORDATORIO_DIA_INVALIDO] });
    expect(await erroresDe(cuerpo({ recordatorio: { dia: 8, hora: '08:00' } }))).toEqual({ recordatorio: [RECORDATORIO_DIA_INVALIDO] });
    expect(await erroresDe(cuerpo({ recordatorio: { dia: 1, hora: '24:00' } }))).toEqual({ recordatorio: [RECORDATORIO_HORA_INVALIDA] });
    expect(await erroresDe(cuerpo({ recordatorio: { dia: 1, hora: '8:00' } }))).toEqual({ recordatorio: [RECORDATORIO_HORA_INVALIDA] });
  });

  it('a PUT with bad data changes nothing', async () => {
    const l = await crear();
    await erroresDe({ nombre: 'Otra', productos: [{ producto: a.id, cantidad: minimo - 1 }] }, 'PUT', `/api/listas/${l.id}/`);
    expect((await call('GET', `/api/listas/${l.id}/`, 'comprador')).json()).toEqual(l);
  });
});

describe('a name is the account’s own, whatever its case', () => {
  it('refuses a name another list of the account has (any case), on POST and on PUT; another account may use it', async () => {
    const comprador = await createUser(ctx.t, 'comprador');
    const semana = await crear(comprador, cuerpo({ nombre: 'Semana' }));
    const res = await call('POST', '/api/listas/', comprador, cuerpo({ nombre: 'SEMANA' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ nombre: [listaNombreRepetido('SEMANA')] });
    const otra = await crear(comprador, cuerpo({ nombre: 'Mes' }));
    const put = await call('PUT', `/api/listas/${otra.id}/`, comprador, cuerpo({ nombre: 'semana' }));
    expect(put.json()).toEqual({ nombre: [listaNombreRepetido('semana')] });
    // Its own name, in another case, is a rename.
    expect((await call('PUT', `/api/listas/${semana.id}/`, comprador, cuerpo({ nombre: 'SEMANA' }))).json().nombre).toBe('SEMANA');
    await crear(otroComprador, cuerpo({ nombre: 'Semana' }));
  });

  it('two POSTs of one name at once: one 201, one 400 with the message, never a 500', async () => {
    const comprador = await createUser(ctx.t, 'comprador');
    const body = cuerpo({ nombre: 'Carrera' });
    const res = await Promise.all([call('POST', '/api/listas/', comprador, body), call('POST', '/api/listas/', comprador, { ...body, nombre: 'carrera' })]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const rechazada = res.find((r) => r.statusCode === 400)!;
    expect(rechazada.json().nombre[0]).toMatch(/^Ya tienes una lista llamada «(Carrera|carrera)»\.$/);
    expect((await call('GET', '/api/listas/', comprador)).json()).toHaveLength(1);
  });

  it('the index backs the name under a race the check missed: its violation is recognised as the name’s (the same 400)', async () => {
    // Written straight to the table, as a concurrent transaction would between the check and the insert.
    const comprador = await createUser(ctx.t, 'comprador');
    await crear(comprador, cuerpo({ nombre: 'Uno' }));
    const error = await ctx.t.database.db
      .insert(lista)
      .values({ usuario_id: comprador.id, nombre: 'UNO' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isNombreTomado(error)).toBe(true);
    const otra = await ctx.t.database.db
      .insert(lista)
      .values({ usuario_id: comprador.id, nombre: 'Dos', recordatorio_dia: 1 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(otra).toBeDefined();
    expect(isNombreTomado(otra)).toBe(false);
  });
});

describe('caps', () => {
  it(`at most ${MAX_LISTAS} lists per account: the next is a 400 in Spanish`, async () => {
    const comprador = await createUser(ctx.t, 'comprador');
    await ctx.t.database.db.insert(lista).values(Array.from({ length: MAX_LISTAS }, (_, i) => ({ usuario_id: comprador.id, nombre: `Lista ${i}` })));
    const res = await call('POST', '/api/listas/', comprador, cuerpo());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [DEMASIADAS_LISTAS] });
    expect((await call('GET', '/api/listas/', comprador)).json()).toHaveLength(MAX_LISTAS);
  });

  it(`${MAX_FILAS_COTIZACION} products fit`, async () => {
    const db = ctx.t.database.db;
    const productos = [];
    for (let i = 0; i < MAX_FILAS_COTIZACION; i++) productos.push({ producto: (await createProductoDePrueba(db)).id, cantidad: minimo });
    const l = await crear('comprador', { nombre: nombreNuevo(), productos });
    expect(l.productos).toHaveLength(MAX_FILAS_COTIZACION);
  });
});
