// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../ui/toast';
import CotizarPage from './cotizar-page';
import { renderAt, stubFetch, type Respuesta } from '../../../test/page-harness';

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

const RANGOS = 'GET /api/productos/rangosprecios/';
let respuestas: Record<string, Respuesta>;

beforeEach(() => {
  respuestas = {
    'GET /api/productos/consolidated-data/': { status: 200, body: CATALOGO },
    [RANGOS]: { status: 200, body: [{ id: 1, categoria: 1, categoria_nombre: 'CARNE BOVINA', nombre: 'Desde 100 kg', limite_inferior: 100 }] },
  };
  stubFetch(respuestas);
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

const renderPage = () => renderAt('/cotizar', <CotizarPage />);

describe('/cotizar', () => {
  it('shows the stored row with the category minimum as the quantity hint', async () => {
    renderPage();
    const cantidad = await screen.findByRole('textbox', { name: 'Cantidad, fila 1' });
    expect((cantidad as HTMLInputElement).value).toBe('50');
    await waitFor(() => expect(cantidad.getAttribute('placeholder')).toBe('Mín. 100'));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Error al cargar rangos de precios' when the ranges fail, and the table still works without a minimum", async () => {
    respuestas[RANGOS] = { status: 500, body: {} };
    renderPage();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error al cargar rangos de precios'));
    const cantidad = await screen.findByRole('textbox', { name: 'Cantidad, fila 1' });
    expect(cantidad.getAttribute('placeholder')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Producto, fila 1' }) as HTMLInputElement).value).toBe('Abastero');
  });
});
