import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { SERVER_ERROR, showFormErrors } from './form-errors';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../ui/toast', () => ({ toast: { error: toastError } }));

type Values = { email: string; telefono: string };
const FIELDS = ['email', 'telefono'] as const;

beforeEach(() => toastError.mockReset());

describe('showFormErrors', () => {
  it('puts each field message under its field and toasts the screen message', () => {
    const setError = vi.fn();
    showFormErrors<Values>(new ApiError(400, { email: ['Este correo ya está en uso'], telefono: ['Ingresa un teléfono válido'] }), setError, {
      fields: FIELDS,
      fallback: 'Error al actualizar los datos',
      toast: 'Revisa los datos ingresados',
    });
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Este correo ya está en uso' });
    expect(setError).toHaveBeenCalledWith('telefono', { type: 'server', message: 'Ingresa un teléfono válido' });
    expect(setError).toHaveBeenCalledTimes(2);
    expect(toastError).toHaveBeenCalledWith('Revisa los datos ingresados');
  });

  it('puts detail and non_field_errors in the form-level spot when the toast says something else', () => {
    const setError = vi.fn();
    showFormErrors<Values>(new ApiError(400, { non_field_errors: ['La comuna no pertenece a la región.'] }), setError, {
      fields: FIELDS,
      fallback: 'Error al guardar',
      toast: 'Hubo un problema al crear tu cuenta. Inténtalo nuevamente.',
    });
    expect(setError).toHaveBeenCalledWith(SERVER_ERROR, { type: 'server', message: 'La comuna no pertenece a la región.' });
  });

  it('a field the form does not have counts as a form-level reason', () => {
    const setError = vi.fn();
    showFormErrors<Values>(new ApiError(400, { token: ['Token inválido para este usuario.'] }), setError, {
      fields: FIELDS,
      fallback: 'Hubo un error.',
      toast: null,
    });
    expect(setError).toHaveBeenCalledWith(SERVER_ERROR, { type: 'server', message: expect.stringMatching(/Pide un enlace nuevo/) });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('does not repeat in the form what the toast already says', () => {
    const setError = vi.fn();
    showFormErrors<Values>(new ApiError(401, { detail: 'No se encontró una cuenta activa con las credenciales entregadas.' }), setError, {
      fields: FIELDS,
      fallback: 'Error desconocido. Por favor, intenta de nuevo.',
    });
    expect(setError).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('No se encontró una cuenta activa con las credenciales entregadas.');
  });

  it('without a toast, a 5xx still leaves a message in the form', () => {
    const setError = vi.fn();
    showFormErrors<Values>(new ApiError(503, null), setError, { fields: FIELDS, fallback: 'Hubo un error. Por favor, intenta de nuevo.', toast: null });
    expect(setError).toHaveBeenCalledWith(SERVER_ERROR, { type: 'server', message: 'Hubo un error. Por favor, intenta de nuevo.' });
  });
});
