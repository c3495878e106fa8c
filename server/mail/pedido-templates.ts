// The e-mails of an order's life: to the buyer when it is placed and whenever a
// pedido changes, to each supplier when it receives one (and when the buyer annuls it).
import { conIva } from '#common/iva';
import {
  formatCantidad,
  formatClp,
  formatDespacho,
  formatDiaLargo,
  formatDireccion,
  formatFechaEntrega,
  formatFechaHora,
  nombreProducto,
} from '#common/format';
import type { Entrega, EstadoPedido, LineaCompra } from '#common/schemas/pedidos';
import { filasMontos, montosHtml, montosTexto } from './montos';
import { buildCorreo, CELDA, CELDA_NUMERO, type Correo, escapeHtml, parrafo, parrafosHtml, saludoDe } from './templates';

interface OrdenCorreo {
  id: number;
  creado_en: string;
  comprador: string;
  entrega: Entrega;
  total: number;
  /** The account's first name when it was bought with one (its e-mails go to that account). */
  nombre_cuenta?: string | null;
}

/** A line as the e-mails give it; a pedido's carries what its supplier confirmed when less than ordered. */
type LineaCorreo = LineaCompra & { cantidad_confirmada?: number | null };

interface PedidoCorreo {
  id: number;
  proveedor: string;
  lineas: LineaCorreo[];
  /** Included in total. */
  costo_despacho: number;
  /** Its own delivery day, when it has one (each supplier may come another day). */
  fecha_entrega?: string | null;
  /** Its products and delivery fee, net. */
  total: number;
  /** A claim's accepted credit, net: taken out of total before IVA (docs/decisions/026). */
  credito?: number;
}

/** What a line charges for: its confirmed quantity, with what was ordered beside it when less (docs/decisions/026). */
const cantidadLinea = (l: LineaCorreo) =>
  l.cantidad_confirmada == null
    ? formatCantidad(l.cantidad, l.unidad)
    : `${formatCantidad(l.cantidad_confirmada, l.unidad)} (pediste ${formatCantidad(l.cantidad, l.unidad)})`;

const despachoTexto = (costo: number) => `Despacho: ${formatDespacho(costo)}`;

/** A pedido's lines, its delivery fee and its Neto / IVA / Total, as plain text. */
function pedidoTexto(p: PedidoCorreo, rotulo = 'Total'): string {
  const lineas = p.lineas.map((l) => `- ${nombreProducto(l)}: ${cantidadLinea(l)} × ${formatClp(l.precio)} = ${formatClp(l.subtotal)}`);
  return [...lineas, despachoTexto(p.costo_despacho), montosTexto(filasMontos(p.total, rotulo, p.credito))].join('\n');
}

function pedidoHtml({ lineas, costo_despacho, total, credito }: PedidoCorreo, rotulo = 'Total'): string {
  const filas = lineas
    .map(
      (l) =>
        `<tr><td ${CELDA}>${escapeHtml(nombreProducto(l))}</td><td ${CELDA_NUMERO}>${escapeHtml(cantidadLinea(l))}</td><td ${CELDA_NUMERO}>${formatClp(l.precio)}</td><td ${CELDA_NUMERO}>${formatClp(l.subtotal)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;margin:8px 0 4px">
<tr><th ${CELDA}>Producto</th><th ${CELDA_NUMERO}>Cantidad</th><th ${CELDA_NUMERO}>Precio</th><th ${CELDA_NUMERO}>Subtotal</th></tr>${filas}
<tr><td ${CELDA} colspan="3">Despacho</td><td ${CELDA_NUMERO}>${formatDespacho(costo_despacho)}</td></tr></table>${montosHtml(filasMontos(total, rotulo, credito))}`;
}

function entregaFilas(e: Entrega): string[] {
  const lugar = formatDireccion(e.direccion_envio, e.comuna_nombre, e.region_nombre);
  return [
    `Fecha de entrega: ${formatFechaEntrega(e.fecha_entrega)}`,
    `Dirección: ${lugar || 'no indicada'}`,
    `Contacto: ${[e.nombre_contacto, e.telefono_contacto, e.correo_contacto].filter(Boolean).join(' · ') || 'no indicado'}`,
  ];
}

const entregaHtml = (e: Entrega) =>
  `<p style="margin:0 0 4px"><strong>Entrega</strong></p>${entregaFilas(e)
    .map((f) => `<p style="margin:0 0 4px">${escapeHtml(f)}</p>`)
    .join('')}`;

/**
 * The buyer's e-mails greet the person who reads them: the account's first name when it bought
 * with one (they go to the account's address), else the delivery contact it named. Never the
 * razón social nor the contact of a saved address, which is often a place ('Bodega Sur').
 */
const saludoComprador = (orden: OrdenCorreo) => saludoDe(orden.nombre_cuenta ?? orden.entrega.nombre_contacto);

/** Under every e-mail that carries the tracking link: what it shows to whoever holds it. */
const PIE_SEGUIMIENTO =
  'Con el enlace de seguimiento ves el estado de cada pedido sin iniciar sesión. Muestra los productos, la fecha y la comuna de entrega, no tus datos de contacto ni de facturación.';

/** To the buyer, once the order is placed: every supplier's lines, the totals, the delivery and the tracking link. */
export function correoOrdenRecibida(para: string, orden: OrdenCorreo, pedidos: PedidoCorreo[], url: string): Correo {
  const porProveedor = pedidos.map((p) => {
    const dia = p.fecha_entrega ? ` · entrega el ${formatDiaLargo(p.fecha_entrega)}` : '';
    return {
      texto: `${p.proveedor} (pedido N° ${p.id})${dia}\n${pedidoTexto(p, 'Total del pedido')}`,
      html: `<p style="margin:16px 0 0"><strong>${escapeHtml(p.proveedor)}</strong> · pedido N° ${p.id}${escapeHtml(dia)}</p>${pedidoHtml(p, 'Total del pedido')}`,
    };
  });
  const entrega = entregaFilas(orden.entrega);
  return buildCorreo(
    para,
    `Recibimos tu orden N° ${orden.id}`,
    saludoComprador(orden),
    [
      parrafo(
        `Recibimos tu orden de compra N° ${orden.id} (${formatFechaHora(orden.creado_en)}). Cada proveedor recibió su pedido y te escribiremos cuando lo confirme, lo despache o lo entregue.`,
      ),
      ...porProveedor,
      // The order is one document: IVA once on its whole neto, not the sum of its pedidos' (docs/decisions/026).
      {
        texto: montosTexto(filasMontos(orden.total, 'Total de la orden')),
        html: `<p style="margin:16px 0 4px"><strong>La orden</strong></p>${montosHtml(filasMontos(orden.total, 'Total de la orden'))}`,
      },
      { texto: `Entrega\n${entrega.join('\n')}`, html: entregaHtml(orden.entrega) },
    ],
    { texto: 'Seguir mi orden', url },
    PIE_SEGUIMIENTO,
  );
}

/** To a supplier, when an order gives it a pedido: its lines, the delivery data and date, a link to the pedido. */
export function correoNuevoPedido(para: string, orden: OrdenCorreo, pedido: PedidoCorreo, url: string): Correo {
  const entrega = entregaFilas(orden.entrega);
  const comprador = orden.comprador || 'un comprador';
  return buildCorreo(
    para,
    `Nuevo pedido N° ${pedido.id} de ${comprador}`,
    saludoDe(pedido.proveedor),
    [
      parrafo(
        `${comprador} te hizo el pedido N° ${pedido.id} en Abastece (${formatFechaHora(orden.creado_en)}). Confírmalo o recházalo desde tus pedidos recibidos.`,
      ),
      { texto: pedidoTexto(pedido), html: pedidoHtml(pedido) },
      { texto: `Entrega\n${entrega.join('\n')}`, html: entregaHtml(orden.entrega) },
    ],
    { texto: 'Ver el pedido', url },
    'El stock de este pedido ya se descontó de tus lotes; si lo rechazas, vuelve a ellos.',
  );
}

const QUE_PASO: Partial<Record<EstadoPedido, (proveedor: string) => string>> = {
  confirmado: (p) => `${p} confirmó tu pedido: lo está preparando.`,
  despachado: (p) => `${p} despachó tu pedido: va en camino.`,
  entregado: (p) => `${p} marcó tu pedido como entregado.`,
  rechazado: (p) => `${p} rechazó tu pedido. No se te cobrará y su stock quedó libre: puedes cotizar de nuevo.`,
  anulado: () => 'Anulaste este pedido. No se te cobrará.',
};

/**
 * To the buyer, on every change of a pedido's state (with the reason of a rejection): its button
 * is the order's tracking link, an order of an account also links to its full page, and a
 * rejection links to /cotizar filled with the pedido's products ('Cotizar de nuevo').
 */
export function correoEstadoPedido(
  para: string,
  orden: OrdenCorreo,
  pedido: PedidoCorreo,
  cambio: { estado: EstadoPedido; motivo: string | null },
  enlaces: { seguimiento: string; orden?: string; cotizarDeNuevo?: string },
): Correo {
  const cortas = cambio.estado === 'confirmado' ? pedido.lineas.filter((l) => l.cantidad_confirmada != null) : [];
  const quePaso =
    cortas.length > 0 ? `${pedido.proveedor} confirmó parcialmente tu pedido: no tiene todo lo que pediste.` : QUE_PASO[cambio.estado]?.(pedido.proveedor);
  const partes = [parrafo(`${quePaso ?? ''} Pedido N° ${pedido.id} de tu orden N° ${orden.id}.`)];
  if (cortas.length > 0) {
    // docs/decisions/026 §Confirmación parcial: each short line, ordered and confirmed, and what the pedido costs now.
    const filas = cortas.map(
      (l) => `${nombreProducto(l)}: pediste ${formatCantidad(l.cantidad, l.unidad)}, confirmó ${formatCantidad(l.cantidad_confirmada!, l.unidad)}`,
    );
    const total = `Solo se te cobra lo confirmado: el pedido queda en ${formatClp(pedido.total)} neto, ${formatClp(conIva(pedido.total).total_con_iva)} con IVA.`;
    partes.push({
      texto: `${filas.map((f) => `- ${f}`).join('\n')}\n${total}`,
      html: `<ul>${filas.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>${parrafosHtml([total])}`,
    });
  }
  if (cambio.motivo) partes.push(parrafo(`Motivo: ${cambio.motivo}`));
  partes.push({ texto: pedidoTexto(pedido), html: pedidoHtml(pedido) });
  if (enlaces.cotizarDeNuevo) {
    // docs/producto.md §16: one click to the same products and quantities, compared across every supplier again.
    const otraVez = 'Cotiza estos mismos productos con los demás proveedores:';
    partes.push({
      texto: `${otraVez} ${enlaces.cotizarDeNuevo}`,
      html: `<p>${escapeHtml(otraVez)} <a href="${escapeHtml(enlaces.cotizarDeNuevo)}">Cotizar de nuevo</a></p>`,
    });
  }
  if (enlaces.orden) {
    const enCuenta = 'Con tu cuenta ves la orden completa, con sus datos de entrega y facturación:';
    partes.push({
      texto: `${enCuenta} ${enlaces.orden}`,
      html: `<p>${escapeHtml(enCuenta)} <a href="${escapeHtml(enlaces.orden)}">Ver mi orden N° ${orden.id}</a></p>`,
    });
  }
  return buildCorreo(
    para,
    `Tu pedido N° ${pedido.id} a ${pedido.proveedor} fue ${cambio.estado}${cortas.length > 0 ? ' parcialmente' : ''}`,
    saludoComprador(orden),
    partes,
    { texto: 'Seguir mi orden', url: enlaces.seguimiento },
    `${PIE_SEGUIMIENTO} Recibes este correo porque compraste en Abastece.`,
  );
}

/** To the supplier, when the buyer annuls a pending pedido: it must not be prepared. */
export function correoPedidoAnulado(para: string, orden: OrdenCorreo, pedido: PedidoCorreo, motivo: string | null, url: string): Correo {
  const partes = [parrafo(`${orden.comprador || 'El comprador'} anuló el pedido N° ${pedido.id}: no lo prepares. Su stock volvió a tus lotes.`)];
  if (motivo) partes.push(parrafo(`Motivo: ${motivo}`));
  return buildCorreo(
    para,
    `Pedido N° ${pedido.id} anulado por ${orden.comprador || 'el comprador'}`,
    saludoDe(pedido.proveedor),
    partes,
    { texto: 'Ver el pedido', url },
    'Recibes este correo porque vendes en Abastece.',
  );
}
