import { describe, expect, it } from 'vitest';
import type { CompararPrecios } from '#common/schemas/comparacion';
import { asuntoListaCotizada, correoListaCotizada } from './recordatorio-correo';

/** An answer of two lines: 100 kg bought at $4.890 and 50 kg at $2.000, with their last prices when given. */
function respuesta(ultimos: Array<{ precio: number } | null | undefined>): CompararPrecios {
  const linea = (cantidad: number, precio: number, ultimo: { precio: number } | null | undefined) => ({
    opciones_seleccionadas: [{ cantidad_proveida: cantidad, subtotal: cantidad * precio }],
    ...(ultimo === undefined ? {} : { ultimo_precio: ultimo && { ...ultimo, fecha: '2029-12-31', proveedor: 'Carnes del Sur' } }),
  });
  return {
    cotizacion_id: 7,
    fecha_entrega: '2030-01-08',
    total: 597_990,
    productos_no_identificados: [{ producto: 9, mensaje: 'El producto "Merluza" ya no está disponible para cotizar.' }],
    resultados: [linea(100, 4890, ultimos[0]), linea(50, 2000, ultimos[1])],
  } as unknown as CompararPrecios;
}

describe('the reminder’s subject and first line', () => {
  it('without a previous purchase (no ultimo_precio, or null): the delivered total alone', () => {
    expect(asuntoListaCotizada('Semana', respuesta([undefined, undefined]))).toBe('Tu lista «Semana» está cotizada: $597.990');
    expect(asuntoListaCotizada('Semana', respuesta([null, null]))).toBe('Tu lista «Semana» está cotizada: $597.990');
  });

  it('with one: how the products bought before compare with the same quantities at last time’s prices', () => {
    // 100 kg at $4.890 today against $4.995 last time: −2,1 %; the line never bought does not count.
    expect(asuntoListaCotizada('Semana', respuesta([{ precio: 4995 }, null]))).toBe(
      'Tu lista «Semana» está cotizada: $597.990 (\u22122,1\u00a0% que la última vez)',
    );
    expect(asuntoListaCotizada('Semana', respuesta([{ precio: 4750 }, null]))).toBe(
      'Tu lista «Semana» está cotizada: $597.990 (+2,9\u00a0% que la última vez)',
    );
  });

  it('the e-mail opens with it, names what was left out, links to its results and escapes the list’s name', () => {
    const c = correoListaCotizada('ana@prueba.cl', 'Ana', '<Semana>', respuesta([{ precio: 4995 }, null]), 'http://localhost:8000/listas/3/cotizaciones/7');
    expect(c.asunto).toBe('Tu lista «<Semana>» está cotizada: $597.990 (\u22122,1\u00a0% que la última vez)');
    expect(c.texto.split('\n')[0]).toBe(c.asunto);
    expect(c.texto).toContain('El producto "Merluza" ya no está disponible para cotizar.');
    expect(c.texto).toContain('para entrega el 8 de enero de 2030');
    // Its total is net, as every price; with IVA once on it (19 % of $597.990 is $113.618,1).
    expect(c.texto).toContain('El total incluye el despacho y es neto: con IVA (19 %) son $711.608.');
    expect(c.html).toContain('&#60;Semana&#62;');
    expect(c.html).not.toContain('<Semana>');
    expect(c.html).toContain('href="http://localhost:8000/listas/3/cotizaciones/7"');
  });
});
