import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiErrorMessage, ENLACE_INVALIDO, ERROR_DE_RED, parseApiError, readable } from './api-errors';

const FALLBACK = 'Error al guardar la dirección';

describe('apiErrorMessage', () => {
  it("shows the server's detail of a 4xx", () => {
    expect(apiErrorMessage(new ApiError(401, { detail: 'No se encontró una cuenta activa con las credenciales entregadas.' }), FALLBACK)).toBe(
      'No se encontró una cuenta activa con las credenciales entregadas.',
    );
  });

  it('reads non_field_errors, then the first field message', () => {
    expect(apiErrorMessage(new ApiError(400, { non_field_errors: ['Las contraseñas no coinciden.'] }), FALLBACK)).toBe('Las contraseñas no coinciden.');
    expect(apiErrorMessage(new ApiError(400, { comuna: ['La comuna no pertenece a la región.'] }), FALLBACK)).toBe('La comuna no pertenece a la región.');
    expect(apiErrorMessage(new ApiError(400, { error: 'No puedes eliminar esta dirección.' }), FALLBACK)).toBe('No puedes eliminar esta dirección.');
  });

  it('never shows the text of a 5xx, a body that is not JSON or an empty body', () => {
    expect(apiErrorMessage(new ApiError(500, { detail: 'Error interno del servidor.' }), FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage(new ApiError(502, null), FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage(new ApiError(400, null), FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage(new ApiError(400, ['lista']), FALLBACK)).toBe(FALLBACK);
  });

  it('replaces technical English and bare codes with the screen message', () => {
    expect(apiErrorMessage(new ApiError(400, { detail: 'JSON parse error - Expecting value' }), FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage(new ApiError(401, { detail: 'Given token not valid for any token type' }), FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage(new ApiError(400, { detail: 'token_not_valid' }), FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage(new ApiError(400, { email: ['This field is required.'] }), FALLBACK)).toBe(FALLBACK);
    // Djoser's English texts of the reference server
    for (const detail of [
      'Token is invalid or expired',
      'Token has wrong type',
      'User is inactive',
      'User not found',
      'Must be a valid boolean.',
      'Authorization header must contain two space-delimited values',
    ]) {
      expect(apiErrorMessage(new ApiError(401, { detail }), FALLBACK)).toBe(FALLBACK);
    }
  });

  it("prefers the screen's message to the server's stock text of a status", () => {
    expect(apiErrorMessage(new ApiError(404, { detail: 'No encontrado.' }), 'Error al eliminar la dirección.')).toBe('Error al eliminar la dirección.');
    expect(apiErrorMessage(new ApiError(429, { detail: 'Demasiadas solicitudes. Intenta de nuevo más tarde.' }), FALLBACK)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo más tarde.',
    );
  });

  it("turns 'Token inválido para este usuario.' into a sentence that says what to do", () => {
    const message = apiErrorMessage(new ApiError(400, { token: ['Token inválido para este usuario.'] }), FALLBACK);
    expect(message).toBe(ENLACE_INVALIDO);
    expect(message).toMatch(/Pide un enlace nuevo/);
    expect(apiErrorMessage(new ApiError(400, { uid: ['Usuario inválido o inexistente.'] }), FALLBACK)).toBe(ENLACE_INVALIDO);
  });

  it('says a network failure is one, and anything else unknown gets the screen message', () => {
    expect(apiErrorMessage(new TypeError('Failed to fetch'), FALLBACK)).toBe(ERROR_DE_RED);
    expect(apiErrorMessage(new Error('perfil'), FALLBACK)).toBe(FALLBACK);
    expect(apiErrorMessage(undefined, FALLBACK)).toBe(FALLBACK);
  });
});

describe('parseApiError', () => {
  it('splits a DRF body into code, general and field messages', () => {
    const parsed = parseApiError(
      new ApiError(401, { detail: 'Tu cuenta aún no está activada. Revisa tu correo o pide un nuevo enlace de activación.', code: 'cuenta_inactiva' }),
    );
    expect(parsed).toEqual({
      status: 401,
      code: 'cuenta_inactiva',
      fields: {},
      general: 'Tu cuenta aún no está activada. Revisa tu correo o pide un nuevo enlace de activación.',
    });
    expect(parseApiError(new ApiError(400, { email: ['Este correo ya está en uso'], telefono: ['Ingresa un teléfono válido'] })).fields).toEqual({
      email: 'Este correo ya está en uso',
      telefono: 'Ingresa un teléfono válido',
    });
  });

  it('drops field messages no user should read', () => {
    expect(parseApiError(new ApiError(400, { email: ['Enter a valid email address.'], nombre: [42] })).fields).toEqual({});
  });
});

describe('readable', () => {
  it('keeps Spanish sentences, including ones that start with "Error"', () => {
    expect(readable('Error al cargar regiones')).toBe('Error al cargar regiones');
    expect(readable('Este campo es requerido.')).toBe('Este campo es requerido.');
  });
  it('refuses empty and overlong texts', () => {
    expect(readable('   ')).toBeUndefined();
    expect(readable('a'.repeat(301))).toBeUndefined();
  });
});
