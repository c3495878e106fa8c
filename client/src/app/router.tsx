import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PerfilLayout } from '../features/cuenta/components/perfil-layout';
import { type Guard, Guarded } from './guards';
import { Layout } from './layout/layout';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-title';

const HomePage = lazy(() => import('../features/home/pages/home-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const SignupPage = lazy(() => import('../features/auth/pages/signup-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));
const ResetConfirmPage = lazy(() => import('../features/auth/pages/reset-confirm-page'));
const ActivatePage = lazy(() => import('../features/auth/pages/activate-page'));
const SeguridadPage = lazy(() => import('../features/auth/pages/seguridad-page'));
const MiPerfilPage = lazy(() => import('../features/cuenta/pages/mi-perfil-page'));
const MiCuentaPage = lazy(() => import('../features/cuenta/pages/mi-cuenta-page'));
const MiCuentaEditarPage = lazy(() => import('../features/cuenta/pages/mi-cuenta-editar-page'));
const ConfirmarCorreoPage = lazy(() => import('../features/cuenta/pages/confirmar-correo-page'));
const DireccionesPage = lazy(() => import('../features/direcciones/pages/direcciones-page'));
const DireccionAgregarPage = lazy(() => import('../features/direcciones/pages/direccion-agregar-page'));
const DireccionEditarPage = lazy(() => import('../features/direcciones/pages/direccion-editar-page'));
const CotizarPage = lazy(() => import('../features/cotizaciones/pages/cotizar-page'));
const DatosCotizacionPage = lazy(() => import('../features/cotizaciones/pages/datos-cotizacion-page'));
const ConfirmarCotizacionPage = lazy(() => import('../features/cotizaciones/pages/confirmar-cotizacion-page'));
const CotizarResultadoPage = lazy(() => import('../features/comparacion/pages/cotizar-resultado-page'));
const FacturacionPage = lazy(() => import('../features/ordenes/pages/facturacion-page'));
const ConfirmacionPage = lazy(() => import('../features/ordenes/pages/confirmacion-page'));
const ConfirmarOrdenPage = lazy(() => import('../features/ordenes/pages/confirmar-orden-page'));
const OrdenesPage = lazy(() => import('../features/pedidos/pages/ordenes-page'));
const OrdenPage = lazy(() => import('../features/pedidos/pages/orden-page'));
const SeguimientoPage = lazy(() => import('../features/pedidos/pages/seguimiento-page'));
const PedidosRecibidosPage = lazy(() => import('../features/pedidos/pages/pedidos-recibidos-page'));
const PedidoRecibidoPage = lazy(() => import('../features/pedidos/pages/pedido-recibido-page'));
const HistorialPage = lazy(() => import('../features/historial/pages/historial-page'));
const CargaMasivaPage = lazy(() => import('../features/proveedor/carga/carga-masiva-page'));
const MisProductosPage = lazy(() => import('../features/proveedor/mis-productos-page'));
const MisCondicionesPage = lazy(() => import('../features/condiciones/pages/mis-condiciones-page'));
const ModeracionPage = lazy(() => import('../features/moderacion/pages/moderacion-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

/** A route with its guard and its tab title (null: the app's own title, for the home page). */
const route = (path: string, guard: Guard, title: string | null, element: ReactNode, loginMessage?: string) => ({
  path,
  handle: { title } satisfies RouteHandle,
  element: (
    <Guarded guard={guard} loginMessage={loginMessage}>
      {element}
    </Guarded>
  ),
});

/** Every route of SPEC §2 with its guard and tab title, in one place. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        // A screen that fails to render keeps the layout and says so in Spanish.
        errorElement: <RouteErrorPage />,
        children: [
          route('/', 'publico', null, <HomePage />),
          route('/login', 'sin-sesion', 'Iniciar sesión', <LoginPage />),
          route('/signup', 'sin-sesion', 'Crear cuenta', <SignupPage />),
          route('/reset-password', 'publico', 'Recuperar contraseña', <ResetPasswordPage />),
          route('/password/reset/confirm/:uid/:token', 'publico', 'Nueva contraseña', <ResetConfirmPage />),
          route('/activate/:uid/:token', 'publico', 'Activación de cuenta', <ActivatePage />),
          route('/confirmar-correo/:uid/:token', 'publico', 'Confirmar correo', <ConfirmarCorreoPage />),
          route('/cotizar', 'publico', 'Cotizar productos', <CotizarPage />),
          // SPEC §2 names both /cotizacion and /cotizar as the quotation route: the first points to the second.
          { path: '/cotizacion', element: <Navigate to="/cotizar" replace /> },
          route('/datos-cotizacion', 'publico', 'Datos de entrega', <DatosCotizacionPage />),
          route('/confirmar-cotizacion', 'publico', 'Resumen de la solicitud', <ConfirmarCotizacionPage />),
          route('/cotizar-resultado', 'publico', 'Las mejores opciones para ti', <CotizarResultadoPage />),
          route('/facturacion', 'publico', 'Datos de facturación', <FacturacionPage />),
          route('/confirmacion', 'publico', 'Orden confirmada', <ConfirmacionPage />),
          route('/confirmar-orden/:token', 'publico', 'Confirma tu orden', <ConfirmarOrdenPage />),
          route('/carga-masiva', 'proveedor', 'Carga masiva de productos', <CargaMasivaPage />, 'Debes iniciar sesión para acceder'),
          route('/mis-productos-proovedor', 'proveedor', 'Listado de Productos', <MisProductosPage />),
          // Issue #22: the supplier's delivery terms.
          route('/mis-condiciones', 'proveedor', 'Condiciones de despacho', <MisCondicionesPage />),
          route('/moderacion-productos', 'moderador', 'Moderación de Productos Pendientes', <ModeracionPage />),
          route('/mi-perfil', 'sesion', 'Mi Perfil', <MiPerfilPage />),
          {
            // Account and address screens share the profile sidebar; SPEC §8 says why a visitor is sent away.
            element: <PerfilLayout />,
            children: [
              route('/mi-cuenta', 'sesion', 'Datos de la cuenta', <MiCuentaPage />),
              route('/mi-cuenta-editar', 'sesion', 'Editar mis datos', <MiCuentaEditarPage />, 'Debes iniciar sesión'),
              // Issue #20: the profile's 'Seguridad', any role's (the password is auth's, the sidebar the profile's).
              route('/seguridad', 'sesion', 'Seguridad', <SeguridadPage />, 'Debes iniciar sesión'),
              route('/direcciones', 'sesion', 'Mis direcciones', <DireccionesPage />, 'Sesión expirada'),
              route('/direcciones-agregar', 'sesion', 'Agregar dirección', <DireccionAgregarPage />, 'Sesión expirada'),
              // SPEC §2: both paths open the same edit-address screen.
              route('/direcciones-editar', 'sesion', 'Editar dirección', <DireccionEditarPage />, 'Sesión expirada'),
              route('/direcciones-modificar', 'sesion', 'Editar dirección', <DireccionEditarPage />, 'Sesión expirada'),
            ],
          },
          route('/historial', 'sesion', 'Mi Historial de Cotizaciones', <HistorialPage />),
          route('/ordenes', 'sesion', 'Historial de Órdenes de Compra', <OrdenesPage />),
          // Issue #19: an order on the server, its tracking link (no login) and the supplier's inbox.
          route('/ordenes/:id', 'sesion', 'Orden de compra', <OrdenPage />),
          route('/seguimiento/:token', 'publico', 'Seguimiento de tu orden', <SeguimientoPage />),
          route('/pedidos-recibidos', 'proveedor', 'Pedidos Recibidos', <PedidosRecibidosPage />),
          route('/pedidos-recibidos/:id', 'proveedor', 'Pedido recibido', <PedidoRecibidoPage />),
          { path: '*', handle: { title: 'Página no encontrada' } satisfies RouteHandle, element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
