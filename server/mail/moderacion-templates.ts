// The e-mails of a moderator's decision, to the supplier who proposed the product (docs/decisions/009).
import { type Correo, layout, parrafosHtml } from './templates';

interface Proponente {
  /** The name buyers see. */
  nombre: string;
  producto: string;
  /** Company data and delivery terms saved: its offers enter comparisons (docs/producto.md §17). */
  listo: boolean;
}

const FIRMA = 'El equipo de Abastece';
const PIE = 'Recibes este correo porque vendes en Abastece.';

function correo(para: string, nombre: string, asunto: string, parrafos: string[], boton: { texto: string; url: string }): Correo {
  const saludo = nombre.trim() ? `Hola ${nombre.trim()}:` : 'Hola:';
  return {
    para,
    asunto,
    texto: [saludo, ...parrafos, `${boton.texto}: ${boton.url}`, PIE, FIRMA].join('\n\n'),
    html: layout(saludo, parrafosHtml(parrafos), boton, PIE),
  };
}

/**
 * Approved: it is in the catalogue now; its offers are quoted at once, or once the supplier saves
 * what is missing (its company, its delivery terms), which the e-mail says and links to.
 */
export function correoProductoAprobado(para: string, p: Proponente, urls: { productos: string; empresa: string }): Correo {
  return p.listo
    ? correo(para, p.nombre, `Tu producto «${p.producto}» fue aprobado`, [`Tu producto «${p.producto}» fue aprobado y ya aparece en las cotizaciones.`], {
        texto: 'Ver mis productos',
        url: urls.productos,
      })
    : correo(
        para,
        p.nombre,
        `Tu producto «${p.producto}» fue aprobado`,
        [`Tu producto «${p.producto}» fue aprobado.`, 'Aparecerá en las cotizaciones cuando completes los datos de tu empresa y tus condiciones de despacho.'],
        { texto: 'Completar mis datos', url: urls.empresa },
      );
}

/** Rejected: the moderator's note, and where to correct the product and send it again. */
export function correoProductoRechazado(para: string, p: Proponente, motivo: string | null, url: string): Correo {
  return correo(
    para,
    p.nombre,
    `Tu producto «${p.producto}» fue rechazado`,
    [
      `Tu producto «${p.producto}» fue rechazado por el equipo de la plataforma.`,
      motivo ? `Motivo: ${motivo}` : 'El moderador no indicó un motivo.',
      'Corrígelo y envíalo de nuevo desde tu listado de productos, con «Corregir y reenviar».',
    ],
    { texto: 'Corregir mi producto', url },
  );
}
