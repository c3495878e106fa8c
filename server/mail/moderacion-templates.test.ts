import { describe, expect, it } from 'vitest';
import { correoProductoAprobado, correoProductoRechazado } from './moderacion-templates';

const urls = { productos: 'https://abastece.cl/mis-productos-proovedor', empresa: 'https://abastece.cl/mi-empresa' };

describe("a moderator's decision, to the supplier (docs/decisions/009)", () => {
  it('approved: in quotations now, or once the company and delivery terms are saved, with the link to complete them', () => {
    const listo = correoProductoAprobado('v@x.cl', { nombre: 'Carnes del Sur', producto: 'Lomo vetado', listo: true }, urls);
    expect(listo.texto).toContain('Hola Carnes del Sur:\n\nTu producto «Lomo vetado» fue aprobado y ya aparece en las cotizaciones.');
    expect(listo.texto).toContain(urls.productos);
    const pendiente = correoProductoAprobado('v@x.cl', { nombre: 'Carnes del Sur', producto: 'Lomo vetado', listo: false }, urls);
    expect(pendiente.texto).toContain('Aparecerá en las cotizaciones cuando completes los datos de tu empresa y tus condiciones de despacho.');
    expect(pendiente.texto).toContain(urls.empresa);
  });

  it('rejected: the note (or that there is none) and where to correct it; names are escaped in the HTML', () => {
    const con = correoProductoRechazado('v@x.cl', { nombre: '', producto: 'Queso <b>azul</b>', listo: true }, 'Falta la marca & la foto.', urls.productos);
    expect(con.asunto).toBe('Tu producto «Queso <b>azul</b>» fue rechazado');
    expect(con.texto).toMatch(/^Hola:\n\n/);
    expect(con.texto).toContain('Motivo: Falta la marca & la foto.');
    expect(con.html).toContain('Queso &#60;b&#62;azul&#60;/b&#62;');
    expect(con.html).toContain('Motivo: Falta la marca &#38; la foto.');
    expect(con.html).not.toContain('<b>azul');
    const sin = correoProductoRechazado('v@x.cl', { nombre: 'Ana', producto: 'Queso', listo: true }, null, urls.productos);
    expect(sin.texto).toContain('El moderador no indicó un motivo.');
    expect(sin.texto).toContain('Corrígelo y envíalo de nuevo desde tu listado de productos');
  });
});
