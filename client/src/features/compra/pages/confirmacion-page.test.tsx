// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import { SessionProvider } from '../../../lib/session';
import { type Respuesta, stubFetch } from '../../../test/page-harness';
import { APP_TITLE, useRouteTitle } from '../../../app/route-title';
import ConfirmacionPage, { type OrdenCreadaState } from './confirmacion-page';

const ESTADO: OrdenCreadaState = {
  orden_id: 501,
  pedidos: [
    { id: 45, proveedor: 'Carnes del Maule', total: 500_000, ...conIva(500_000) },
    { id: 46, proveedor: 'Distribuidora Austral', total: 350_045, ...conIva(350_045) },
  ],
  ...conIva(850_045),
  seguimiento: 'S'.repeat(43),
  correo: 'daniela@prueba.cl',
};

let respuestas: Record<string, Respuesta>;

beforeEach(() => {
  respuestas = {};
  stubFetch(respuestas);
  vi.stubGlobal('scrollTo', vi.fn());
  sessionStorage.setItem('cotizacion', JSON.stringify({ cotizacion_id: 77 }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

/** The layout's part that names the tab (app/layout). */
function ConTitulo() {
  useRouteTitle();
  return <Outlet />;
}

/** /confirmacion as /facturacion leaves it: the answer in the navigation state, under its route's title as router.tsx declares it. */
function renderConfirmacion(state: unknown) {
  const router = createMemoryRouter(
    [
      {
        element: <ConTitulo />,
        children: [
          { path: '/confirmacion', handle: { title: 'Orden confirmada' }, element: <ConfirmacionPage /> },
          { path: '/', handle: { title: null }, element: <p>Inicio</p> },
        ],
      },
    ],
    { initialEntries: [{ pathname: '/confirmacion', state }] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('/confirmacion', () => {
  it('names the order, its pedidos one per supplier, who was e-mailed, and gives an anonymous buyer its tracking link', async () => {
    renderConfirmacion(ESTADO);
    expect(screen.getByText('Número de orden:').textContent).toContain('501');
    // Each pedido's total with its IVA, and the order's Neto / IVA / Total (19 % of $850.045 is $161.508,55).
    expect(screen.getByRole('list', { name: 'Pedidos de la orden' }).textContent).toContain(
      `Pedido N° 45 · Carnes del Maule · ${formatClp(595_000)} IVA incl.`,
    );
    expect(screen.getByLabelText('Montos de la orden N° 501').textContent).toBe('Neto$850.045IVA (19 %)$161.509Total de la orden$1.011.554');
    expect(screen.getByText(/Avisamos a cada proveedor por correo electrónico\. Te enviamos un correo de confirmación a daniela@prueba\.cl\./)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Seguir mi orden' })).getAttribute('href')).toBe(`/seguimiento/${'S'.repeat(43)}`);
    expect(screen.queryByRole('link', { name: 'Ver mi orden' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    // docs/producto.md §4.6: the order ends the quotation flow.
    expect(sessionStorage.getItem('cotizacion')).toBeNull();
    expect(document.title).toBe('Orden confirmada · Abastece');
  });

  it("a logged-in buyer gets 'Ver mi orden' to the order on the server", async () => {
    localStorage.setItem('access', 'cabecera.acceso.firma');
    respuestas['POST /auth/jwt/verify/'] = { status: 200, body: {} };
    respuestas['GET /auth/users/me/'] = {
      status: 200,
      body: {
        id: 7,
        email: 'daniela@prueba.cl',
        email_pendiente: null,
        first_name: 'Daniela',
        last_name: 'Araya',
        telefono: '',
        fecha_nacimiento: null,
        is_comprador: true,
        is_proveedor: false,
        is_moderador: false,
        correo_contacto: 'daniela@prueba.cl',
        direccion_envio: '',
        ofrece_credito: false,
        empresa: '',
      },
    };
    renderConfirmacion(ESTADO);
    expect((await screen.findByRole('link', { name: 'Ver mi orden' })).getAttribute('href')).toBe('/ordenes/501');
    expect(screen.queryByRole('link', { name: 'Seguir mi orden' })).toBeNull();
  });
});

describe('/confirmacion of an order waiting for its e-mail (docs/decisions/007)', () => {
  it('says nothing was bought, where the link went and until when, and names no order', async () => {
    renderConfirmacion({ por_confirmar: true, correo: 'daniela@prueba.cl', vence_en: '2026-12-01T17:30:00.000Z' });
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo para confirmar tu orden' })).toBeTruthy();
    const texto = document.body.textContent!;
    expect(texto).toContain('Te enviamos un correo a daniela@prueba.cl con el asunto «Confirma tu orden»');
    expect(texto).toContain('antes del 1 de diciembre de 2026 a las 14:30');
    expect(texto).toContain('Hasta que la confirmes no se compra nada');
    expect(texto).not.toContain('Número de orden');
    // The quotation flow is over, as after any order placed.
    expect(sessionStorage.getItem('cotizacion')).toBeNull();
  });

  it("names the tab 'Confirma tu orden', not 'Orden confirmada'; leaving the page gives the next one its own title", async () => {
    renderConfirmacion({ por_confirmar: true, correo: 'daniela@prueba.cl', vence_en: '2026-12-01T17:30:00.000Z' });
    await waitFor(() => expect(document.title).toBe('Confirma tu orden · Abastece'));
    fireEvent.click(screen.getByRole('link', { name: 'Volver al inicio' }));
    await screen.findByText('Inicio');
    await waitFor(() => expect(document.title).toBe(APP_TITLE));
  });
});
