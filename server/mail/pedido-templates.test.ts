import { describe, expect, it } from 'vitest';
import { ESTADOS_PEDIDO } from '#common/schemas/pedidos';
import { correoEstadoPedido, correoOrdenRecibida } from './pedido-templates';
import { lineaCorreo, ordenCorreo } from './pedido-templates.fixtures';

const SEGUIMIENTO = 'https://abastece.example/seguimiento/S3guimientoFirmadoDeCuarentaYTresCaracter_-';
const ORDEN_URL = 'https://abastece.example/ordenes/31';

const orden = (nombre_cuenta?: string | null) => ordenCorreo(512_000, nombre_cuenta);
const pedido = { id: 77, proveedor: 'Frigorífico Los Andes', lineas: [lineaCorreo('Lomo vetado', 100, 5000)], costo_despacho: 12_000, total: 512_000 };
const CAMBIOS = ESTADOS_PEDIDO.filter((e) => e !== 'pendiente');

describe('correoEstadoPedido', () => {
  it.each(CAMBIOS)('%s: carries the tracking link as its button, in the text and the HTML', (estado) => {
    const c = correoEstadoPedido(
      'daniela@prueba.cl',
      orden('Daniela'),
      pedido,
      { estado, motivo: estado === 'rechazado' ? 'Sin stock' : null },
      { seguimiento: SEGUIMIENTO, orden: ORDEN_URL },
    );
    expect(c.asunto).toBe(`Tu pedido N° 77 a Frigorífico Los Andes fue ${estado}`);
    expect(c.texto).toContain(`Seguir mi orden: ${SEGUIMIENTO}`);
    expect(c.html).toContain(`href="${SEGUIMIENTO}"`);
    expect(c.html).toMatch(/>Seguir mi orden<\/a>/);
    // An account's order also links to its full page.
    expect(c.texto).toContain(ORDEN_URL);
    expect(c.html).toContain(`href="${ORDEN_URL}"`);
  });

  it.each(CAMBIOS)('%s: greets the account first name when bought with one, never the place of delivery nor the razón social', (estado) => {
    const c = correoEstadoPedido('daniela@prueba.cl', orden('Daniela'), pedido, { estado, motivo: null }, { seguimiento: SEGUIMIENTO, orden: ORDEN_URL });
    expect(c.texto.startsWith('Hola Daniela:\n')).toBe(true);
    expect(c.html).toContain('<p>Hola Daniela:</p>');
    for (const otro of ['Bodega Sur', 'Comercial Los Andes']) {
      expect(c.texto).not.toContain(otro);
      expect(c.html).not.toContain(otro);
    }
  });

  it.each(CAMBIOS)('%s: without an account, greets the contact it named and links only the tracking page', (estado) => {
    const sinCuenta = { ...orden(null), entrega: { ...orden(null).entrega, nombre_contacto: 'Marta Soto' } };
    const c = correoEstadoPedido('marta@prueba.cl', sinCuenta, pedido, { estado, motivo: null }, { seguimiento: SEGUIMIENTO });
    expect(c.texto.startsWith('Hola Marta Soto:\n')).toBe(true);
    expect(c.texto).toContain(SEGUIMIENTO);
    expect(c.texto).not.toContain('/ordenes/');
  });

  it('a rejection links to quoting its products again; other changes do not', () => {
    const cotizarDeNuevo = 'https://abastece.example/cotizar?repetir=12-100,14-3';
    const c = correoEstadoPedido(
      'x@prueba.cl',
      orden('Daniela'),
      pedido,
      { estado: 'rechazado', motivo: 'Sin stock' },
      { seguimiento: SEGUIMIENTO, cotizarDeNuevo },
    );
    expect(c.texto).toContain(`Cotiza estos mismos productos con los demás proveedores: ${cotizarDeNuevo}`);
    expect(c.html).toContain(`<a href="${cotizarDeNuevo}">Cotizar de nuevo</a>`);
    // The tracking link stays the button.
    expect(c.texto).toContain(`Seguir mi orden: ${SEGUIMIENTO}`);
    const confirmado = correoEstadoPedido('x@prueba.cl', orden('Daniela'), pedido, { estado: 'confirmado', motivo: null }, { seguimiento: SEGUIMIENTO });
    expect(confirmado.texto).not.toContain('/cotizar');
  });

  it('an empty name greets no one rather than the company', () => {
    const c = correoEstadoPedido('x@prueba.cl', orden(' '), pedido, { estado: 'confirmado', motivo: null }, { seguimiento: SEGUIMIENTO });
    expect(c.texto.startsWith('Hola:\n')).toBe(true);
  });
});

describe('correoOrdenRecibida', () => {
  it('greets the account first name, or without one the contact, and carries the tracking link', () => {
    const conCuenta = correoOrdenRecibida('daniela@prueba.cl', orden('Daniela'), [pedido], SEGUIMIENTO);
    expect(conCuenta.texto.startsWith('Hola Daniela:\n')).toBe(true);
    expect(conCuenta.texto).toContain(SEGUIMIENTO);
    const sinCuenta = correoOrdenRecibida(
      'marta@prueba.cl',
      { ...orden(), entrega: { ...orden().entrega, nombre_contacto: 'Marta Soto' } },
      [pedido],
      SEGUIMIENTO,
    );
    expect(sinCuenta.texto.startsWith('Hola Marta Soto:\n')).toBe(true);
  });
});
