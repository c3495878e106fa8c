/**
 * A buyer's delivery record as crear-cotizante takes it (Santiago, Providencia), for the API tests
 * and the cluster test alike: no test runner imported here, so a plain node script can use it.
 */
export const ENTREGA = {
  fecha_entrega: '2099-01-15',
  nombre_contacto: 'Cocina Central',
  correo_contacto: 'cocina@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Providencia 1234',
  region: 13,
  comuna: 13123,
};
