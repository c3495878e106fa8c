// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsuarioMe } from '#common/schemas/auth';
import { Guarded } from '../../../app/guards';
import { type Llamada, type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { toast } from '../../../ui/toast';
import SeguridadPage from './seguridad-page';

// 'Seguridad' on the profile changes the password; this browser logs in again with
// the new one (the change ended every session), so only the other sessions end.

const USUARIO: UsuarioMe = {
  id: 3,
  email: 'proveedor@prueba.cl',
  email_pendiente: null,
  first_name: 'Rosa',
  last_name: 'Soto',
  telefono: '',
  fecha_nacimiento: null,
  is_comprador: false,
  is_proveedor: true,
  is_moderador: false,
  correo_contacto: 'proveedor@prueba.cl',
  direccion_envio: '',
  ofrece_credito: false,
  empresa: '',
};
const SET_PASSWORD = 'POST /auth/users/set_password/';
const LOGIN = 'POST /auth/jwt/create/';
let llamadas: Llamada[];
let respuestas: Record<string, Respuesta>;

beforeEach(() => {
  localStorage.setItem('access', 'vieja.de.antes');
  respuestas = {
    'POST /auth/jwt/verify/': { status: 200, body: {} },
    'GET /auth/users/me/': { status: 200, body: USUARIO },
    [SET_PASSWORD]: { status: 204, body: null },
    [LOGIN]: { status: 200, body: { refresh: 'nueva.de.renovar', access: 'nueva.de.acceso' } },
  };
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function abrir() {
  return renderAt(
    '/seguridad',
    <Guarded guard="sesion">
      <SeguridadPage />
    </Guarded>,
    { '/mi-perfil': 'Mi Perfil', '/login': 'Iniciar sesión' },
  );
}

async function llenar(actual: string, nueva: string, repetida = nueva) {
  fireEvent.change(await screen.findByLabelText('Contraseña actual'), { target: { value: actual } });
  fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: nueva } });
  fireEvent.change(screen.getByLabelText('Repite la nueva contraseña'), { target: { value: repetida } });
  fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}
const de = (clave: string) => llamadas.filter((l) => `${l.method} ${l.url}` === clave);

describe('/seguridad', () => {
  it('changes the password with the current one, logs this browser in again with the new one and goes back to the profile', async () => {
    const router = abrir();
    await llenar('palta-vieja-1', 'palta-nueva-2');
    await screen.findByRole('heading', { name: 'Mi Perfil' });
    expect(router.state.location.pathname).toBe('/mi-perfil');
    const [cambio] = de(SET_PASSWORD);
    expect(cambio?.body).toEqual({ current_password: 'palta-vieja-1', new_password: 'palta-nueva-2', re_new_password: 'palta-nueva-2' });
    expect(cambio?.headers.authorization).toBe('JWT vieja.de.antes');
    expect(de(LOGIN).map((l) => l.body)).toEqual([{ email: 'proveedor@prueba.cl', password: 'palta-nueva-2' }]);
    expect(localStorage.getItem('access')).toBe('nueva.de.acceso');
    expect(localStorage.getItem('refresh')).toBe('nueva.de.renovar');
    expect(toast.success).toHaveBeenCalledWith('Contraseña actualizada. Cerramos tus otras sesiones.');
  });

  it('shows a wrong current password under its field, and nothing else happens', async () => {
    respuestas[SET_PASSWORD] = { status: 400, body: { current_password: ['Contraseña inválida.'] } };
    const router = abrir();
    await llenar('no-es-esta', 'palta-nueva-2');
    const campo = screen.getByLabelText('Contraseña actual');
    await waitFor(() => expect(campo.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Contraseña inválida.')).toBeTruthy();
    expect(de(LOGIN)).toHaveLength(0);
    expect(toast.success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/seguridad');
    expect(localStorage.getItem('access')).toBe('vieja.de.antes');
  });

  it("puts the server's reason for the new password under it", async () => {
    respuestas[SET_PASSWORD] = { status: 400, body: { new_password: ['Esta contraseña es demasiado común.'] } };
    abrir();
    await llenar('palta-vieja-1', 'qwerty');
    await screen.findByText('Esta contraseña es demasiado común.');
    expect(screen.getByLabelText('Nueva contraseña').getAttribute('aria-invalid')).toBe('true');
  });

  it('checks on the client first: the current password is required and the new ones must match', async () => {
    abrir();
    await llenar('', 'palta-nueva-2', 'palta-nueva-3');
    await screen.findByText('Las contraseñas no coinciden.');
    expect(screen.getByText('Este campo es obligatorio')).toBeTruthy();
    expect(de(SET_PASSWORD)).toHaveLength(0);
  });

  it('says why when too many wrong current passwords locked the change', async () => {
    respuestas[SET_PASSWORD] = { status: 429, body: { detail: 'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.' } };
    abrir();
    await llenar('mala', 'palta-nueva-2');
    expect((await screen.findByRole('alert')).textContent).toBe('Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.');
  });

  it('when this browser cannot log in again, says the password changed and sends the user to /login', async () => {
    respuestas[LOGIN] = { status: 429, body: { detail: 'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.' } };
    const router = abrir();
    await llenar('palta-vieja-1', 'palta-nueva-2');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(router.state.location.pathname).toBe('/login');
    expect(toast.success).toHaveBeenCalledWith('Contraseña actualizada. Inicia sesión con tu nueva contraseña.');
    expect(localStorage.getItem('access')).toBeNull();
  });
});
