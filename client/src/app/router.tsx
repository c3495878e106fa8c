import { type ComponentType, isValidElement, lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PerfilLayout } from '../features/cuenta/components/perfil-layout';
import { type Guard, Guarded } from './guards';
import { Layout } from './layout/layout';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-title';

type Modulo = { default: ComponentType };
/** How each page's chunk is loaded, by the component pagina() made of it. */
const cargadores = new Map<unknown, () => Promise<Modulo>>();

/**
 * React.lazy for a page, that renders without suspending once its chunk is loaded. main.tsx loads
 * the landing page before the first render (scripts/client-build.ts), but lazy() would still
 * suspend on the import's promise: the first paint would be the top bar alone and the page, its
 * LCP, one render later (docs/decisions/019-primera-pintura.md). lazy() reads a thenable that
 * calls back at once synchronously.
 */
function pagina(load: () => Promise<Modulo>) {
  let cargada: Modulo | undefined;
  const cargar = () => load().then((m) => (cargada = m));
  const Pagina = lazy(() => {
    if (!cargada) return cargar();
    const modulo = cargada;
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, the one lazy() reads without suspending.
    return { then: (listo: (m: Modulo) => void) => listo(modulo) } as Promise<Modulo>;
  });
  cargadores.set(Pagina, cargar);
  return Pagina;
}

/** A route's handle: its tab title (route-title.ts) and how to load its page (main.tsx). */
type Handle = RouteHandle & { cargar?: () => Promise<Modulo> };

const HomePage = pagina(() => import('../features/home/pages/home-page'));
const LoginPage = pagina(() => import('../features/auth/pages/login-page'));
const SignupPage = pagina(() => import('../features/auth/pages/signup-page'));
const ResetPasswordPage = pagina(() => import('../features/auth/pages/reset-password-page'));
const ResetConfirmPage = pagina(() => import('../features/auth/pages/reset-confirm-page'));
const ActivatePage = pagina(() => import('../features/auth/pages/activate-page'));
const SeguridadPage = pagina(() => import('../features/auth/pages/seguridad-page'));
const MiPerfilPage = pagina(() => import('../features/cuenta/pages/mi-perfil-page'));
const MiCuentaPage = pagina(() => import('../features/cuenta/pages/mi-cuenta-page'));
const MiCuentaEditarPage = pagina(() => import('../features/cuenta/pages/mi-cuenta-editar-page'));
const ConfirmarCorreoPage = pagina(() => import('../features/cuenta/pages/confirmar-correo-page'));
const DireccionesPage = pagina(() => import('../features/direcciones/pages/direcciones-page'));
const DireccionAgregarPage = pagina(() => import('../features/direcciones/pages/direccion-agregar-page'));
const DireccionEditarPage = pagina(() => import('../features/direcciones/pages/direccion-editar-page'));
const CotizarPage = pagina(() => import('../features/cotizaciones/pages/cotizar-page'));
const DatosCotizacionPage = pagina(() => import('../features/cotizaciones/pages/datos-cotizacion-page'));
const ConfirmarCotizacionPage = pagina(() => import('../features/cotizaciones/pages/confirmar-cotizacion-page'));
const CotizarResultadoPage = pagina(() => import('../features/comparacion/pages/cotizar-resultado-page'));
const FacturacionPage = pagina(() => import('../features/compra/pages/facturacion-page'));
const ConfirmacionPage = pagina(() => import('../features/compra/pages/confirmacion-page'));
const ConfirmarOrdenPage = pagina(() => import('../features/compra/pages/confirmar-orden-page'));
const OrdenesPage = pagina(() => import('./ordenes-segun-rol'));
const OrdenPage = pagina(() => import('../features/ordenes/pages/orden-page'));
const SeguimientoPage = pagina(() => import('../features/ordenes/pages/seguimiento-page'));
const PedidosRecibidosPage = pagina(() => import('../features/pedidos/pages/pedidos-recibidos-page'));
const PedidoRecibidoPage = pagina(() => import('../features/pedidos/pages/pedido-recibido-page'));
const OrdenDeCompraPage = pagina(() => import('../features/pedidos/pages/orden-de-compra-page'));
const HistorialPage = pagina(() => import('../features/historial/pages/historial-page'));
const ListasPage = pagina(() => import('../features/listas/pages/listas-page'));
const ListaCotizadaPage = pagina(() => import('../features/listas/pages/lista-cotizada-page'));
const CargaMasivaPage = pagina(() => import('../features/carga-masiva/carga-masiva-page'));
const MisProductosPage = pagina(() => import('../features/proveedor/mis-productos-page'));
const MisCondicionesPage = pagina(() => import('../features/condiciones/pages/mis-condiciones-page'));
const MiEmpresaPage = pagina(() => import('../features/empresa/pages/mi-empresa-page'));
const PanelPage = pagina(() => import('../features/panel/pages/panel-page'));
const ModeracionPage = pagina(() => import('../features/moderacion/pages/moderacion-page'));
const NotFoundPage = pagina(() => import('./not-found-page'));

/** A route with its guard and its tab title (null: the app's own title, for the home page). */
const route = (path: string, guard: Guard, title: string | null, element: ReactNode, loginMessage?: string) => ({
  path,
  handle: { title, cargar: isValidElement(element) ? cargadores.get(element.type) : undefined } satisfies Handle,
  element: (
    <Guarded guard={guard} loginMessage={loginMessage}>
      {element}
    </Guarded>
  ),
});

/** Loads the page of the route the app opens on, so that its first render has it (main.tsx). */
export const cargarPaginaInicial = () => Promise.all(router.state.matches.map((m) => (m.route.handle as Handle | undefined)?.cargar?.()));

/** Every route of docs/producto.md §2 with its guard and tab title, in one place. */
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
          // docs/producto.md §2 names both /cotizacion and /cotizar as the quotation route: the first points to the second.
          { path: '/cotizacion', element: <Navigate to="/cotizar" replace /> },
          route('/datos-cotizacion', 'publico', 'Datos de entrega', <DatosCotizacionPage />),
          route('/confirmar-cotizacion', 'publico', 'Resumen de la solicitud', <ConfirmarCotizacionPage />),
          route('/cotizar-resultado', 'publico', 'Las mejores opciones para ti', <CotizarResultadoPage />),
          route('/facturacion', 'publico', 'Datos de facturación', <FacturacionPage />),
          route('/confirmacion', 'publico', 'Orden confirmada', <ConfirmacionPage />),
          route('/confirmar-orden/:token', 'publico', 'Confirma tu orden', <ConfirmarOrdenPage />),
          route('/carga-masiva', 'proveedor', 'Carga masiva de productos', <CargaMasivaPage />, 'Debes iniciar sesión para acceder'),
          route('/mis-productos-proovedor', 'proveedor', 'Listado de Productos', <MisProductosPage />),
          // The supplier's delivery terms.
          route('/mis-condiciones', 'proveedor', 'Condiciones de despacho', <MisCondicionesPage />),
          // The supplier's company, and its home: what to do today (docs/decisions/024, 025).
          route('/mi-empresa', 'proveedor', 'Mi empresa', <MiEmpresaPage />),
          route('/panel', 'proveedor', 'Resumen', <PanelPage />),
          route('/moderacion-productos', 'moderador', 'Moderación de Productos Pendientes', <ModeracionPage />),
          route('/mi-perfil', 'sesion', 'Mi Perfil', <MiPerfilPage />),
          {
            // Account and address screens share the profile sidebar; docs/producto.md §8 says why a visitor is sent away.
            element: <PerfilLayout />,
            children: [
              route('/mi-cuenta', 'sesion', 'Datos de la cuenta', <MiCuentaPage />),
              route('/mi-cuenta-editar', 'sesion', 'Editar mis datos', <MiCuentaEditarPage />, 'Debes iniciar sesión'),
              // The profile's 'Seguridad', any role's (the password is auth's, the sidebar the profile's).
              route('/seguridad', 'sesion', 'Seguridad', <SeguridadPage />, 'Debes iniciar sesión'),
              route('/direcciones', 'sesion', 'Mis direcciones', <DireccionesPage />, 'Sesión expirada'),
              route('/direcciones-agregar', 'sesion', 'Agregar dirección', <DireccionAgregarPage />, 'Sesión expirada'),
              // docs/producto.md §2: both paths open the same edit-address screen.
              route('/direcciones-editar', 'sesion', 'Editar dirección', <DireccionEditarPage />, 'Sesión expirada'),
              route('/direcciones-modificar', 'sesion', 'Editar dirección', <DireccionEditarPage />, 'Sesión expirada'),
            ],
          },
          route('/historial', 'sesion', 'Mi Historial de Cotizaciones', <HistorialPage />),
          // docs/producto.md §16: the buyer's lists, and the results a reminder prepared for one.
          route('/listas', 'comprador', 'Mis listas', <ListasPage />),
          route('/listas/:id/cotizaciones/:cotizacionId', 'sesion', 'Las mejores opciones para ti', <ListaCotizadaPage />),
          route('/ordenes', 'sesion', 'Historial de Órdenes de Compra', <OrdenesPage />),
          // An order on the server, its tracking link (no login) and the supplier's inbox.
          route('/ordenes/:id', 'sesion', 'Orden de compra', <OrdenPage />),
          route('/seguimiento/:token', 'publico', 'Seguimiento de tu orden', <SeguimientoPage />),
          route('/pedidos-recibidos', 'proveedor', 'Pedidos Recibidos', <PedidosRecibidosPage />),
          route('/pedidos-recibidos/:id', 'proveedor', 'Pedido recibido', <PedidoRecibidoPage />),
          // A pedido's purchase order to print, for its supplier and its buyer alike (docs/decisions/026).
          route('/pedidos/:id/orden-de-compra', 'sesion', 'Orden de compra', <OrdenDeCompraPage />),
          { path: '*', handle: { title: 'Página no encontrada' } satisfies RouteHandle, element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
