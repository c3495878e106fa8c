// The e-mail that holds an order placed without an account until its contact confirms it
// (docs/decisions/007, 'Órdenes sin cuenta'). Anyone may type any address at checkout, so this
// message carries no text the requester typed (no name, address, razón social): only catalogue
// and supplier names, quantities, prices and the link. Sent to a stranger, it says nothing but
// "someone asked to buy this with your address; ignore it and nothing happens".
import { formatCantidad, formatClp, formatFechaHora, nombreProducto } from '#common/format';
import { MINUTOS_POR_CONFIRMAR } from '#common/schemas/ordenes';
import { filasMontos, montosHtml, montosTexto } from './montos';
import { type Correo, escapeHtml, layout, parrafosHtml } from './templates';

export interface LineaPorConfirmar {
  producto_nombre: string;
  marca: string;
  unidad: string;
  cantidad: number;
  subtotal: number;
}

export interface ProveedorPorConfirmar {
  proveedor: string;
  lineas: LineaPorConfirmar[];
  costo_despacho: number;
}

const lineaTexto = (l: LineaPorConfirmar) => `${nombreProducto(l)}: ${formatCantidad(l.cantidad, l.unidad)} · ${formatClp(l.subtotal)}`;
const despachoTexto = (costo: number) => `Despacho: ${costo > 0 ? formatClp(costo) : 'sin costo'}`;

/** 'Confirma tu orden': what the order will buy, its total, and the link that buys it before `venceEn`. */
export function correoConfirmaOrden(para: string, proveedores: ProveedorPorConfirmar[], total: number, venceEn: Date, url: string): Correo {
  const asunto = 'Confirma tu orden';
  const saludo = 'Hola:';
  const intro = `Se pidió una orden de compra en Abastece con este correo como contacto. Para comprar, confírmala con el botón de abajo antes del ${formatFechaHora(venceEn)} (${MINUTOS_POR_CONFIRMAR} minutos): hasta entonces no se compra nada ni se reserva stock, y los proveedores no la reciben.`;
  const pie = 'Si no la pediste tú, ignora este mensaje: sin confirmar, la orden se anula sola y no se compra nada.';
  const bloques = proveedores.map((p) => ({
    texto: [p.proveedor, ...p.lineas.map((l) => `- ${lineaTexto(l)}`), `- ${despachoTexto(p.costo_despacho)}`].join('\n'),
    html: `<p style="margin:16px 0 4px"><strong>${escapeHtml(p.proveedor)}</strong></p><ul style="margin:0;padding-left:20px">${[
      ...p.lineas.map(lineaTexto),
      despachoTexto(p.costo_despacho),
    ]
      .map((t) => `<li>${escapeHtml(t)}</li>`)
      .join('')}</ul>`,
  }));
  // Net prices and fees, IVA once on the order's neto (docs/decisions/026).
  const montos = filasMontos(total, 'Total de la orden');
  const boton = { texto: 'Confirmar mi orden', url };
  return {
    para,
    asunto,
    texto: `${saludo}\n\n${intro}\n\n${bloques.map((b) => b.texto).join('\n\n')}\n\n${montosTexto(montos)}\n\n${boton.texto}: ${url}\n\n${pie}\n\nEl equipo de Abastece`,
    html: layout(saludo, `${parrafosHtml([intro])}${bloques.map((b) => b.html).join('')}${montosHtml(montos)}`, boton, pie),
  };
}
