// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../lib/session';
import { toast } from '../../../ui/toast';
import CotizarPage from './cotizar-page';

const CATALOGO = {
  categorias: [{ id: 1, nombre: 'CARNE BOVINA' }],
  productos: [
    {
      id: 10,
      nombre: 'Abastero',
      categoria: { id: 1, nombre: 'CARNE BOVINA' },
      origen: { descripcion: 'Chile' },
      marca: { nombre: 'Carnes Ñuble' },
      unidad: { descripcion: 'KILO' },
      formatos: [],
    },
  ],
};

let rangos: { status: number; body: unknown };

beforeEach(() => {
  rangos = { status: 200, body: [{ id: 1, categoria: 1, categoria_nombre: 'CARNE BOVINA', nombre: 'Desde 100 kg', limite_inferior: 100 }] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/productos/consolidated-data/') return new Response(JSON.stringify(CATALOGO), { status: 200 });
      if (url === '/api/productos/rangosprecios/') return new Response(JSON.stringify(rangos.body), { status: rangos.status });
      return new Response('{}', { status: 404 });
    }),
  );
  vi.spyOn(toast, 'error');
  // A stored row of the last visit, to see that the page reads it back.
  sessionStorage.setItem('filasCotizacion', JSON.stringify([{ key: 'a', categoria: 1, origen: 'Chile', marca: 'Carnes Ñuble', producto: 10, cantidad: '50' }]));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/cotizar', element: <CotizarPage /> }], { initialEntries: ['/cotizar'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('/cotizar', () => {
  it('shows the stored row with the category minimum as the quantity hint', async () => {
    renderPage();
    const cantidad = await screen.findByRole('textbox', { name: 'Cantidad, fila 1' });
    expect((cantidad as HTMLInputElement).value).toBe('50');
    await waitFor(() => expect(cantidad.getAttribute('placeholder')).toBe('Mín. 100'));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Error al cargar rangos de precios' when the ranges fail, and the table still works without a minimum", async () => {
    rangos = { status: 500, body: {} };
    renderPage();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error al cargar rangos de precios'));
    const cantidad = await screen.findByRole('textbox', { name: 'Cantidad, fila 1' });
    expect(cantidad.getAttribute('placeholder')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Producto, fila 1' }) as HTMLInputElement).value).toBe('Abastero');
  });
});
