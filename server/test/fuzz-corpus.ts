import { DEMO_PASSWORD } from '#server/db/seed/demo-catalogo';
import { DIRECCION_BODY, EMPRESA_BODY } from './bodies';

/**
 * One valid body per writing endpoint, keyed `METHOD /pattern/`, for server/fuzz.api.test.ts to
 * mutate one field at a time: random bodies rarely pass validation, these reach the services and
 * the database. An endpoint without an entry is still fuzzed, with its schema's field names only;
 * a new endpoint adds its example here.
 */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /auth/users/': {
    first_name: 'Ana',
    last_name: "O'Higgins Pérez-Cotapos",
    email: 'fuzz@prueba.cl',
    password: 'clave-de-prueba-9',
    re_password: 'clave-de-prueba-9',
    is_comprador: true,
    is_proveedor: false,
  },
  'POST /auth/users/activation/': { uid: 'MQ', token: 'dig37p-d2d30eef10d64f6936aecd0d8e5546d7', first_name: 'Ana', last_name: 'Soto', is_proveedor: true },
  'POST /auth/users/activation/datos/': { uid: 'MQ', token: 'dig37p-d2d30eef10d64f6936aecd0d8e5546d7' },
  'POST /auth/users/resend_activation/': { email: 'comprador@abastece.cl' },
  'POST /auth/users/reset_password/': { email: 'comprador@abastece.cl' },
  'POST /auth/users/reset_password_confirm/': {
    uid: 'MQ',
    token: 'dig37p-d2d30eef10d64f6936aecd0d8e5546d7',
    new_password: 'clave-nueva-123',
    re_new_password: 'clave-nueva-123',
  },
  'POST /auth/jwt/create/': { email: 'comprador@abastece.cl', password: DEMO_PASSWORD },
  'POST /auth/jwt/refresh/': { refresh: 'eyJhbGciOiJIUzI1NiJ9.e30.x' },
  'POST /auth/jwt/verify/': { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' },
  'PUT /api/usuarios/usuarios/perfil/': {
    first_name: 'Ana',
    last_name: 'Pérez',
    email: 'comprador@abastece.cl',
    telefono: '+56912345678',
    fecha_nacimiento: '1990-05-17',
  },
  'POST /api/cotizaciones/direccion/agregar/': DIRECCION_BODY,
};
VALID_BODIES['PUT /api/cotizaciones/direccion/:id/editar/'] = VALID_BODIES['POST /api/cotizaciones/direccion/agregar/']!;
// Quotation flow: product ids of the demo catalogue; the cotizante names request 1.
VALID_BODIES['POST /api/cotizaciones/crear-solicitud/'] = {
  productos: [
    { producto: 1, cantidad: 100 },
    { producto: 2, cantidad: 350 },
  ],
};
VALID_BODIES['PUT /api/cotizaciones/editar-solicitud/:id/'] = VALID_BODIES['POST /api/cotizaciones/crear-solicitud/']!;
VALID_BODIES['POST /api/cotizaciones/crear-cotizante/'] = {
  fecha_entrega: '2099-01-15',
  nombre_contacto: 'Cocina Central',
  correo_contacto: 'cocina@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Providencia 1234, oficina 5',
  region: 13,
  comuna: 13123,
  solicitud_id: 1,
};
VALID_BODIES['PUT /api/cotizaciones/editar-cotizante/:id/'] = VALID_BODIES['POST /api/cotizaciones/crear-cotizante/']!;
VALID_BODIES['POST /api/cotizaciones/comparar-precios/'] = { ...VALID_BODIES['POST /api/cotizaciones/crear-solicitud/']!, solicitudId: 1 };
// The order's half: quotation 1 and its delivery record 1, seed offer ids; billing as docs/producto.md §5.
VALID_BODIES['PUT /api/cotizaciones/:id/actualizar/'] = {
  productos: [
    { proveedor_producto_id: 1, cantidad: 100, precio: 4990 },
    { proveedor_producto_id: 2, cantidad: 50.5, precio: 1 },
  ],
};
VALID_BODIES['POST /api/facturacion/crear-orden/'] = {
  cotizacion_id: 1,
  cotizante_id: 1,
  rut_facturacion: '12.345.678-5',
  razon_social: 'Comercial Los Andes SpA',
  giro_comercial: 'Venta de alimentos al por mayor',
  direccion_facturacion: 'Av. Apoquindo 4500, oficina 1201',
  telefono_facturacion: '+56912345678',
  email_facturacion: 'facturas@prueba.cl',
  region: 13,
  comuna: 13123,
  rubro: 1,
  metodo_pago: 1,
};
// Supplier product list and moderation: a seed offer's edit with one lot and the five tiers; a pending product's decision.
VALID_BODIES['PATCH /api/productos/proveedoresproductos/:id/'] = {
  tarifa: '5990',
  cantidad: '250.5',
  cantidad_anterior: 250.5,
  fecha_expiracion: '2099-03-01',
  stock_id: 1,
  rangos: { 'Desde 100 kg': '5800', 'Desde 300 kg': 5600, 'Desde 700 kg': '', 'Desde 1000 kg': null, 'Desde 1500 kg': '5000' },
};
VALID_BODIES['POST /api/productos/proveedoresproductos/:id/lotes/'] = { cantidad: '12,5', fecha_expiracion: '01-03-2099' };
VALID_BODIES['POST /api/productos/moderar-producto/'] = { producto_id: 1, accion: 'rechazar', motivo: 'Falta la marca y el formato.' };
// A rejected product corrected and sent again (docs/decisions/009): an Excel exclusive row's product fields.
VALID_BODIES['POST /api/productos/proveedoresproductos/:id/reenviar/'] = {
  nombre: 'Chorizo parrillero ahumado',
  categoria: 'CERDO',
  origen: 'Chile',
  marca: 'Don Pancho',
  unidad: 'KILO',
  formato: 'AL VACIO',
};
// Supplier Excel upload: rows as cargar-excel returns them; P1-0001 is a seed SKU of the demo supplier.
const FILA_CARGA = {
  id: 2,
  sku: 'P1-0001',
  nombre: 'Pechuga de pavo deshuesada',
  stock: 120.5,
  precio: 6490,
  fecha_vencimiento: '2099-06-30',
  rangos: { 'Desde 100 kg': 6290, 'Desde 300 kg': null },
  origen: 'Chile',
  categoria: 'AVES',
  marca: 'Sopraval',
  producto: 1,
  formato: 'IWP',
  unidad: 'KILO',
  errores: [],
  producto_asignado: { nombre: 'Pechuga de pavo deshuesada', similitud: 1, origen: 'Chile', marca: 'Sopraval', formatos: ['CAJA', 'IWP'] },
};
VALID_BODIES['PUT /api/productos/actualizar-precios/'] = { productos: [FILA_CARGA] };
VALID_BODIES['POST /api/productos/registrar-nuevos/'] = { productos: [{ ...FILA_CARGA, sku: 'FUZZ-1' }], categoria_id: 1 };
VALID_BODIES['POST /api/pedidos/:id/estado/'] = { estado: 'rechazado', motivo: 'Sin camión disponible esa semana' };
// Supplier delivery terms: Providencia and Santiago, martes y jueves, a minimum and a fee.
VALID_BODIES['PUT /api/proveedor/condiciones/'] = {
  comunas: [13123, 13101],
  dias_despacho: [2, 4],
  anticipacion_dias: 1,
  hora_corte: '18:00',
  monto_minimo: '50.000',
  costo_despacho: 8990,
  despacho_gratis_desde: null,
};
// A supplier's company (docs/decisions/024): the RUT as typed, the phone as written, Talca in the Maule.
VALID_BODIES['PUT /api/proveedor/empresa/'] = EMPRESA_BODY;
// An order without an account, confirmed by its e-mailed link (docs/decisions/007): a well-formed token that names nothing.
VALID_BODIES['POST /api/ordenes/confirmar/'] = { token: 'A'.repeat(43) };
// A list quoted in one call (docs/decisions/021-recordatorios.md): the delivery day, else the first one every supplier delivers.
VALID_BODIES['POST /api/listas/:id/cotizar/'] = { fecha_entrega: '2099-01-15' };
