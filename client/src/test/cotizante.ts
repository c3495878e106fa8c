/** The delivery record of quotation 5 that the quotation flow's page tests start from; no date chosen. */
export const COTIZANTE_DE_PRUEBA = {
  cotizante_id: 9,
  solicitud_id: 5,
  clave: 'clave-de-prueba',
  fecha_entrega: null,
  nombre_contacto: 'Daniela Araya',
  correo_contacto: 'daniela@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: '',
  region: null,
  comuna: null,
  region_nombre: null,
  comuna_nombre: null,
};
