// The e-mails of a pedido's receipt and claim (docs/decisions/026): the claim to its supplier with a
// copy to its buyer, and the supplier's answer to its buyer with a copy to the supplier.
import { formatCantidad, formatClp, nombreProducto } from '#common/format';
import { PROBLEMA_TEXTO, type ProblemaRecepcion } from '#common/schemas/pedidos';
import { filasMontos, montosHtml, montosTexto } from './montos';
import { buildCorreo, CELDA, CELDA_NUMERO, type Correo, escapeHtml, type Parte, parrafo, saludoDe } from './templates';

/** A line the buyer received short: what was confirmed and received, why, and what the difference is worth (net). */
export interface LineaReclamada {
  producto_nombre: string;
  marca: string;
  unidad: string;
  confirmada: number;
  recibida: number;
  problema: ProblemaRecepcion | null;
  comentario: string | null;
  monto: number;
}

export interface ReclamoCorreo {
  pedido_id: number;
  orden_id: number;
  proveedor: string;
  comprador: string;
  /** Net. */
  monto: number;
  lineas: LineaReclamada[];
}

const problemaDe = (l: LineaReclamada) => (l.problema ? PROBLEMA_TEXTO[l.problema] : 'Sin problema indicado');
/** Each short line: confirmed and received, the problem, the comment and its amount. */
function lineasReclamo(r: ReclamoCorreo): Parte {
  const texto = r.lineas.map((l) => {
    const comentario = l.comentario ? ` · "${l.comentario}"` : '';
    return `- ${nombreProducto(l)}: confirmado ${formatCantidad(l.confirmada, l.unidad)}, recibido ${formatCantidad(l.recibida, l.unidad)} · ${problemaDe(l)}${comentario} · ${formatClp(l.monto)}`;
  });
  const filas = r.lineas
    .map(
      (l) =>
        `<tr><td ${CELDA}>${escapeHtml(nombreProducto(l))}</td><td ${CELDA_NUMERO}>${escapeHtml(formatCantidad(l.confirmada, l.unidad))}</td><td ${CELDA_NUMERO}>${escapeHtml(formatCantidad(l.recibida, l.unidad))}</td><td ${CELDA}>${escapeHtml(problemaDe(l))}${l.comentario ? `<br><span style="color:#4b5a53">${escapeHtml(l.comentario)}</span>` : ''}</td><td ${CELDA_NUMERO}>${formatClp(l.monto)}</td></tr>`,
    )
    .join('');
  return {
    texto: [...texto, `Monto del reclamo (neto): ${formatClp(r.monto)}`].join('\n'),
    html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;margin:8px 0 16px">
<tr><th ${CELDA}>Producto</th><th ${CELDA_NUMERO}>Confirmado</th><th ${CELDA_NUMERO}>Recibido</th><th ${CELDA}>Problema</th><th ${CELDA_NUMERO}>Monto</th></tr>${filas}
<tr><td ${CELDA} colspan="4"><strong>Monto del reclamo (neto)</strong></td><td ${CELDA_NUMERO}><strong>${formatClp(r.monto)}</strong></td></tr></table>`,
  };
}

/** To the supplier, when its buyer records a receipt with a difference: the claim, line by line, and where to answer it. */
export function correoReclamoAbierto(para: string, r: ReclamoCorreo, url: string): Correo {
  const comprador = r.comprador || 'El comprador';
  return buildCorreo(
    para,
    `Reclamo por el pedido N° ${r.pedido_id}: ${formatClp(r.monto)}`,
    saludoDe(r.proveedor),
    [
      parrafo(`${comprador} registró la recepción del pedido N° ${r.pedido_id} con diferencias y abrió un reclamo por ${formatClp(r.monto)} (neto).`),
      lineasReclamo(r),
      parrafo('Acéptalo con un crédito de hasta ese monto, o recházalo indicando el motivo, desde el pedido.'),
    ],
    { texto: 'Responder el reclamo', url },
    'Recibes este correo porque vendes en Abastece.',
  );
}

/** The buyer's copy of its own claim. */
export function correoReclamoCopia(para: string, saludo: string, r: ReclamoCorreo, url: string): Correo {
  return buildCorreo(
    para,
    `Tu reclamo por el pedido N° ${r.pedido_id}: ${formatClp(r.monto)}`,
    saludoDe(saludo),
    [
      parrafo(
        `Registraste la recepción del pedido N° ${r.pedido_id} de ${r.proveedor} (orden N° ${r.orden_id}) y abrimos un reclamo por ${formatClp(r.monto)} (neto). Te escribiremos cuando ${r.proveedor} lo responda.`,
      ),
      lineasReclamo(r),
    ],
    { texto: 'Ver mi orden', url },
    'Recibes este correo porque compraste en Abastece.',
  );
}

export interface RespuestaCorreo {
  pedido_id: number;
  orden_id: number;
  proveedor: string;
  comprador: string;
  /** Net, claimed. */
  monto: number;
  respuesta: { accion: 'aceptar'; monto_credito: number } | { accion: 'rechazar'; motivo: string };
  /** The pedido's products and delivery fee, net, before any credit (an accepted one comes off it before IVA). */
  total: number;
}

/** The pedido's final amounts as every document closes them: the credit, then Neto, IVA and Total on what is left. */
function montosFinales(r: RespuestaCorreo): Parte {
  const filas = filasMontos(r.total, 'Total', r.respuesta.accion === 'aceptar' ? r.respuesta.monto_credito : 0);
  return {
    texto: `Monto final del pedido\n${montosTexto(filas)}`,
    html: `<p style="margin:16px 0 4px"><strong>Monto final del pedido</strong></p>${montosHtml(filas)}`,
  };
}

const queRespondio = (r: RespuestaCorreo, quien: string) =>
  r.respuesta.accion === 'aceptar'
    ? `${quien} el reclamo por ${formatClp(r.monto)} del pedido N° ${r.pedido_id} con un crédito de ${formatClp(r.respuesta.monto_credito)} (neto).`
    : `${quien} el reclamo por ${formatClp(r.monto)} del pedido N° ${r.pedido_id}.`;

/** To the buyer, when the supplier answers its claim: the answer and the pedido's final Neto, IVA and Total. */
export function correoReclamoRespondido(para: string, saludo: string, r: RespuestaCorreo, url: string): Correo {
  const acepta = r.respuesta.accion === 'aceptar';
  const partes = [parrafo(queRespondio(r, `${r.proveedor} ${acepta ? 'aceptó' : 'rechazó'}`))];
  if (r.respuesta.accion === 'rechazar') partes.push(parrafo(`Motivo: ${r.respuesta.motivo}`));
  partes.push(montosFinales(r));
  return buildCorreo(
    para,
    `${r.proveedor} ${acepta ? 'aceptó' : 'rechazó'} tu reclamo del pedido N° ${r.pedido_id}`,
    saludoDe(saludo),
    partes,
    { texto: 'Ver mi orden', url },
    'Recibes este correo porque compraste en Abastece.',
  );
}

/** The supplier's copy of its answer. */
export function correoRespuestaCopia(para: string, r: RespuestaCorreo, url: string): Correo {
  const acepta = r.respuesta.accion === 'aceptar';
  const partes = [parrafo(queRespondio(r, acepta ? 'Aceptaste' : 'Rechazaste'))];
  if (r.respuesta.accion === 'rechazar') partes.push(parrafo(`Motivo: ${r.respuesta.motivo}`));
  partes.push(montosFinales(r));
  return buildCorreo(
    para,
    `${acepta ? 'Aceptaste' : 'Rechazaste'} el reclamo del pedido N° ${r.pedido_id}`,
    saludoDe(r.proveedor),
    partes,
    { texto: 'Ver el pedido', url },
    'Recibes este correo porque vendes en Abastece.',
  );
}
