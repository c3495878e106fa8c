import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CLAVE_COTIZACION_HEADER,
  DEMASIADAS_FILAS,
  FECHA_PASADA,
  MAX_FILAS_COTIZACION,
  MISMO_DIA_DESPUES_DE_MEDIODIA,
  SIN_PRODUCTOS,
} from '#common/schemas/cotizaciones';
import { CORREO_INVALIDO } from '#common/schemas/direcciones';
import { producto } from '#server/db/schema/catalogo';
import { cotizante, solicitud, solicitudDetalle } from '#server/db/schema/cotizaciones';
import { AppError } from '#server/errors';
import { setupTestApp } from '#server/test/test-app';
import { createProductoDePrueba } from '#server/test/ofertas';
import { createUser } from '#server/test/users';
import { createCotizante } from './cotizaciones.service';

const ctx = setupTestApp();
const API = '/api/cotizaciones';

interface ProductoCatalogo {
  id: number;
  nombre: string;
  categoria: { nombre: string };
  origen: { descripcion: string };
  marca: { nombre: string };
  unidad: { descripcion: string };
}
let aprobados: ProductoCatalogo[];
let archivado: { id: number; nombre: string };
let pendiente: { id: number; nombre: string };

const crearSolicitud = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.t.request({ method: 'POST', url: `${API}/crear-solicitud/`, payload: payload as object, headers });
const erroresDe = async (payload: unknown) => {
  const res = await crearSolicitud(payload);
  expect(res.statusCode, res.body).toBe(400);
  return res.json();
};
const filas = (...f: Array<[number, unknown]>) => ({ productos: f.map(([p, cantidad]) => ({ producto: p, cantidad })) });

const entrega = (over: Record<string, unknown> = {}) => ({
  fecha_entrega: '2099-01-15',
  nombre_contacto: 'Cocina Central',
  correo_contacto: 'cocina@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Providencia 1234, oficina 5',
  region: 13,
  comuna: 13123,
  ...over,
});

const conteos = async () => {
  const { db } = ctx.t.database;
  const [[s], [d], [c]] = await Promise.all([
    db.select({ n: count() }).from(solicitud),
    db.select({ n: count() }).from(solicitudDetalle),
    db.select({ n: count() }).from(cotizante),
  ]);
  return [s!.n, d!.n, c!.n];
};

beforeAll(async () => {
  const { db } = ctx.t.database;
  const catalogo = (await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/' })).json();
  aprobados = catalogo.productos.slice(0, 4);
  const { id } = await createProductoDePrueba(db, { archivado: true });
  const [a] = await db.select({ id: producto.id, nombre: producto.nombre }).from(producto).where(eq(producto.id, id));
  archivado = a!;
  const [p] = await db.select({ id: producto.id, nombre: producto.nombre }).from(producto).where(eq(producto.estado_moderacion, 'pendiente')).limit(1);
  pendiente = p!;
});

describe('crear-solicitud', () => {
  it('creates an anonymous request with its rows named from the catalogue and a clave to hold it', async () => {
    const [a, b] = aprobados;
    const res = await crearSolicitud(filas([a!.id, 100], [b!.id, '250']));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.clave).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Number.isNaN(Date.parse(body.fecha_creacion))).toBe(false);
    // docs/producto.md §7 'returns solicitud and detalles': the request under that name too.
    expect(body.solicitud).toEqual({ id: body.id, fecha_creacion: body.fecha_creacion });
    expect(body.detalles).toEqual([
      {
        producto_id: a!.id,
        cantidad: 100,
        categoria: a!.categoria.nombre,
        origen: a!.origen.descripcion,
        marca: a!.marca.nombre,
        producto_nombre: a!.nombre,
        unidad: a!.unidad.descripcion,
      },
      expect.objectContaining({ producto_id: b!.id, cantidad: 250 }),
    ]);
    // Only the clave's hash is stored.
    const [row] = await ctx.t.database.db.select().from(solicitud).where(eq(solicitud.id, body.id));
    expect(row!.clave_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.clave_hash).not.toContain(body.clave);
  });

  it('gives each request its own clave', async () => {
    const [x, y] = await Promise.all([crearSolicitud(filas([aprobados[0]!.id, 100])), crearSolicitud(filas([aprobados[0]!.id, 100]))]);
    expect(x.json().clave).not.toBe(y.json().clave);
  });

  it('refuses a request without products (docs/producto.md §5)', async () => {
    expect(await erroresDe({ productos: [] })).toEqual({ productos: [SIN_PRODUCTOS] });
    expect(await erroresDe({})).toEqual({ productos: [SIN_PRODUCTOS] });
    expect(await erroresDe({ productos: null })).toEqual({ productos: [SIN_PRODUCTOS] });
  });

  it('names the row and field of an incomplete row', async () => {
    const id = aprobados[0]!.id;
    expect(await erroresDe({ productos: [{ cantidad: 100 }] })).toEqual({ productos: ['Fila 1: El campo "Producto" está incompleto.'] });
    expect(
      await erroresDe({
        productos: [
          { producto: id, cantidad: 100 },
          { producto: aprobados[1]!.id, cantidad: '' },
        ],
      }),
    ).toEqual({
      productos: ['Fila 2: El campo "Cantidad" está incompleto.'],
    });
    expect(await erroresDe({ productos: ['x'] })).toEqual({ productos: ['Fila 1: La fila no tiene el formato esperado.'] });
    expect(await erroresDe({ productos: [{ producto: 'abc', cantidad: 100 }] })).toEqual({ productos: ['Fila 1: El producto seleccionado no es válido.'] });
  });

  it.each([
    [0, 'Fila 1: La cantidad debe ser un número positivo.'],
    [-5, 'Fila 1: La cantidad debe ser un número positivo.'],
    ['abc', 'Fila 1: La cantidad debe ser un número positivo.'],
    [1.5, 'Fila 1: La cantidad debe ser un número entero.'],
    [10_000, 'Fila 1: La cantidad máxima es 9999.'],
    [1e300, 'Fila 1: La cantidad máxima es 9999.'],
  ])('refuses the quantity %j', async (cantidad, mensaje) => {
    expect(await erroresDe(filas([aprobados[0]!.id, cantidad]))).toEqual({ productos: [mensaje] });
  });

  it('refuses a quantity under the lowest limit of the category’s price ranges, as rangosprecios answers it', async () => {
    const rangos: Array<{ categoria_nombre: string; limite_inferior: number }> = (
      await ctx.t.request({ method: 'GET', url: '/api/productos/rangosprecios/' })
    ).json();
    const p = aprobados[0]!;
    const minimo = Math.min(...rangos.filter((r) => r.categoria_nombre === p.categoria.nombre).map((r) => r.limite_inferior));
    expect(await erroresDe(filas([aprobados[1]!.id, 9999], [p.id, minimo - 1]))).toEqual({
      productos: [`Fila 2: La cantidad mínima debe ser de ${minimo} kg.`],
    });
    expect((await crearSolicitud(filas([p.id, minimo]))).statusCode).toBe(201);
  });

  it('refuses a product twice, an unknown, an archived and a not approved product, all rows at once and by name', async () => {
    const [a, b] = aprobados;
    const body = await erroresDe(filas([a!.id, 100], [b!.id, 100], [a!.id, 200], [999_999, 100], [archivado.id, 100], [pendiente.id, 100], [b!.id, 5]));
    expect(body).toEqual({
      productos: [
        `Fila 3: El producto "${a!.nombre}" ya está en otra fila de la cotización.`,
        'Fila 4: El producto 999999 no existe.',
        `Fila 5: El producto "${archivado.nombre}" ya no está disponible para cotizar.`,
        `Fila 6: El producto "${pendiente.nombre}" ya no está disponible para cotizar.`,
        `Fila 7: El producto "${b!.nombre}" ya está en otra fila de la cotización.`,
      ],
    });
  });

  it(`refuses more than ${MAX_FILAS_COTIZACION} rows`, async () => {
    const muchas = { productos: Array.from({ length: MAX_FILAS_COTIZACION + 1 }, (_, i) => ({ producto: i + 1, cantidad: 100 })) };
    expect(await erroresDe(muchas)).toEqual({ productos: [DEMASIADAS_FILAS] });
  });

  it('writes nothing when it refuses', async () => {
    const antes = await conteos();
    await erroresDe(filas([aprobados[0]!.id, 100], [archivado.id, 100]));
    await erroresDe(filas([aprobados[0]!.id, 0]));
    expect(await conteos()).toEqual(antes);
  });
});

describe('editar-solicitud', () => {
  it('replaces the rows of the request in one go', async () => {
    const [a, b, c] = aprobados;
    const creada = (await crearSolicitud(filas([a!.id, 100], [b!.id, 200]))).json();
    const headers = { [CLAVE_COTIZACION_HEADER]: creada.clave };
    const res = await ctx.t.request({ method: 'PUT', url: `${API}/editar-solicitud/${creada.id}/`, headers, payload: filas([c!.id, 300], [a!.id, 150]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: creada.id, clave: creada.clave, fecha_creacion: creada.fecha_creacion });
    expect(res.json().detalles.map((d: { producto_id: number; cantidad: number }) => [d.producto_id, d.cantidad])).toEqual([
      [c!.id, 300],
      [a!.id, 150],
    ]);
  });

  it('keeps the old rows when the new ones are refused', async () => {
    const [a, b] = aprobados;
    const creada = (await crearSolicitud(filas([a!.id, 100]))).json();
    const headers = { [CLAVE_COTIZACION_HEADER]: creada.clave };
    const res = await ctx.t.request({
      method: 'PUT',
      url: `${API}/editar-solicitud/${creada.id}/`,
      headers,
      payload: filas([b!.id, 100], [archivado.id, 100]),
    });
    expect(res.statusCode).toBe(400);
    const detalles = await ctx.t.database.db.select().from(solicitudDetalle).where(eq(solicitudDetalle.solicitud_id, creada.id));
    expect(detalles.map((d) => [d.producto_id, d.cantidad])).toEqual([[a!.id, 100]]);
  });

  it('answers 400 to an id that is not one', async () => {
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await ctx.t.request({ method: 'PUT', url: `${API}/editar-solicitud/${id}/`, payload: filas([aprobados[0]!.id, 100]) });
      expect(res.statusCode, id).toBe(400);
    }
  });
});

describe('crear-cotizante and editar-cotizante (docs/producto.md §5 Delivery data)', () => {
  let solicitudId: number;
  let headers: Record<string, string>;
  beforeAll(async () => {
    const creada = (await crearSolicitud(filas([aprobados[0]!.id, 100]))).json();
    solicitudId = creada.id;
    headers = { [CLAVE_COTIZACION_HEADER]: creada.clave };
  });
  const crear = (over: Record<string, unknown> = {}) =>
    ctx.t.request({ method: 'POST', url: `${API}/crear-cotizante/`, headers, payload: entrega({ solicitud_id: solicitudId, ...over }) });

  it('creates the delivery record with the names of región and comuna from the database', async () => {
    const res = await crear();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      cotizante_id: expect.any(Number),
      fecha_entrega: '2099-01-15',
      nombre_contacto: 'Cocina Central',
      correo_contacto: 'cocina@prueba.cl',
      telefono_contacto: '+56912345678',
      direccion_envio: 'Av. Providencia 1234, oficina 5',
      region: 13,
      comuna: 13123,
      region_nombre: 'Región Metropolitana de Santiago',
      comuna_nombre: 'Providencia',
      solicitud_id: solicitudId,
      clave: headers[CLAVE_COTIZACION_HEADER],
    });
  });

  it('takes date, address, región and comuna as optional', async () => {
    const res = await crear({ fecha_entrega: null, direccion_envio: '', region: null, comuna: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fecha_entrega: null, direccion_envio: '', region: null, comuna: null, region_nombre: null, comuna_nombre: null });
    const sinCampos = await ctx.t.request({
      method: 'POST',
      url: `${API}/crear-cotizante/`,
      headers,
      payload: { nombre_contacto: 'Ana', correo_contacto: 'a@prueba.cl', telefono_contacto: '912345678', solicitud_id: solicitudId },
    });
    expect(sinCampos.statusCode, sinCampos.body).toBe(201);
    expect(sinCampos.json()).toMatchObject({ fecha_entrega: null, direccion_envio: '', region: null, comuna: null });
  });

  it.each([
    [{ fecha_entrega: '2020-01-01' }, { fecha_entrega: [FECHA_PASADA] }],
    [{ fecha_entrega: '2099-02-30' }, { fecha_entrega: ['Ingresa una fecha de entrega válida'] }],
    [{ fecha_entrega: '15-01-2099' }, { fecha_entrega: ['Ingresa una fecha de entrega válida'] }],
    [{ nombre_contacto: '' }, { nombre_contacto: ['Este campo es obligatorio'] }],
    [{ nombre_contacto: 'Ana 2' }, { nombre_contacto: ['El nombre no puede contener números'] }],
    [{ correo_contacto: 'no-es-correo' }, { correo_contacto: [CORREO_INVALIDO] }],
    [{ telefono_contacto: '1234567' }, { telefono_contacto: ['Debe tener al menos 8 dígitos'] }],
    [{ telefono_contacto: '112345678' }, { telefono_contacto: ['Formato inválido. Ej: +56 9 1234 5678, 912345678, (2) 2345 6789, 652345678'] }],
    [{ direccion_envio: 'Avenida Providencia' }, { direccion_envio: ['Debe contener el numero de dirección'] }],
    [{ region: 13, comuna: 5109 }, { comuna: ['La comuna no pertenece a la región seleccionada.'] }],
    [{ region: null, comuna: 13123 }, { region: ['Seleccione una región'] }],
    [{ region: 99, comuna: null }, { region: ['Seleccione una región'] }],
    [{ region: 13, comuna: 99999 }, { comuna: ['Seleccione una comuna'] }],
    [{ solicitud_id: 'x' }, { solicitud_id: ['Solicitud inválida.'] }],
  ])('refuses %j with its message and writes nothing', async (over, errores) => {
    const antes = await conteos();
    const res = await crear(over);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(errores);
    expect(await conteos()).toEqual(antes);
  });

  it('answers 404 for a request that does not exist', async () => {
    const res = await crear({ solicitud_id: 2_000_000_000 });
    expect(res.statusCode).toBe(404);
  });

  it('edits the delivery record', async () => {
    const creado = (await crear()).json();
    const res = await ctx.t.request({
      method: 'PUT',
      url: `${API}/editar-cotizante/${creado.cotizante_id}/`,
      headers,
      payload: entrega({ solicitud_id: solicitudId, nombre_contacto: 'Bodega Norte', region: 5, comuna: 5109, direccion_envio: 'Calle Valparaíso 555' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      cotizante_id: creado.cotizante_id,
      nombre_contacto: 'Bodega Norte',
      region_nombre: 'Región de Valparaíso',
      comuna_nombre: 'Viña del Mar',
    });
    const malo = await ctx.t.request({
      method: 'PUT',
      url: `${API}/editar-cotizante/${creado.cotizante_id}/`,
      headers,
      payload: entrega({ solicitud_id: solicitudId, nombre_contacto: 'R2D2' }),
    });
    expect(malo.statusCode).toBe(400);
    const [row] = await ctx.t.database.db.select().from(cotizante).where(eq(cotizante.id, creado.cotizante_id));
    expect(row!.nombre_contacto).toBe('Bodega Norte');
  });
});

describe('same-day delivery only before noon in Chile (clock pinned, docs/producto.md §5)', () => {
  let solicitudId: number;
  let clave: string;
  beforeAll(async () => {
    const creada = (await crearSolicitud(filas([aprobados[0]!.id, 100]))).json();
    solicitudId = creada.id;
    clave = creada.clave;
  });
  const a = (fecha: string, instante: string) =>
    createCotizante(
      ctx.t.database.db,
      { clave },
      { ...entrega({ fecha_entrega: fecha }), direccion_envio: 'Av. Providencia 1234', region: 13, comuna: 13123, solicitud_id: solicitudId } as never,
      new Date(instante),
    ).then(
      () => 'ok',
      (e: unknown) => (e instanceof AppError ? (e.body as Record<string, string[]>).fecha_entrega?.[0] : String(e)),
    );

  it.each([
    // Summer (UTC−3): 11:59 and 12:00 in Santiago.
    ['2026-11-23', '2026-11-23T14:59:00Z', 'ok'],
    ['2026-11-23', '2026-11-23T15:00:00Z', MISMO_DIA_DESPUES_DE_MEDIODIA],
    // Winter (UTC−4).
    ['2026-07-15', '2026-07-15T15:59:59Z', 'ok'],
    ['2026-07-15', '2026-07-15T16:00:00Z', MISMO_DIA_DESPUES_DE_MEDIODIA],
    // 23:00 in Santiago is already the next day in UTC: the day is Chile's.
    ['2026-11-23', '2026-11-24T02:00:00Z', MISMO_DIA_DESPUES_DE_MEDIODIA],
    ['2026-11-24', '2026-11-24T02:00:00Z', 'ok'],
    ['2026-11-22', '2026-11-23T10:00:00Z', FECHA_PASADA],
    ['2026-11-24', '2026-11-23T20:00:00Z', 'ok'],
  ])('delivery on %s at %s: %s', async (fecha, instante, esperado) => {
    expect(await a(fecha, instante)).toBe(esperado);
  });
});

describe('a quotation’s delivery record is its own (DESIGN §2)', () => {
  it('editing or deleting the saved address it was copied from leaves it untouched', async () => {
    const ana = await createUser(ctx.t, 'comprador');
    const datos = {
      nombre_contacto: 'Cocina Central',
      correo_contacto: 'cocina@prueba.cl',
      telefono_contacto: '+56912345678',
      direccion_envio: 'Av. Providencia 1234, oficina 5',
      region: 13,
      comuna: 13123,
    };
    const guardada = (await ctx.t.request({ method: 'POST', url: '/api/cotizaciones/direccion/agregar/', token: ana.access, payload: datos })).json();
    const s = (await ctx.t.request({ method: 'POST', url: `${API}/crear-solicitud/`, token: ana.access, payload: filas([aprobados[0]!.id, 100]) })).json();
    // The client copies the saved address by sending its fields.
    const copia = await ctx.t.request({
      method: 'POST',
      url: `${API}/crear-cotizante/`,
      token: ana.access,
      payload: { ...datos, fecha_entrega: '2099-03-01', solicitud_id: s.id },
    });
    expect(copia.statusCode, copia.body).toBe(201);
    const leer = async () => (await ctx.t.database.db.select().from(cotizante).where(eq(cotizante.id, copia.json().cotizante_id)))[0];
    const antes = await leer();

    const editada = await ctx.t.request({
      method: 'PUT',
      url: `/api/cotizaciones/direccion/${guardada.id}/editar/`,
      token: ana.access,
      payload: { ...datos, nombre_contacto: 'Bodega Norte', direccion_envio: 'Calle Valparaíso 555, Viña', region: 5, comuna: 5109 },
    });
    expect(editada.statusCode).toBe(200);
    expect(await leer()).toEqual(antes);
    expect((await ctx.t.request({ method: 'DELETE', url: `/api/cotizaciones/direccion/${guardada.id}/eliminar/`, token: ana.access })).statusCode).toBe(204);
    expect(await leer()).toEqual(antes);
    expect(antes).toMatchObject({ nombre_contacto: 'Cocina Central', comuna_id: 13123, usuario_id: ana.id });
  });
});

describe('hostile bodies', () => {
  it.each(['crear-solicitud/', 'editar-solicitud/1/', 'crear-cotizante/', 'editar-cotizante/1/'])(
    'answers 400 to a 20,000-level nested body on %s',
    async (ruta) => {
      const profundo = `${'{"productos":['.repeat(20_000)}${']}'.repeat(20_000)}`;
      const res = await ctx.t.request({
        method: ruta.startsWith('crear') ? 'POST' : 'PUT',
        url: `${API}/${ruta}`,
        payload: profundo,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/anidación/);
    },
  );
});
