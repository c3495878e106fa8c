import { describe, expect, it } from 'vitest';
import { correoConfirmaOrden } from './orden-templates';
import { correoEstadoPedido, correoNuevoPedido, correoOrdenRecibida } from './pedido-templates';
import { lineaCorreo, ordenCorreo } from './pedido-templates.fixtures';

// Two pedidos of $12.345 and $10.000 net: each one's IVA rounds ($2.346 and $1.900), the order's is once on $22.345.
const orden = ordenCorreo(22_345, 'Daniela');
const pedido = { id: 77, proveedor: 'Frigorífico Los Andes', lineas: [lineaCorreo('Lomo vetado', 3, 3_615)], costo_despacho: 1_500, total: 12_345 };
const otro = { id: 78, proveedor: 'Distribuidora Austral', lineas: [lineaCorreo('Papas', 10, 1_000)], costo_despacho: 0, total: 10_000 };
const ENLACES = { seguimiento: 'https://abastece.example/seguimiento/x' };

/** The HTML's text, tags out, spaces collapsed: what a reader sees in order. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('Neto, IVA and Total in the e-mails', () => {
  it('a state e-mail closes its pedido with Neto, IVA (19 %) rounded to the peso and Total, in the text and the HTML', () => {
    const c = correoEstadoPedido('d@prueba.cl', orden, pedido, { estado: 'confirmado', motivo: null }, ENLACES);
    expect(c.texto).toContain('Despacho: $1.500\nNeto: $12.345\nIVA (19 %): $2.346\nTotal: $14.691');
    expect(visible(c.html)).toContain('Despacho $1.500 Neto $12.345 IVA (19 %) $2.346 Total $14.691');
  });

  it('a claim’s accepted credit comes off the neto before the IVA', () => {
    const c = correoEstadoPedido('d@prueba.cl', orden, { ...pedido, credito: 2_345 }, { estado: 'entregado', motivo: null }, ENLACES);
    expect(c.texto).toContain('Crédito por reclamo: −$2.345\nNeto: $10.000\nIVA (19 %): $1.900\nTotal: $11.900');
    expect(visible(c.html)).toContain('Crédito por reclamo −$2.345 Neto $10.000 IVA (19 %) $1.900 Total $11.900');
  });

  it('the order receipt shows each pedido’s amounts and the order’s, its IVA once on the whole neto', () => {
    const c = correoOrdenRecibida('d@prueba.cl', orden, [pedido, otro], ENLACES.seguimiento);
    expect(c.texto).toContain('Neto: $12.345\nIVA (19 %): $2.346\nTotal del pedido: $14.691');
    expect(c.texto).toContain('Neto: $10.000\nIVA (19 %): $1.900\nTotal del pedido: $11.900');
    expect(c.texto).toContain('Neto: $22.345\nIVA (19 %): $4.246\nTotal de la orden: $26.591');
    expect(visible(c.html)).toContain('Neto $22.345 IVA (19 %) $4.246 Total de la orden $26.591');
  });

  it('the order’s IVA is 19 % of its neto even where the pedidos’ rounded IVA add up to another peso', () => {
    // $3 + $3 + $3: each pedido's IVA rounds to $1 ($3 in all); the order's is 19 % of $9 → $2.
    const tres = [1, 2, 3].map((id) => ({ ...pedido, id, lineas: [lineaCorreo('Sal', 1, 3)], costo_despacho: 0, total: 3 }));
    const c = correoOrdenRecibida('d@prueba.cl', { ...orden, total: 9 }, tres, ENLACES.seguimiento);
    expect(c.texto).toContain('Neto: $3\nIVA (19 %): $1\nTotal del pedido: $4');
    expect(c.texto).toContain('Neto: $9\nIVA (19 %): $2\nTotal de la orden: $11');
  });

  it('‘Nuevo pedido’ shows the supplier its pedido’s Neto, IVA and Total', () => {
    const c = correoNuevoPedido('ventas@prueba.cl', orden, pedido, 'https://abastece.example/pedidos-recibidos/77');
    expect(c.texto).toContain('Neto: $12.345\nIVA (19 %): $2.346\nTotal: $14.691');
    expect(visible(c.html)).toContain('Neto $12.345 IVA (19 %) $2.346 Total $14.691');
  });

  it('‘Confirma tu orden’ shows the order’s Neto, IVA and Total', () => {
    const proveedores = [{ proveedor: 'Frigorífico Los Andes', lineas: pedido.lineas, costo_despacho: 1_500 }];
    const c = correoConfirmaOrden('x@prueba.cl', proveedores, 12_345, new Date('2026-11-28T15:30:00Z'), 'https://abastece.example/confirmar-orden/t');
    expect(c.texto).toContain('Neto: $12.345\nIVA (19 %): $2.346\nTotal de la orden: $14.691');
    expect(visible(c.html)).toContain('Neto $12.345 IVA (19 %) $2.346 Total de la orden $14.691');
  });
});
