/** A valid saved-address body, shared by the address tests and the fuzz corpus. */
export const DIRECCION_BODY = {
  nombre_contacto: 'Cocina Central',
  correo_contacto: 'cocina@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Providencia 1234, oficina 5',
  region: 13,
  comuna: 13123,
};

/**
 * A company as a supplier types it (the RUT without dots, the phone as written; Talca, in the
 * Maule), shared by the company's tests, the visibility tests and the fuzz corpus.
 */
export const EMPRESA_BODY = {
  razon_social: 'Comercializadora Sur Verde SpA',
  nombre_fantasia: 'Sur Verde',
  rut: '76086428-5',
  giro: 'Venta al por mayor de carnes',
  direccion: 'Av. San Miguel 2450',
  region: 7,
  comuna: 7101,
  telefono: '71 261 4400',
  correo_ventas: 'ventas@surverde.cl',
};
