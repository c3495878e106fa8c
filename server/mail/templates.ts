// Spanish e-mails, HTML + text. Values are escaped: names come from users.
export interface Correo {
  para: string;
  asunto: string;
  texto: string;
  html: string;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Paragraphs of plain text as HTML, escaped. */
export const parrafosHtml = (parrafos: string[]) => parrafos.map((p) => `<p>${escapeHtml(p)}</p>`).join('');

export const FIRMA = 'El equipo de Abastece';

/** A table cell's style in the e-mails: text to the left; amounts and quantities to the right, never wrapped. */
export const CELDA = 'style="padding:6px 8px;border-bottom:1px solid #e3e8e5;text-align:left"';
export const CELDA_NUMERO = 'style="padding:6px 8px;border-bottom:1px solid #e3e8e5;text-align:right;white-space:nowrap"';

/** A piece of an e-mail's body, as plain text and as HTML. */
export interface Parte {
  texto: string;
  html: string;
}
export const parrafo = (texto: string): Parte => ({ texto, html: parrafosHtml([texto]) });
export const saludoDe = (nombre: string) => (nombre.trim() ? `Hola ${nombre.trim()}:` : 'Hola:');

/**
 * The one e-mail frame: greeting, a body already in HTML (its values escaped by the caller), one button, a footnote.
 * Fluid, with no fixed width anywhere: the card is 100 % wide up to 600 px, so a 375 px phone shows
 * it whole and a desktop client a column of readable length; links written out may break anywhere.
 */
export function layout(saludo: string, cuerpoHtml: string, boton: { texto: string; url: string }, pie: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Abastece</title></head>
<body style="margin:0;padding:0;background:#f6f8f7;font-family:Arial,Helvetica,sans-serif;color:#1c2622;-webkit-text-size-adjust:100%">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#fff;border-radius:10px">
<tr><td style="padding:24px 20px;font-size:15px;line-height:1.5;overflow-wrap:break-word;word-wrap:break-word"><p style="font-size:22px;font-weight:bold;color:#155c39;margin:0 0 16px">Abastece</p>
<p>${escapeHtml(saludo)}</p>${cuerpoHtml}
<p style="margin:28px 0"><a href="${escapeHtml(boton.url)}" style="display:inline-block;background:#1f7a4d;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(boton.texto)}</a></p>
<p style="font-size:13px;color:#4b5a53">Si el botón no funciona, copia este enlace en tu navegador:<br><span style="word-break:break-all">${escapeHtml(boton.url)}</span></p>
<p style="font-size:13px;color:#4b5a53">${escapeHtml(pie)}</p></td></tr></table></td></tr></table></body></html>`;
}

/** An e-mail of parts (paragraphs, tables) in the one frame, its text version in the same order. */
export function buildCorreo(para: string, asunto: string, saludo: string, partes: Parte[], boton: { texto: string; url: string }, pie: string): Correo {
  return {
    para,
    asunto,
    texto: `${saludo}\n\n${partes.map((p) => p.texto).join('\n\n')}\n\n${boton.texto}: ${boton.url}\n\n${pie}\n\n${FIRMA}`,
    html: layout(saludo, partes.map((p) => p.html).join(''), boton, pie),
  };
}

interface Contenido {
  asunto: string;
  parrafo: string;
  boton: string;
  pie: string;
}

function correo(para: string, nombre: string, url: string, c: Contenido): Correo {
  const saludo = `Hola ${nombre}:`;
  return {
    para,
    asunto: c.asunto,
    texto: `${saludo}\n\n${c.parrafo}\n\n${url}\n\n${c.pie}\n\n${FIRMA}`,
    html: layout(saludo, parrafosHtml([c.parrafo]), { texto: c.boton, url }, c.pie),
  };
}

export const correoActivacion = (para: string, nombre: string, url: string) =>
  correo(para, nombre, url, {
    asunto: 'Activa tu cuenta en Abastece',
    parrafo: 'Gracias por registrarte en Abastece. Para activar tu cuenta, confirma tu correo con el siguiente enlace (vale por 3 días).',
    boton: 'Activar mi cuenta',
    pie: 'Si no creaste esta cuenta, ignora este mensaje.',
  });

export const correoReset = (para: string, nombre: string, url: string) =>
  correo(para, nombre, url, {
    asunto: 'Restablece tu contraseña de Abastece',
    parrafo:
      'Recibimos una solicitud para restablecer la contraseña de tu cuenta en Abastece. Usa el siguiente enlace para elegir una nueva (vale por 1 hora y una sola vez).',
    boton: 'Elegir una nueva contraseña',
    pie: 'Si no lo pediste, ignora este mensaje: tu contraseña sigue igual.',
  });

/** To the new address of a profile e-mail change: it takes effect only through this link. */
export const correoCambioCorreo = (para: string, nombre: string, url: string) =>
  correo(para, nombre, url, {
    asunto: 'Confirma tu nuevo correo en Abastece',
    parrafo:
      'Pediste usar esta dirección como correo de tu cuenta en Abastece. Confírmala con el siguiente enlace (vale por 24 horas y una sola vez); hasta entonces sigues entrando con tu correo anterior.',
    boton: 'Confirmar mi nuevo correo',
    pie: 'Si no lo pediste, ignora este mensaje: tu cuenta no cambia.',
  });

/** To the current address of a profile e-mail change: a notice, with the way out if it was not the owner. */
export const correoAvisoCambioCorreo = (para: string, nombre: string, nuevo: string, urlReset: string) =>
  correo(para, nombre, urlReset, {
    asunto: 'Se pidió cambiar el correo de tu cuenta de Abastece',
    parrafo: `Se pidió cambiar el correo de tu cuenta en Abastece a ${nuevo}. El cambio se hará solo cuando se confirme desde esa dirección; mientras tanto sigues entrando con este correo. Si no fuiste tú, cambia tu contraseña ahora.`,
    boton: 'Cambiar mi contraseña',
    pie: 'Si fuiste tú, no tienes que hacer nada más aquí.',
  });

/**
 * To the owner of an address that another account asked to use as its e-mail: the profile answered
 * as for a free address (no one learns which e-mails have accounts), and the owner learns it here.
 */
export const correoAvisoCorreoPedido = (para: string, nombre: string, urlLogin: string) =>
  correo(para, nombre, urlLogin, {
    asunto: 'Otra cuenta pidió usar tu correo en Abastece',
    parrafo:
      'Desde otra cuenta de Abastece se pidió usar esta dirección como su correo. Como ya es el correo de tu cuenta, ese cambio no se hará y nada cambió en la tuya.',
    boton: 'Iniciar sesión',
    pie: 'Si no fuiste tú, ignora este mensaje: nadie puede tomar tu correo ni entrar a tu cuenta sin tu contraseña.',
  });

/**
 * To the owner of an active account when someone signs up with its e-mail: the signup answers as
 * for a new address (no one learns which e-mails have accounts), and the owner learns it here.
 */
export function correoAvisoRegistro(para: string, nombre: string, urlLogin: string, urlReset: string): Correo {
  const saludo = `Hola ${nombre}:`;
  const aviso = 'Alguien intentó crear una cuenta en Abastece con tu correo. Como ya tienes una cuenta, no se creó otra y nada cambió en la tuya.';
  const siFuisteTu = 'Si fuiste tú, inicia sesión con tu contraseña de siempre. Si no la recuerdas, elige una nueva aquí:';
  const pie = 'Si no fuiste tú, ignora este mensaje: nadie puede entrar a tu cuenta sin tu contraseña.';
  return {
    para,
    asunto: 'Intentaron crear una cuenta con tu correo en Abastece',
    texto: `${saludo}\n\n${aviso}\n\nIniciar sesión: ${urlLogin}\n\n${siFuisteTu}\n\n${urlReset}\n\n${pie}\n\n${FIRMA}`,
    html: layout(
      saludo,
      `${parrafosHtml([aviso])}<p>${escapeHtml(siFuisteTu)} <a href="${escapeHtml(urlReset)}">${escapeHtml(urlReset)}</a></p>`,
      { texto: 'Iniciar sesión', url: urlLogin },
      pie,
    ),
  };
}
