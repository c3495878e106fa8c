import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { ERROR_DE_RED } from '../../lib/api-errors';
import { INESPERADO, mensajeErrorEdicion, NO_AUTORIZADO, NO_ENCONTRADO } from './mis-productos-errores';

describe('docs/producto.md §8 Supplier product edit messages', () => {
  it('reads each status as docs/producto.md says', () => {
    expect(mensajeErrorEdicion(new ApiError(400, { tarifa: ['El precio debe ser un número válido mayor a 0.'], rangos: ['X.'] }))).toBe(
      'Error de validación: El precio debe ser un número válido mayor a 0. X.',
    );
    expect(mensajeErrorEdicion(new ApiError(400, { detail: 'La solicitud no es válida.' }))).toBe('Error de validación: La solicitud no es válida.');
    expect(mensajeErrorEdicion(new ApiError(401, { detail: 'x' }))).toBe(NO_AUTORIZADO);
    expect(mensajeErrorEdicion(new ApiError(404, { detail: 'x' }))).toBe(NO_ENCONTRADO);
    expect(mensajeErrorEdicion(new ApiError(500, null))).toBe(INESPERADO);
    expect(mensajeErrorEdicion(new ApiError(403, null))).toBe(INESPERADO);
    expect(mensajeErrorEdicion(new TypeError('Failed to fetch'))).toBe(ERROR_DE_RED);
  });
});
