import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { EnConstruccion } from '../ui/en-construccion';
import { type Guard, Guarded } from './guards';
import { Layout } from './layout/layout';

const HomePage = lazy(() => import('../features/home/pages/home-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

const route = (path: string, guard: Guard, element: ReactNode) => ({ path, element: <Guarded guard={guard}>{element}</Guarded> });
const pendiente = (path: string, guard: Guard, titulo: string) => route(path, guard, <EnConstruccion titulo={titulo} />);

/** Every route of SPEC §2 with its guard, in one place. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      route('/', 'publico', <HomePage />),
      pendiente('/login', 'publico', 'Iniciar sesión'),
      pendiente('/signup', 'publico', 'Crear cuenta'),
      pendiente('/reset-password', 'publico', 'Recuperar contraseña'),
      pendiente('/password/reset/confirm/:uid/:token', 'publico', 'Nueva contraseña'),
      pendiente('/activate/:uid/:token', 'publico', 'Activación de cuenta'),
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
      pendiente('/mi-perfil', 'sesion', 'Mi Perfil'),
      pendiente('/mi-cuenta', 'sesion', 'Mi cuenta'),
      pendiente('/mi-cuenta-editar', 'sesion', 'Editar mis datos'),
      pendiente('/direcciones', 'sesion', 'Mis direcciones'),
      pendiente('/direcciones-agregar', 'sesion', 'Agregar dirección'),
      pendiente('/direcciones-editar', 'sesion', 'Editar dirección'),
      pendiente('/direcciones-modificar', 'sesion', 'Editar dirección'),
      pendiente('/historial', 'sesion', 'Mi Historial de Cotizaciones'),
      pendiente('/ordenes', 'sesion', 'Historial de Órdenes de Compra'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
