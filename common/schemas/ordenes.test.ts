import { describe, expect, it } from 'vitest';
import { ordenSchema } from './ordenes';

describe('ordenSchema (docs/producto.md §5 Billing)', () => {
  it('reads empty, blank and null billing fields as not given', () => {
    const r = ordenSchema.safeParse({
      cotizacion_id: 1,
      rut_facturacion: '  ',
      razon_social: '',
      telefono_facturacion: ' ',
      email_facturacion: null,
      region: '',
      rubro: null,
    });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ cotizacion_id: 1 });
  });

  it('keeps the RUT in its usual written form, however it was typed', () => {
    expect(ordenSchema.parse({ cotizacion_id: 1, rut_facturacion: ' 76086428 - 5 ' }).rut_facturacion).toBe('76.086.428-5');
    expect(ordenSchema.parse({ cotizacion_id: 1, rut_facturacion: '10000013k' }).rut_facturacion).toBe('10.000.013-K');
  });

  it('gives each field its message', () => {
    const r = ordenSchema.safeParse({
      cotizacion_id: 'x',
      rut_facturacion: '76.086.428-4',
      razon_social: 'Razón 1',
      giro_comercial: 'Giro 2',
      direccion_facturacion: 'Sin número',
      telefono_facturacion: '123',
      email_facturacion: 'no-es-correo',
    });
    expect(r.success).toBe(false);
    // The first message of each field, as the server's error handler keeps it.
    const porCampo: Record<string, string> = {};
    for (const i of r.error!.issues) porCampo[String(i.path[0])] ??= i.message;
    expect(porCampo).toEqual({
      cotizacion_id: 'Cotización inválida.',
      rut_facturacion: 'RUT inválido. Ej: 12.345.678-5',
      razon_social: 'La razón social no puede contener números',
      giro_comercial: 'El giro comercial no puede contener números',
      direccion_facturacion: 'Debe contener el numero de dirección',
      telefono_facturacion: 'Debe tener al menos 8 dígitos',
      email_facturacion: 'Correo electrónico inválido. Ej: nombre@empresa.cl',
    });
  });

  it('asks for the región of a comuna', () => {
    const r = ordenSchema.safeParse({ cotizacion_id: 1, comuna: 13123 });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['region', 'Seleccione una región']]);
  });
});
