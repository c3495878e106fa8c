import { describe, expect, it } from 'vitest';
import { z } from './zod-es';

const mensaje = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`se aceptó ${JSON.stringify(input)}`);
  return result.error.issues[0]!.message;
};

describe('zod messages without a wording of their own', () => {
  it.each([
    ['missing', z.object({ a: z.string() }), {}, 'Este campo es requerido.'],
    ['null', z.object({ a: z.string() }), { a: null }, 'Este campo es requerido.'],
    ['a number for a string', z.string(), 1, 'No es una cadena válida.'],
    ['text for a number', z.number(), 'x', 'Se requiere un número válido.'],
    ['text coerced to a number', z.coerce.number(), 'x', 'Se requiere un número válido.'],
    ['a decimal for an integer', z.int(), 1.5, 'Introduzca un número entero válido.'],
    ['text for a boolean', z.boolean(), 'quizas', 'Debe ser verdadero o falso.'],
    ['an object for a list', z.array(z.string()), {}, 'Se esperaba una lista de elementos.'],
    ['a list for an object', z.object({}), [], 'Datos inválidos. Se esperaba un objeto con campos.'],
    ['a string too long', z.string().max(20), 'x'.repeat(21), 'Asegúrese de que este campo no tenga más de 20 caracteres.'],
    ['a blank string', z.string().min(1), '', 'Este campo no puede estar en blanco.'],
    ['a string too short', z.string().min(8), 'x', 'Asegúrese de que este campo tenga al menos 8 caracteres.'],
    ['a number too big', z.number().max(2_147_483_647), 1e300, 'Asegúrese de que este valor es menor o igual a 2147483647.'],
    ['a number not positive', z.number().positive(), 0, 'Asegúrese de que este valor es mayor que 0.'],
    ['too many elements', z.array(z.number()).max(2), [1, 2, 3], 'Asegúrese de que este campo no tenga más de 2 elementos.'],
    ['an unknown option', z.enum(['comprador', 'proveedor']), 'admin', 'Escoja una opción válida.'],
    ['an unknown literal', z.literal(true), false, 'Escoja una opción válida.'],
    ['an invalid e-mail', z.email(), 'x', 'Introduzca una dirección de correo electrónico válida.'],
    ['an invalid ISO date', z.iso.date(), '17-05-1990', 'Fecha con formato erróneo. Use uno de los siguientes formatos en su lugar: YYYY-MM-DD.'],
    ['a pattern', z.string().regex(/^a$/), 'b', 'Formato inválido.'],
    ['unknown keys in a strict object', z.strictObject({}), { x: 1 }, 'Campos no permitidos: x.'],
    ['no member of a union', z.union([z.string(), z.number()]), true, 'Valor inválido.'],
    ['a refinement without message', z.string().refine(() => false), 'x', 'Valor inválido.'],
  ])('%s', (_caso, schema, input, esperado) => {
    expect(mensaje(schema as z.ZodType, input)).toBe(esperado);
  });

  it('leave the messages a schema words itself (docs/producto.md) untouched', () => {
    expect(mensaje(z.string().min(1, 'El nombre es obligatorio'), '')).toBe('El nombre es obligatorio');
  });
});
