import { z } from 'zod';

const REQUERIDO = 'Este campo es requerido.';
const INVALIDO = 'Valor inválido.';

const TIPO_ESPERADO: Record<string, string> = {
  string: 'No es una cadena válida.',
  number: 'Se requiere un número válido.',
  int: 'Introduzca un número entero válido.',
  bigint: 'Introduzca un número entero válido.',
  boolean: 'Debe ser verdadero o falso.',
  date: 'Fecha con formato erróneo. Use uno de los siguientes formatos en su lugar: YYYY-MM-DD.',
  array: 'Se esperaba una lista de elementos.',
  object: 'Datos inválidos. Se esperaba un objeto con campos.',
};

const FORMATO: Record<string, string> = {
  email: 'Introduzca una dirección de correo electrónico válida.',
  date: 'Fecha con formato erróneo. Use uno de los siguientes formatos en su lugar: YYYY-MM-DD.',
  datetime: 'Fecha/hora con formato erróneo. Use uno de los siguientes formatos en su lugar: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
  url: 'Introduzca una URL válida.',
  uuid: 'Introduzca un UUID válido.',
};

const unidad = (origin: string) => (origin === 'string' ? 'caracteres' : 'elementos');

/**
 * The message of every issue a schema does not word itself: DRF's Spanish wording (docs/decisions/003
 * §Language), so a request with wrong types, a value out of range or an unknown option reads as
 * the rest of the API, never as zod's defaults. Schemas' own messages (docs/producto.md's) take precedence.
 */
function mensajeEs(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      // A missing field reads as DRF says it.
      if (issue.input === undefined || issue.input === null) return REQUERIDO;
      return TIPO_ESPERADO[issue.expected] ?? INVALIDO;
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return `Asegúrese de que este campo no tenga más de ${max} ${unidad(issue.origin)}.`;
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? `Asegúrese de que este valor es menor o igual a ${max}.` : `Asegúrese de que este valor es menor que ${max}.`;
      }
      return 'El valor es demasiado grande.';
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'Este campo no puede estar en blanco.';
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return `Asegúrese de que este campo tenga al menos ${min} ${unidad(issue.origin)}.`;
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? `Asegúrese de que este valor es mayor o igual a ${min}.` : `Asegúrese de que este valor es mayor que ${min}.`;
      }
      return 'El valor es demasiado pequeño.';
    }
    case 'invalid_value':
      return 'Escoja una opción válida.';
    case 'invalid_format':
      return FORMATO[issue.format] ?? 'Formato inválido.';
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Campos no permitidos: ${issue.keys.join(', ')}.`;
    default:
      return INVALIDO;
  }
}

// Spanish messages for every zod schema, on both sides; the locale stays as a last resort.
z.config(z.locales.es());
z.config({ customError: mensajeEs });

export { z };
