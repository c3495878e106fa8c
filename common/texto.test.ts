import { describe, expect, it } from 'vitest';
import { signupSchema } from './schemas/auth';
import { direccionSchema } from './schemas/direcciones';
import { moderarProductoSchema } from './schemas/moderacion';
import { ordenSchema } from './schemas/ordenes';
import { cambioEstadoSchema } from './schemas/pedidos';
import { enUnaLinea, validateFila } from './schemas/proveedor-carga';
import { isUnaLinea, SALTO_DE_LINEA } from './texto';

const mensajes = (r: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('one-line texts (common/texto)', () => {
  it('a line break of any kind is a second line; a tab or a space is not', () => {
    expect(['a\nb', 'a\r\nb', 'a\rb', 'a\u2028b', 'a\u2029b', 'a\u0085b'].some(isUnaLinea)).toBe(false);
    expect(['Av. Providencia 1234', 'a\tb', ''].every(isUnaLinea)).toBe(true);
  });

  it('refuses CR/LF inside names, addresses, razón social, giro and a motivo, under the field', () => {
    const direccion = {
      nombre_contacto: 'Ana\nPérez',
      correo_contacto: 'ana@empresa.cl',
      telefono_contacto: '+56912345678',
      direccion_envio: 'Av. Providencia\r\n1234',
      region: 13,
      comuna: 13101,
    };
    expect(mensajes(direccionSchema.safeParse(direccion))).toEqual([
      ['nombre_contacto', SALTO_DE_LINEA],
      ['direccion_envio', SALTO_DE_LINEA],
    ]);
    expect(
      mensajes(
        ordenSchema.safeParse({ cotizacion_id: 1, razon_social: 'Comercial\nSur', giro_comercial: 'Venta\u2028mayorista', direccion_facturacion: 'Calle\n12' }),
      ),
    ).toEqual([
      ['razon_social', SALTO_DE_LINEA],
      ['giro_comercial', SALTO_DE_LINEA],
      ['direccion_facturacion', SALTO_DE_LINEA],
    ]);
    expect(mensajes(cambioEstadoSchema.safeParse({ estado: 'rechazado', motivo: 'Sin\nstock' }))).toEqual([['motivo', SALTO_DE_LINEA]]);
    expect(mensajes(moderarProductoSchema.safeParse({ producto_id: 1, accion: 'rechazar', motivo: 'Duplicado\r\nde otro' }))).toEqual([
      ['motivo', SALTO_DE_LINEA],
    ]);
    const registro = {
      first_name: 'Ana\nMaría',
      last_name: 'Pérez',
      email: 'ana@empresa.cl',
      password: 'secreta1',
      re_password: 'secreta1',
      is_comprador: true,
    };
    expect(mensajes(signupSchema.safeParse(registro))).toContainEqual(['first_name', SALTO_DE_LINEA]);
  });

  it('trims a break at either end, as the other blanks', () => {
    expect(cambioEstadoSchema.parse({ estado: 'rechazado', motivo: '\nSin stock\r\n' }).motivo).toBe('Sin stock');
  });

  it('an upload row says which cell has a line break', () => {
    const fila = { sku: 'A-1\nB', nombre: 'Lomo\nvetado', stock: 1, precio: 5000, fecha_vencimiento: '2099-01-01', rangos: {} };
    expect(validateFila(fila, '2026-11-23')).toEqual([enUnaLinea('SKU'), enUnaLinea('Nombre')]);
  });
});
