import { CONDICIONES_ABIERTAS } from '#common/despacho';
import type { CompararPrecios, Opcion } from '#common/schemas/comparacion';
import { CLAVE_COTIZACION_HEADER } from '#common/schemas/cotizaciones';
import type { ProductoPendiente } from '#common/schemas/moderacion';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { EMPRESA_BODY } from '#server/test/bodies';
import { ENTREGA } from '#server/test/entrega';
import { type Cuenta, call, createCuenta, expectStatus, login } from './api';
import type { Cluster } from './cluster';
import { check, section } from './report';
import type { Server } from './servers';

/** Letters only, so the product names read as words (the upload matches names word by word). */
function letterStamp(): string {
  let n = Date.now() * 1000 + (process.pid % 1000);
  let letras = '';
  for (; n > 0; n = Math.floor(n / 26)) letras = String.fromCharCode(97 + (n % 26)) + letras;
  return letras[0]!.toUpperCase() + letras.slice(1);
}

const isoDate = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);

interface Fila {
  sku: string;
  nombre: string;
  categoria: string;
  precio: number;
  stock: number;
  dias: number;
  /** The approved catalogue product the row offers; null: a product of its own, for the moderator. */
  producto?: number | null;
}

/** A row of registrar-nuevos as the bulk upload's confirmation sends it; rows with one SKU are one offer, each row a lot. */
const filaRegistro = ({ producto = null, dias, ...f }: Fila, i: number) => ({
  id: i + 2,
  ...f,
  fecha_vencimiento: isoDate(dias),
  rangos: {},
  origen: 'Chile',
  marca: 'Campo Austral',
  producto,
  formato: 'AL VACIO',
  unidad: 'KILO',
  errores: [],
  producto_asignado: null,
});

export interface Proveedor extends Cuenta {
  empresa: string;
}

/**
 * What the checks buy and change, made through the API: supplier S1 sells product P1 (three
 * lots); S2 sells P1 too, dearer, and proposes P2 and P3, left pending for (b)'s moderation.
 */
export interface Catalogo {
  s1: Proveedor;
  s2: Proveedor;
  p1: number;
  p1Nombre: string;
  /** S1's and S2's offers (proveedor_producto ids) of P1. */
  ofertaS1: number;
  ofertaS2: number;
  pendientes: Array<{ nombre: string; id: number }>;
}

async function createProveedor(cluster: Cluster, empresa: string, signup: Server, activate: Server): Promise<Proveedor> {
  const cuenta = await createCuenta(cluster.mailbox, 'proveedor', signup, activate);
  // Compared only once its company and its terms are saved (docs/decisions/024): buyers know it by
  // this nombre de fantasía; open terms, every comuna.
  expectStatus(
    await call(activate, 'PUT', '/api/proveedor/empresa/', {
      token: cuenta.access,
      body: { ...EMPRESA_BODY, razon_social: `${empresa} SpA`, nombre_fantasia: empresa, correo_ventas: cuenta.email },
    }),
    200,
    `empresa of ${empresa}`,
  );
  const { comunas } = expectStatus(
    await call<{ comunas: number[] }>(activate, 'GET', '/api/proveedor/condiciones/', { token: cuenta.access }),
    200,
    'condiciones',
  );
  expectStatus(
    await call(activate, 'PUT', '/api/proveedor/condiciones/', {
      token: cuenta.access,
      body: { comunas, ...CONDICIONES_ABIERTAS },
    }),
    200,
    `condiciones of ${empresa}`,
  );
  return { ...cuenta, empresa };
}

async function registrar(server: Server, proveedor: Proveedor, filas: Fila[]): Promise<void> {
  const body = expectStatus(
    await call<{ errores: unknown[] }>(server, 'POST', '/api/productos/registrar-nuevos/', {
      token: proveedor.access,
      body: { productos: filas.map(filaRegistro) },
    }),
    201,
    `registrar-nuevos of ${proveedor.empresa}`,
  );
  if (body.errores.length > 0) throw new Error(`registrar-nuevos of ${proveedor.empresa}: ${JSON.stringify(body.errores)}`);
}

export async function misProductos(server: Server, proveedor: Proveedor): Promise<ProveedorProducto[]> {
  return expectStatus(
    await call<ProveedorProducto[]>(server, 'GET', '/api/productos/proveedoresproductos/', { token: proveedor.access }),
    200,
    'proveedoresproductos',
  );
}

export async function pendientes(server: Server, moderador: string): Promise<ProductoPendiente[]> {
  return expectStatus(
    await call<ProductoPendiente[]>(server, 'GET', '/api/productos/productos-pendientes/', { token: moderador }),
    200,
    'productos-pendientes',
  );
}

export async function createCatalogo(cluster: Cluster): Promise<Catalogo> {
  const { a, b } = cluster;
  const sello = letterStamp();
  const [s1, s2] = await Promise.all([createProveedor(cluster, `Carnes Cluster ${sello}`, a, b), createProveedor(cluster, `Lácteos Cluster ${sello}`, b, a)]);
  const p1Nombre = `Lomo ${sello}`;
  await registrar(a, s1, [
    { sku: `L${sello}`, nombre: p1Nombre, categoria: 'CARNE BOVINA', precio: 10_000, stock: 2000, dias: 60 },
    { sku: `L${sello}`, nombre: p1Nombre, categoria: 'CARNE BOVINA', precio: 10_000, stock: 2500, dias: 90 },
    { sku: `L${sello}`, nombre: p1Nombre, categoria: 'CARNE BOVINA', precio: 10_000, stock: 1500, dias: 120 },
  ]);
  const moderador = (await login(b, cluster.moderador.email, cluster.moderador.password)).access;
  const p1 = (await pendientes(b, moderador)).find((p) => p.nombre === p1Nombre);
  if (!p1) throw new Error(`${p1Nombre} is not pending moderation`);
  expectStatus(
    await call(a, 'POST', '/api/productos/moderar-producto/', { token: moderador, body: { producto_id: p1.id, accion: 'aprobar' } }),
    200,
    'approve P1',
  );

  const nombres = [`Queso ${sello}`, `Longaniza ${sello}`];
  await registrar(b, s2, [
    { sku: `S${sello}`, nombre: p1Nombre, categoria: 'CARNE BOVINA', precio: 12_000, stock: 5000, dias: 90, producto: p1.id },
    { sku: `Q${sello}`, nombre: nombres[0]!, categoria: 'LACTEO', precio: 7_000, stock: 9000, dias: 90 },
    { sku: `G${sello}`, nombre: nombres[1]!, categoria: 'CERDO', precio: 5_000, stock: 9000, dias: 90 },
  ]);
  const enEspera = await pendientes(a, moderador);
  const ofertaDe = async (server: Server, proveedor: Proveedor) => (await misProductos(server, proveedor)).find((o) => o.producto_nombre === p1Nombre)!.id;
  return {
    s1,
    s2,
    p1: p1.id,
    p1Nombre,
    ofertaS1: await ofertaDe(b, s1),
    ofertaS2: await ofertaDe(a, s2),
    pendientes: nombres.map((nombre) => ({ nombre, id: enEspera.find((p) => p.nombre === nombre)!.id })),
  };
}

/** A buyer's request with its delivery record, ready to be compared again and again. */
export interface Solicitud {
  id: number;
  cotizanteId: number;
  token?: string;
  /** An anonymous request's clave, sent in its header. */
  headers: Record<string, string>;
}

/** crear-solicitud and crear-cotizante on `server`, by `token` (anonymous when undefined). */
export async function createSolicitud(
  server: Server,
  productos: Array<[number, number]>,
  token?: string,
  correo = ENTREGA.correo_contacto,
): Promise<Solicitud> {
  const s = expectStatus(
    await call<{ id: number; clave: string | null }>(server, 'POST', '/api/cotizaciones/crear-solicitud/', {
      token,
      body: { productos: productos.map(([producto, cantidad]) => ({ producto, cantidad })) },
    }),
    201,
    `crear-solicitud on ${server.name}`,
  );
  const headers: Record<string, string> = s.clave ? { [CLAVE_COTIZACION_HEADER]: s.clave } : {};
  const c = expectStatus(
    await call<{ cotizante_id: number }>(server, 'POST', '/api/cotizaciones/crear-cotizante/', {
      token,
      headers,
      // No date: each supplier's first possible day (the test's lots expire long before 2099).
      body: { ...ENTREGA, fecha_entrega: undefined, correo_contacto: correo, solicitud_id: s.id },
    }),
    201,
    `crear-cotizante on ${server.name}`,
  );
  return { id: s.id, cotizanteId: c.cotizante_id, token, headers };
}

/** POST comparar-precios on `server` for `productos` [id, cantidad] of the request. */
export async function comparar(server: Server, solicitud: Solicitud, productos: Array<[number, number]>): Promise<CompararPrecios> {
  return expectStatus(
    await call<CompararPrecios>(server, 'POST', '/api/cotizaciones/comparar-precios/', {
      token: solicitud.token,
      headers: solicitud.headers,
      body: { productos: productos.map(([producto, cantidad]) => ({ producto, cantidad })), solicitudId: solicitud.id },
    }),
    201,
    `comparar-precios on ${server.name}`,
  );
}

/** The comparison's option for an offer of a product, selected or additional. */
export function opcionDe(res: CompararPrecios, productoId: number, ofertaId: number): Opcion | undefined {
  const r = res.resultados.find((x) => x.producto === productoId);
  return [...(r?.opciones_seleccionadas ?? []), ...(r?.opciones_adicionales ?? [])].find((o) => o.proveedor_producto_id === ofertaId);
}

export const seleccionada = (res: CompararPrecios, productoId: number) =>
  res.resultados.find((x) => x.producto === productoId)?.opciones_seleccionadas.map((o) => o.proveedor_producto_id) ?? [];

/** Edits one lot of an offer (and its price) through PATCH, as /mis-productos-proovedor saves a row. */
export async function editarOferta(
  server: Server,
  proveedor: Proveedor,
  ofertaId: number,
  cambio: { tarifa?: number; cantidad?: number },
): Promise<ProveedorProducto> {
  const oferta = (await misProductos(server, proveedor)).find((o) => o.id === ofertaId)!;
  const lote = oferta.stock[0]!;
  return expectStatus(
    await call<ProveedorProducto>(server, 'PATCH', `/api/productos/proveedoresproductos/${ofertaId}/`, {
      token: proveedor.access,
      body: {
        tarifa: cambio.tarifa ?? oferta.tarifa,
        fecha_expiracion: lote.fecha_expiracion,
        cantidad: cambio.cantidad ?? lote.cantidad,
        cantidad_anterior: lote.cantidad,
        stock_id: lote.id,
      },
    }),
    200,
    `PATCH offer ${ofertaId} on ${server.name}`,
  );
}

const stockDe = (oferta: ProveedorProducto) => oferta.stock.reduce((s, l) => s + l.cantidad, 0);

/**
 * (b) A supplier's price change, a stock change and a moderator's approval made through one
 * process show in the other's very next comparison. Before each change the other process
 * compares once, so it holds the old state in its comparison cache: what must not be answered.
 * Each kind runs in both directions.
 */
export async function checkComparacion(cluster: Cluster, catalogo: Catalogo, comprador: Cuenta): Promise<void> {
  const { a, b } = cluster;
  const { p1, ofertaS1, ofertaS2, s1 } = catalogo;
  section("(b) a change made through one process shows in the other's very next comparison");
  const solicitud = await createSolicitud(b, [[p1, 100]], comprador.access);
  const filas: Array<[number, number]> = [[p1, 100]];

  // S2 sells at 12,000: the last two prices put S1 above it and back below, so the selection moves too.
  const precios = [10_400, 9_900, 12_500, 9_800];
  for (const [i, tarifa] of precios.entries()) {
    const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
    const antes = opcionDe(await comparar(reader, solicitud, filas), p1, ofertaS1);
    await editarOferta(writer, s1, ofertaS1, { tarifa });
    const res = await comparar(reader, solicitud, filas);
    const despues = opcionDe(res, p1, ofertaS1);
    const esperada = tarifa < 12_000 ? ofertaS1 : ofertaS2;
    check(
      despues?.precio === tarifa && seleccionada(res, p1).join() === String(esperada),
      `price ${antes?.precio} → ${tarifa} through ${writer.name}: ${reader.name}'s next comparison prices it ${tarifa} and selects ${esperada === ofertaS1 ? 'S1' : 'S2'}`,
      `${reader.name} answered ${despues?.precio}, selected ${seleccionada(res, p1).join() === String(ofertaS1) ? 'S1' : 'S2'}`,
    );
  }

  const cantidades = [1800, 2300, 1950, 2000];
  for (const [i, cantidad] of cantidades.entries()) {
    const [writer, reader] = i % 2 === 0 ? [b, a] : [a, b];
    const antes = opcionDe(await comparar(reader, solicitud, filas), p1, ofertaS1);
    const oferta = await editarOferta(writer, s1, ofertaS1, { cantidad });
    const despues = opcionDe(await comparar(reader, solicitud, filas), p1, ofertaS1);
    check(
      despues?.stock_disponible === stockDe(oferta),
      `first lot set to ${cantidad} kg through ${writer.name}: ${reader.name}'s next comparison shows ${stockDe(oferta)} kg (was ${antes?.stock_disponible})`,
      `${reader.name} answered ${despues?.stock_disponible}`,
    );
  }

  const moderador = (await login(a, cluster.moderador.email, cluster.moderador.password)).access;
  for (const [i, pendiente] of catalogo.pendientes.entries()) {
    const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
    // The request holds P1 only (a pending product cannot be requested); the comparison may be
    // asked for more, and answers a product it cannot offer under productos_no_identificados.
    const conPendiente: Array<[number, number]> = [...filas, [pendiente.id, 100]];
    const antes = await comparar(reader, solicitud, conPendiente);
    const oculto = antes.productos_no_identificados.some((p) => p.producto === pendiente.id);
    check(oculto, `${pendiente.nombre}, pending, is not offered by ${reader.name}`, JSON.stringify(antes.productos_no_identificados));
    expectStatus(
      await call(writer, 'POST', '/api/productos/moderar-producto/', { token: moderador, body: { producto_id: pendiente.id, accion: 'aprobar' } }),
      200,
      `approve ${pendiente.nombre}`,
    );
    const despues = await comparar(reader, solicitud, conPendiente);
    const ofrecido = despues.resultados.find((r) => r.producto === pendiente.id)?.opciones_seleccionadas[0];
    check(
      ofrecido !== undefined && !despues.productos_no_identificados.some((p) => p.producto === pendiente.id),
      `approved through ${writer.name}: ${reader.name}'s next comparison offers ${pendiente.nombre}`,
      ofrecido ? `${ofrecido.proveedor}, $${ofrecido.precio}` : JSON.stringify(despues.productos_no_identificados),
    );
  }
}
