// A document's Neto / IVA / Total in an e-mail, as every screen shows them (client/src/ui/montos-iva.tsx).
import { formatClp } from '#common/format';
import { conIva, TASA_IVA } from '#common/iva';
import { CELDA, CELDA_NUMERO, escapeHtml } from './templates';

/**
 * A document's closing rows, as every screen shows them (client/src/ui/montos-iva.tsx): any
 * credit, then Neto, IVA (19 %) once on it and Total (docs/decisions/026: prices and fees are net).
 */
export function filasMontos(neto: number, rotulo = 'Total', credito = 0): [string, string][] {
  const montos = conIva(neto - credito);
  return [
    ...(credito > 0 ? [['Crédito por reclamo', `−${formatClp(credito)}`] as [string, string]] : []),
    ['Neto', formatClp(montos.neto)],
    [`IVA (${TASA_IVA} %)`, formatClp(montos.iva)],
    [rotulo, formatClp(montos.total_con_iva)],
  ];
}

/** The same rows as plain text, one a line. */
export const montosTexto = (filas: [string, string][]) => filas.map(([rotulo, monto]) => `${rotulo}: ${monto}`).join('\n');

/** The same rows as HTML: a small right-aligned table whose last row (the total) is bold. */
export const montosHtml = (filas: [string, string][]) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;margin:0 0 16px auto">${filas
    .map(([rotulo, monto], i) => {
      const [a, b] = i === filas.length - 1 ? ['<strong>', '</strong>'] : ['', ''];
      return `<tr><td ${CELDA}>${a}${escapeHtml(rotulo)}${b}</td><td ${CELDA_NUMERO}>${a}${escapeHtml(monto)}${b}</td></tr>`;
    })
    .join('')}</table>`;
