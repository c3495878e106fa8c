// What each endpoint answers, per status, as the server declares it (its routes' `response:`
// schemas, all from common/schemas/): the page tests' stubbed answers are parsed with these, so a
// change of contract breaks the page tests that stub that endpoint.
import { activationDatosSchema, signupResponseSchema, tokensSchema, usuarioMeSchema } from '#common/schemas/auth';
import { consolidatedDataSchema, productoEncontradoSchema, rangoPrecioSchema } from '#common/schemas/catalogo';
import { actualizarCotizacionSchemaOut, compararPreciosSchemaOut } from '#common/schemas/comparacion';
import { condicionesSchemaOut } from '#common/schemas/condiciones';
import { cotizanteSchemaOut, solicitudSchemaOut } from '#common/schemas/cotizaciones';
import { diasEntregaSchemaOut } from '#common/schemas/dias-entrega';
import { direccionSchemaOut } from '#common/schemas/direcciones';
import { empresaSchemaOut } from '#common/schemas/empresa';
import { historialPageSchema } from '#common/schemas/historial';
import { listaCotizadaSchemaOut } from '#common/schemas/listas';
import { panelSchemaOut } from '#common/schemas/panel';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { listaSchemaOut, listasSchemaOut } from '#common/schemas/listas';
import { moderacionSchemaOut, productoAReenviarSchema, productosPendientesSchema } from '#common/schemas/moderacion';
import { metodosPagoSchema, ordenSchemaOut, resumenCompraSchema, rubrosSchema } from '#common/schemas/ordenes';
import { ordenDetalleSchema, ordenesPageSchema, pedidoDetalleSchema, pedidosPageSchema, seguimientoSchema } from '#common/schemas/pedidos';
import {
  actualizarPreciosSchemaOut,
  cargaExcelSchemaOut,
  plantillasSchema,
  registrarNuevosSchemaOut,
  sinFilasValidasSchema,
} from '#common/schemas/proveedor-carga';
import { loteSchema, proveedorProductoSchema, proveedorProductosSchema } from '#common/schemas/proveedor-productos';
import { comunasSchema, regionesSchema } from '#common/schemas/ubicacion';
import { z } from '#common/zod-es';

type Contrato = Partial<Record<number, z.ZodType>>;

const sinCuerpo = z.null();
/** One error handler answers every error (server/errors.ts): field errors or {detail} on 400, {detail} otherwise. */
const errorDe = (status: number): z.ZodType | undefined => (status === 400 ? badRequestSchema : status >= 401 ? detailSchema : undefined);

/** 'METHOD /path/' with `:param` for a path segment, as the server's routes are written. */
const CONTRATOS: Record<string, Contrato> = {
  'POST /auth/users/': { 201: signupResponseSchema },
  'POST /auth/users/activation/': { 204: sinCuerpo },
  'POST /auth/users/activation/datos/': { 200: activationDatosSchema },
  'POST /auth/users/resend_activation/': { 204: sinCuerpo },
  'POST /auth/users/reset_password/': { 204: sinCuerpo },
  'POST /auth/users/reset_password_confirm/': { 204: sinCuerpo },
  'POST /auth/users/set_password/': { 204: sinCuerpo },
  'POST /auth/jwt/create/': { 200: tokensSchema },
  'POST /auth/jwt/refresh/': { 200: z.object({ access: z.string() }) },
  'POST /auth/jwt/verify/': { 200: z.object({}) },
  'GET /auth/users/me/': { 200: usuarioMeSchema },
  'PUT /api/usuarios/usuarios/perfil/': { 200: usuarioMeSchema },
  'POST /api/usuarios/usuarios/confirmar-correo/': { 200: usuarioMeSchema },
  'GET /api/ubicacion/regiones/': { 200: regionesSchema },
  'GET /api/ubicacion/comunas/': { 200: comunasSchema },
  'GET /api/productos/consolidated-data/': { 200: consolidatedDataSchema, 304: sinCuerpo },
  'GET /api/productos/rangosprecios/': { 200: z.array(rangoPrecioSchema) },
  'GET /api/productos/buscar/': { 200: z.array(productoEncontradoSchema) },
  'GET /api/cotizaciones/direccion/obtener/': { 200: z.array(direccionSchemaOut) },
  'GET /api/cotizaciones/direccion/activa/': { 200: direccionSchemaOut },
  'POST /api/cotizaciones/direccion/agregar/': { 201: direccionSchemaOut },
  'PUT /api/cotizaciones/direccion/:id/editar/': { 200: direccionSchemaOut },
  'DELETE /api/cotizaciones/direccion/:id/eliminar/': { 204: sinCuerpo },
  'POST /api/cotizaciones/direccion/:id/activar/': { 200: z.array(direccionSchemaOut) },
  'POST /api/cotizaciones/crear-solicitud/': { 201: solicitudSchemaOut },
  'PUT /api/cotizaciones/editar-solicitud/:id/': { 200: solicitudSchemaOut },
  'POST /api/cotizaciones/crear-cotizante/': { 201: cotizanteSchemaOut },
  'PUT /api/cotizaciones/editar-cotizante/:id/': { 200: cotizanteSchemaOut },
  'POST /api/cotizaciones/comparar-precios/': { 201: compararPreciosSchemaOut },
  'PUT /api/cotizaciones/:id/actualizar/': { 200: actualizarCotizacionSchemaOut },
  'GET /api/cotizaciones/historial/': { 200: historialPageSchema },
  'DELETE /api/cotizaciones/historial/:id/': { 204: sinCuerpo },
  'GET /api/cotizaciones/solicitud/:id/dias-entrega/': { 200: diasEntregaSchemaOut },
  'GET /api/facturacion/rubros/': { 200: rubrosSchema },
  'GET /api/empresas/metodos-pago/': { 200: metodosPagoSchema },
  'GET /api/facturacion/:id/resumen/': { 200: resumenCompraSchema },
  'POST /api/facturacion/crear-orden/': { 200: ordenSchemaOut, 201: ordenSchemaOut },
  'GET /api/pedidos/': { 200: pedidosPageSchema },
  // An .xlsx: its bytes, whatever a test stubs (before ':id', which would take 'exportar').
  'GET /api/pedidos/exportar/': { 200: z.unknown() },
  'GET /api/ordenes/exportar/': { 200: z.unknown() },
  'GET /api/pedidos/:id/': { 200: pedidoDetalleSchema },
  'POST /api/pedidos/:id/estado/': { 200: pedidoDetalleSchema },
  'POST /api/pedidos/:id/recepcion/': { 200: pedidoDetalleSchema },
  'POST /api/pedidos/:id/reclamo/': { 200: pedidoDetalleSchema },
  'PATCH /api/pedidos/:id/': { 200: pedidoDetalleSchema },
  'GET /api/ordenes/': { 200: ordenesPageSchema },
  'GET /api/ordenes/:id/': { 200: ordenDetalleSchema },
  'GET /api/seguimiento/:token/': { 200: seguimientoSchema },
  'GET /api/productos/proveedoresproductos/': { 200: proveedorProductosSchema },
  'PATCH /api/productos/proveedoresproductos/:id/': { 200: proveedorProductoSchema },
  'DELETE /api/productos/proveedoresproductos/:id/': { 204: sinCuerpo },
  'DELETE /api/productos/proveedoresproductos/:id/lotes/:loteId/': { 204: sinCuerpo },
  'POST /api/productos/proveedoresproductos/:id/lotes/': { 201: loteSchema },
  'GET /api/productos/plantillas-excel/': { 200: plantillasSchema },
  'POST /api/productos/cargar-excel/': { 200: cargaExcelSchemaOut },
  'PUT /api/productos/actualizar-precios/': { 200: actualizarPreciosSchemaOut, 400: sinFilasValidasSchema.or(badRequestSchema) },
  'POST /api/productos/registrar-nuevos/': { 201: registrarNuevosSchemaOut, 400: sinFilasValidasSchema.or(badRequestSchema) },
  'GET /api/productos/productos-pendientes/': { 200: productosPendientesSchema },
  'POST /api/productos/moderar-producto/': { 200: moderacionSchemaOut },
  'GET /api/productos/proveedoresproductos/:id/reenviar/': { 200: productoAReenviarSchema, 400: badRequestSchema, 404: detailSchema },
  'POST /api/productos/proveedoresproductos/:id/reenviar/': { 200: proveedorProductoSchema, 400: badRequestSchema, 404: detailSchema },
  'GET /api/proveedor/condiciones/': { 200: condicionesSchemaOut },
  'GET /api/proveedor/panel/': { 200: panelSchemaOut },
  'POST /api/listas/:id/cotizar/': { 201: compararPreciosSchemaOut },
  'GET /api/listas/:id/cotizaciones/:cotizacionId/': { 200: listaCotizadaSchemaOut },
  'PUT /api/proveedor/condiciones/': { 200: condicionesSchemaOut },
  'GET /api/proveedor/empresa/': { 200: empresaSchemaOut },
  'PUT /api/proveedor/empresa/': { 200: empresaSchemaOut },
  'GET /api/listas/': { 200: listasSchemaOut },
  'POST /api/listas/': { 201: listaSchemaOut },
  'GET /api/listas/:id/': { 200: listaSchemaOut },
  'PUT /api/listas/:id/': { 200: listaSchemaOut },
  'DELETE /api/listas/:id/': { 204: sinCuerpo },
};

const RUTAS = Object.entries(CONTRATOS).map(([clave, contrato]) => {
  const [method, path] = clave.split(' ') as [string, string];
  return { method, patron: new RegExp(`^${path.replace(/:[a-zA-Z]+/g, '[^/]+')}$`), contrato };
});

/** The schema of `status` of the endpoint `METHOD /url?query` calls; throws when the endpoint or the status is not in any contract. */
export function schemaDeRespuesta(method: string, url: string, status: number): z.ZodType {
  const path = url.split('?')[0]!;
  const ruta = RUTAS.find((r) => r.method === method && r.patron.test(path));
  if (!ruta) throw new Error(`${method} ${url}: no endpoint of the server answers it (client/src/test/contratos.ts)`);
  const schema = ruta.contrato[status] ?? errorDe(status);
  if (!schema) throw new Error(`${method} ${url}: the server never answers ${status} (client/src/test/contratos.ts)`);
  return schema;
}

/** Throws, naming the endpoint and what does not match, when `body` is not what the endpoint answers with `status`. */
export function checkRespuesta(method: string, url: string, status: number, body: unknown): void {
  const parsed = schemaDeRespuesta(method, url, status).safeParse(body);
  if (!parsed.success) {
    const problemas = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
    throw new Error(`Stubbed answer ${status} of ${method} ${url} breaks its contract: ${problemas}`);
  }
}
