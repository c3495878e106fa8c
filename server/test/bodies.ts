/** A valid saved-address body, shared by the address tests and the fuzz corpus. */
export const DIRECCION_BODY = {
  nombre_contacto: 'Cocina Central',
  correo_contacto: 'cocina@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Providencia 1234, oficina 5',
  region: 13,
  comuna: 13123,
};
