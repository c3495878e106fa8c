/**
 * A real order's billing data as crear-orden takes it (a company in Santiago, Providencia), for the
 * API and e2e tests alike: no test runner imported here, so a Playwright spec can use it.
 */
export const FACTURACION = {
  rut_facturacion: '76.086.428-5',
  razon_social: 'Comercial Los Andes SpA',
  giro_comercial: 'Venta de alimentos al por mayor',
  direccion_facturacion: 'Av. Apoquindo 4500, oficina 1201',
  telefono_facturacion: '+56 2 2123 4567',
  email_facturacion: 'facturas@prueba.cl',
  region: 13,
  comuna: 13123,
  rubro: 1,
  metodo_pago: 1,
};
