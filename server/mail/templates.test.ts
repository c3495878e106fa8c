import { describe, expect, it } from 'vitest';
import { correoEstadoPedido, correoNuevoPedido, correoOrdenRecibida } from './pedido-templates';
import { correoActivacion, correoAvisoRegistro } from './templates';

const orden = {
  id: 31,
  creado_en: '2026-11-28T15:00:00.000Z',
  comprador: 'Comercial Los Andes SpA',
  total: 500_000,
  entrega: {
    nombre_contacto: 'Marta Soto',
    correo_contacto: 'marta@prueba.cl',
    telefono_contacto: '+56912345678',
    direccion_envio: 'Av. Providencia 1234',
    comuna_nombre: 'Providencia',
    region_nombre: 'Metropolitana de Santiago',
    fecha_entrega: null,
  },
};
const pedido = { id: 77, proveedor: 'Frigorífico Los Andes', lineas: [], costo_despacho: 0, total: 500_000 };
const url = 'https://abastece.example/seguimiento/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

describe('the e-mail frame', () => {
  it.each([
    ['activación', correoActivacion('a@prueba.cl', 'Sol', url)],
    ['aviso de registro', correoAvisoRegistro('a@prueba.cl', 'Sol', url, url)],
    ['orden recibida', correoOrdenRecibida('a@prueba.cl', orden, [pedido], url)],
    ['nuevo pedido', correoNuevoPedido('a@prueba.cl', orden, pedido, url)],
    ['estado del pedido', correoEstadoPedido('a@prueba.cl', orden, pedido, { estado: 'despachado', motivo: null }, { seguimiento: url })],
  ])('%s: fluid, no fixed width, 600 px at most, sized for a phone', (_, { html }) => {
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:600px');
    expect(html).not.toMatch(/width="\d+"/);
    expect(html).not.toMatch(/(?<!max-)width:\s*\d+px/);
    // A long link breaks instead of widening the card.
    expect(html).toContain(`<span style="word-break:break-all">${url}</span>`);
  });
});
