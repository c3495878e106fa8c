import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PerfilLayout } from '../features/cuenta/components/perfil-layout';
import { EnConstruccion } from '../ui/en-construccion';
import { type Guard, Guarded } from './guards';
import { Layout } from './layout/layout';

const HomePage = lazy(() => import('../features/home/pages/home-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const SignupPage = lazy(() => import('../features/auth/pages/signup-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));
const ResetConfirmPage = lazy(() => import('../features/auth/pages/reset-confirm-page'));
const ActivatePage = lazy(() => import('../features/auth/pages/activate-page'));
const MiPerfilPage = lazy(() => import('../features/cuenta/pages/mi-perfil-page'));
const MiCuentaPage = lazy(() => import('../features/cuenta/pages/mi-cuenta-page'));
const MiCuentaEditarPage = lazy(() => import('../features/cuenta/pages/mi-cuenta-editar-page'));
const ConfirmarCorreoPage = lazy(() => import('../features/cuenta/pages/confirmar-correo-page'));
const DireccionesPage = lazy(() => import('../features/direcciones/pages/direcciones-page'));
const DireccionAgregarPage = lazy(() => import('../features/direcciones/pages/direccion-agregar-page'));
const DireccionEditarPage = lazy(() => import('../features/direcciones/pages/direccion-editar-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

const route = (path: string, guard: Guard, element: ReactNode, loginMessage?: string) => ({
  path,
  element: (
    <Guarded guard={guard} loginMessage={loginMessage}>
      {element}
    </Guarded>
  ),
});
const pendiente = (path: string, guard: Guard, titulo: string) => route(path, guard, <EnConstruccion titulo={titulo} />);

/** Every route of SPEC §2 with its guard, in one place. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      route('/', 'publico', <HomePage />),
      route('/login', 'publico', <LoginPage />),
      route('/signup', 'publico', <SignupPage />),
      route('/reset-password', 'publico', <ResetPasswordPage />),
      route('/password/reset/confirm/:uid/:token', 'publico', <ResetConfirmPage />),
      route('/activate/:uid/:token', 'publico', <ActivatePage />),
      route('/confirmar-correo/:uid/:token', 'publico', <ConfirmarCorreoPage />),
      pendiente('/cotizar', 'publico', 'Cotizar productos'),
      // SPEC §2 names both /cotizacion and /cotizar as the quotation route: the first points to the second.
      { path: '/cotizacion', element: <Navigate to="/cotizar" replace /> },
      pendiente('/datos-cotizacion', 'publico', 'Datos de entrega'),
      pendiente('/confirmar-cotizacion', 'publico', 'Resumen de la solicitud'),
      pendiente('/cotizar-resultado', 'publico', 'Las mejores opciones para ti'),
      pendiente('/facturacion', 'publico', 'Datos de facturación'),
      pendiente('/confirmacion', 'publico', 'Orden confirmada'),
      pendiente('/carga-masiva', 'proveedor', 'Carga masiva de productos'),
      pendiente('/mis-productos-proovedor', 'proveedor', 'Listado de Productos'),
      pendiente('/moderacion-productos', 'moderador', 'Moderación de Productos Pendientes'),
      route('/mi-perfil', 'sesion', <MiPerfilPage />),
      {
        // Account and address screens share the profile sidebar; SPEC §8 says why a visitor is sent away.
        element: <PerfilLayout />,
        children: [
          route('/mi-cuenta', 'sesion', <MiCuentaPage />),
          route('/mi-cuenta-editar', 'sesion', <MiCuentaEditarPage />, 'Debes iniciar sesión'),
          route('/direcciones', 'sesion', <DireccionesPage />, 'Sesión expirada'),
          route('/direcciones-agregar', 'sesion', <DireccionAgregarPage />, 'Sesión expirada'),
          // SPEC §2: both paths open the same edit-address screen.
          route('/direcciones-editar', 'sesion', <DireccionEditarPage />, 'Sesión expirada'),
          route('/direcciones-modificar', 'sesion', <DireccionEditarPage />, 'Sesión expirada'),
        ],
      },
      pendiente('/historial', 'sesion', 'Mi Historial de Cotizaciones'),
      pendiente('/ordenes', 'sesion', 'Historial de Órdenes de Compra'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
