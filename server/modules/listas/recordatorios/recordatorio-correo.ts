import { formatClp, formatDiaLargo } from '#common/format';
import { conIva, TASA_IVA } from '#common/iva';
import type { CompararPrecios } from '#common/schemas/comparacion';
import { compararConUltimaVez, formatVariacion, type UltimoPrecio } from '#common/ultima-vez';
import { type Correo, layout, parrafosHtml } from '#server/mail/templates';

/** The subject, and the e-mail's first line: 'Tu lista «Semana» está cotizada: $123.490 (−2,1 % que la última vez)'. */
export function asuntoListaCotizada(nombre: string, respuesta: Pick<CompararPrecios, 'total' | 'resultados'>): string {
  // Each line: what the selection buys of it and what that costs, against the price paid last time
  // (`ultimo_precio`, on the lines of a logged-in buyer's comparison: common/ultima-vez.ts).
  const lineas = respuesta.resultados.map((r) => ({
    cantidad: r.opciones_seleccionadas.reduce((n, o) => n + o.cantidad_proveida, 0),
    subtotal: r.opciones_seleccionadas.reduce((n, o) => n + o.subtotal, 0),
    ultimo_precio: (r as { ultimo_precio?: UltimoPrecio | null }).ultimo_precio ?? null,
  }));
  const ultimaVez = compararConUltimaVez(lineas);
  const comparado = ultimaVez ? ` (${formatVariacion(ultimaVez.variacion)} que la última vez)` : '';
  return `Tu lista «${nombre}» está cotizada: ${formatClp(respuesta.total)}${comparado}`;
}

/**
 * What a list's reminder sends its buyer (docs/producto.md §16): the delivered total first (net, as
 * every price: its total with IVA follows, docs/decisions/026), the link to its results, and that
 * nothing is bought without the buyer.
 */
export function correoListaCotizada(para: string, persona: string, lista: string, respuesta: CompararPrecios, url: string): Correo {
  const titulo = asuntoListaCotizada(lista, respuesta);
  const saludo = `Hola ${persona}:`;
  const preparada = `Preparamos la cotización de tu lista «${lista}» con tu dirección principal, para entrega el ${formatDiaLargo(respuesta.fecha_entrega)}. El total incluye el despacho y es neto: con IVA (${TASA_IVA} %) son ${formatClp(conIva(respuesta.total).total_con_iva)}.`;
  const fuera = respuesta.productos_no_identificados.map((p) => p.mensaje);
  const nadaSinTi = 'Revísala y, si te conviene, cómprala desde el enlace: no compramos nada sin ti.';
  const pie = 'Recibes este correo porque programaste un recordatorio para esta lista en Mis listas; ahí puedes cambiarlo o quitarlo.';
  const parrafos = [saludo, preparada, ...fuera, nadaSinTi];
  return {
    para,
    asunto: titulo,
    texto: `${titulo}\n\n${parrafos.join('\n\n')}\n\n${url}\n\n${pie}\n\nEl equipo de Abastece`,
    // The layout's first paragraph is the title, as in the text: the total is what the buyer reads first.
    html: layout(titulo, parrafosHtml(parrafos), { texto: 'Ver la cotización', url }, pie),
  };
}

/**
 * When a reminder could not quote the list for a reason the buyer can fix (no main address,
 * nothing of it on sale): said once, after its last attempt, rather than silence.
 */
export function correoListaNoCotizada(para: string, persona: string, lista: string, motivo: string, url: string): Correo {
  const asunto = `No pudimos cotizar tu lista «${lista}»`;
  const saludo = `Hola ${persona}:`;
  const parrafos = [
    `Tu recordatorio de hoy no pudo preparar la cotización de tu lista «${lista}»: ${motivo}`,
    'Cuando lo corrijas, el próximo recordatorio la preparará; también puedes cotizarla ahora desde Mis listas.',
  ];
  const pie = 'Recibes este correo porque programaste un recordatorio para esta lista en Mis listas; ahí puedes cambiarlo o quitarlo.';
  return {
    para,
    asunto,
    texto: `${saludo}\n\n${parrafos.join('\n\n')}\n\n${url}\n\n${pie}\n\nEl equipo de Abastece`,
    html: layout(saludo, parrafosHtml(parrafos), { texto: 'Ir a Mis listas', url }, pie),
  };
}
