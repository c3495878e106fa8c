// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVACION_PIDE_CONTRASENA, CUENTA_YA_ACTIVA } from '#common/schemas/auth';
import { STORAGE_KEYS } from '../../../lib/storage';
import { type Llamada, renderAt, stubFetch } from '../../../test/page-harness';
import { toast } from '../../../ui/toast';
import { claveActivacionDe } from '../api/clave-activacion-storage';
import ActivatePage from './activate-page';
import SignupPage from './signup-page';

// The browser that signed up keeps the signup's clave and sends it with the link;
// anywhere else the page asks for a password, as the server requires, and shows the signup's
// names and role, editable (docs/decisions/003).

const ACTIVACION = 'POST /auth/users/activation/';
const DATOS = 'POST /auth/users/activation/datos/';
const DATOS_ANA = { email: 'ana@x.cl', first_name: 'Ana', last_name: 'Soto', is_comprador: true, is_proveedor: false };
const CLAVE_DE_ANA = JSON.stringify([{ email: 'ana@x.cl', clave: 'clave-del-registro' }]);
let llamadas: Llamada[];
let respuestas: Record<string, { status: number; body: unknown }>;

beforeEach(() => {
  localStorage.clear();
  respuestas = { [DATOS]: { status: 200, body: DATOS_ANA } };
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page at a link's real path under its route pattern (renderAt takes one string for both). */
function abrirEnlace(uid: string, token: string) {
  const router = createMemoryRouter(
    [
      { path: '/activate/:uid/:token', element: <ActivatePage /> },
      { path: '/', element: <h1>Inicio</h1> },
      { path: '/login', element: <h1>Iniciar sesión</h1> },
    ],
    { initialEntries: [`/activate/${uid}/${token}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
const activaciones = () => llamadas.filter((l) => `${l.method} ${l.url}` === ACTIVACION).map((l) => l.body);

describe('signup', () => {
  it('keeps the clave of the signup it made, under its e-mail (the answer has no account id)', async () => {
    respuestas['POST /auth/users/'] = {
      status: 201,
      body: { email: 'Ana@x.cl', first_name: 'Ana', last_name: 'Soto', is_comprador: true, is_proveedor: false, clave_activacion: 'clave-del-registro' },
    };
    renderAt('/signup', <SignupPage />, { '/login': 'Iniciar sesión' });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Apellido'), { target: { value: 'Soto' } });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@x.cl' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'palta-2026' } });
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'palta-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(claveActivacionDe('ana@x.cl')).toBe('clave-del-registro');
    expect(toast.success).toHaveBeenCalled();
  });
});

describe('/activate/{uid}/{token}', () => {
  it("reads the link's e-mail, sends this browser's clave for it, and on success says so, goes home and forgets the clave", async () => {
    localStorage.setItem(STORAGE_KEYS.clavesActivacion, CLAVE_DE_ANA);
    respuestas[ACTIVACION] = { status: 204, body: null };
    abrirEnlace('Nw', 'tok');
    await screen.findByRole('heading', { name: 'Inicio' }, { timeout: 5000 });
    expect(llamadas.find((l) => `${l.method} ${l.url}` === DATOS)?.body).toEqual({ uid: 'Nw', token: 'tok' });
    expect(activaciones()).toEqual([{ uid: 'Nw', token: 'tok', clave_activacion: 'clave-del-registro' }]);
    expect(toast.success).toHaveBeenCalledWith('Cuenta verificada con éxito. ¡Bienvenido/a!');
    expect(claveActivacionDe('ana@x.cl')).toBeUndefined();
  });

  it('sends a new supplier on to its panel, through /login: activating opens no session', async () => {
    localStorage.setItem(STORAGE_KEYS.clavesActivacion, CLAVE_DE_ANA);
    respuestas[DATOS] = { status: 200, body: { ...DATOS_ANA, is_comprador: false, is_proveedor: true } };
    respuestas[ACTIVACION] = { status: 204, body: null };
    const router = abrirEnlace('Nw', 'tok');
    await screen.findByRole('heading', { name: 'Iniciar sesión' }, { timeout: 5000 });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?next=%2Fpanel');
    expect(toast.success).toHaveBeenCalledWith('Cuenta verificada con éxito. ¡Bienvenido/a!');
  });

  it("without a clave the page asks for a password and shows the signup's names and role, editable, and sends what was chosen", async () => {
    const router = abrirEnlace('MQ', 'tok');
    await screen.findByText(/Elige una contraseña para activar tu cuenta\./);
    expect(activaciones()).toEqual([]);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByText('ana@x.cl')).toBeTruthy();
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Ana');
    expect((screen.getByLabelText('Apellido') as HTMLInputElement).value).toBe('Soto');
    expect((screen.getByRole('radio', { name: /Comprador/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Rosa' } });
    fireEvent.click(screen.getByRole('radio', { name: /Proveedor/ }));

    // The reset's rules, on the client first.
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'pera-1' } });
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'pera-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    await screen.findByText('Las contraseñas no coinciden.');
    expect(activaciones()).toHaveLength(0);

    respuestas[ACTIVACION] = { status: 204, body: null };
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'pera-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    // Chosen a supplier: on to its panel, through /login.
    await screen.findByRole('heading', { name: 'Iniciar sesión' }, { timeout: 5000 });
    expect(router.state.location.search).toBe('?next=%2Fpanel');
    expect(activaciones()).toEqual([
      {
        uid: 'MQ',
        token: 'tok',
        new_password: 'pera-1',
        re_new_password: 'pera-1',
        first_name: 'Rosa',
        last_name: 'Soto',
        is_comprador: false,
        is_proveedor: true,
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Cuenta verificada con éxito. ¡Bienvenido/a!');
  });

  it("a clave of another signup of that address: the server asks for a password, and the page shows the server's reason under the field", async () => {
    localStorage.setItem(STORAGE_KEYS.clavesActivacion, CLAVE_DE_ANA);
    respuestas[ACTIVACION] = { status: 400, body: { new_password: [ACTIVACION_PIDE_CONTRASENA] } };
    abrirEnlace('MQ', 'tok');
    await screen.findByRole('button', { name: 'Activar cuenta' });
    respuestas[ACTIVACION] = { status: 400, body: { new_password: ['Esta contraseña es demasiado común.'] } };
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'qwerty' } });
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'qwerty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    await screen.findByText('Esta contraseña es demasiado común.');
    expect(toast.error).toHaveBeenCalledWith('Error al verificar la cuenta. Inténtalo nuevamente.');
  });

  it('a link already used on an active account says so calmly, with the way to /login, and no error toast', async () => {
    respuestas[DATOS] = { status: 403, body: CUENTA_YA_ACTIVA };
    abrirEnlace('Nw', 'tok');
    expect((await screen.findByRole('status')).textContent).toBe('Tu cuenta ya está activa: este enlace ya se usó.');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    expect(activaciones()).toEqual([]);
  });

  it('activated between reading the link and using it: the same calm answer, and the clave is forgotten', async () => {
    localStorage.setItem(STORAGE_KEYS.clavesActivacion, CLAVE_DE_ANA);
    respuestas[ACTIVACION] = { status: 403, body: CUENTA_YA_ACTIVA };
    abrirEnlace('Nw', 'tok');
    expect((await screen.findByRole('status')).textContent).toBe('Tu cuenta ya está activa: este enlace ya se usó.');
    expect(toast.error).not.toHaveBeenCalled();
    expect(claveActivacionDe('ana@x.cl')).toBeUndefined();
  });

  it('an account activated meanwhile (another tab) while choosing a password: the same calm answer', async () => {
    abrirEnlace('MQ', 'tok');
    await screen.findByRole('button', { name: 'Activar cuenta' });
    respuestas[ACTIVACION] = { status: 403, body: CUENTA_YA_ACTIVA };
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'pera-dulce-1' } });
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'pera-dulce-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    await screen.findByText('Tu cuenta ya está activa: este enlace ya se usó.');
    expect(screen.queryByRole('button', { name: 'Activar cuenta' })).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('any other failure keeps the product’s message and asks for nothing', async () => {
    // A used link of an account that is not active (deactivated since): stale, with no code.
    respuestas[DATOS] = { status: 403, body: { detail: 'Token obsoleto para este usuario.' } };
    abrirEnlace('MQ', 'tok');
    expect((await screen.findByRole('alert')).textContent).toBe('Este enlace ya no es válido: puede haber expirado o ya fue usado. Pide un enlace nuevo.');
    expect(toast.error).toHaveBeenCalledWith('Error al verificar la cuenta. Inténtalo nuevamente.');
    expect(screen.queryByText(/ya está activa/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Activar cuenta' })).toBeNull();
  });
});
