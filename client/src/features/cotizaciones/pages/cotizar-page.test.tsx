// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../ui/toast';
import CotizarPage from './cotizar-page';
import { renderAt, stubFetch, type Respuesta } from '../../../test/page-harness';
import { SIN_FILA_COMPLETA } from '#common/schemas/cotizaciones';
import { EN_CURSO } from '../../../lib/flujo-cotizacion/en-curso';

// 'Guardar como lista' is the lists' own component: here, what /cotizar hands it.
vi.mock('../../../lib/listas/guardar-como-lista', () => ({
  GuardarComoLista: ({ productos }: { productos: unknown }) => <p data-testid="guardar-como-lista">{JSON.stringify(productos)}</p>,
}));

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
const FILA_GUARDADA = { key: 'a', categoria: 1, origen: 'Chile', marca: 'Carnes Ñuble', producto: 10, cantidad: '50' };

describe('/cotizar', () => {
  it('shows the stored row with the category minimum as the quantity hint', async () => {
    renderPage();
    const cantidad = await screen.findByRole('textbox', { name: 'Cantidad, fila 1' });
    expect((cantidad as HTMLInputElement).value).toBe('50');
    await waitFor(() => expect(cantidad.getAttribute('placeholder')).toBe('Mín. 100'));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Error al cargar rangos de precios' when the ranges fail, and the table still works without a minimum", async () => {
    respuestas[RANGOS] = { status: 500, body: { detail: 'Error interno del servidor.' } };
    renderPage();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error al cargar rangos de precios'));
    const cantidad = await screen.findByRole('textbox', { name: 'Cantidad, fila 1' });
    expect(cantidad.getAttribute('placeholder')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Producto, fila 1' }) as HTMLInputElement).value).toBe('Abastero');
  });
});

describe('/cotizar and a quotation from before', () => {
  it("says it restored rows from before, and 'Nueva cotización' clears the whole flow", async () => {
    // An abandoned quotation: its rows, request, delivery record, results and choice are all still stored.
    for (const key of ['solicitud', 'cotizante', 'cotizacion', 'seleccion']) sessionStorage.setItem(key, '{}');
    renderPage();
    expect(await screen.findByText('Recuperamos los productos de tu cotización anterior.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nueva cotización' }));

    expect(screen.queryByText('Recuperamos los productos de tu cotización anterior.')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Cantidad, fila 1' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Producto, fila 1' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('textbox', { name: 'Cantidad, fila 2' })).toBeNull();
    for (const key of ['solicitud', 'cotizante', 'cotizacion', 'seleccion']) expect(sessionStorage.getItem(key)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('filasCotizacion')!)).toEqual([expect.objectContaining({ categoria: null, producto: null, cantidad: '' })]);
  });

  it('says nothing on a first visit, nor when the flow itself comes back to change the products', async () => {
    sessionStorage.clear();
    renderPage();
    await screen.findByRole('textbox', { name: 'Cantidad, fila 1' });
    expect(screen.queryByText('Recuperamos los productos de tu cotización anterior.')).toBeNull();
    cleanup();

    sessionStorage.setItem('filasCotizacion', JSON.stringify([FILA_GUARDADA]));
    // From the summary's 'Modificar productos'.
    const router = renderAt('/cotizar', <CotizarPage />, { '/confirmar-cotizacion': 'Resumen' }, '/confirmar-cotizacion');
    await router.navigate('/cotizar', { state: EN_CURSO });
    expect(((await screen.findByRole('textbox', { name: 'Cantidad, fila 1' })) as HTMLInputElement).value).toBe('50');
    expect(screen.queryByText('Recuperamos los productos de tu cotización anterior.')).toBeNull();
  });
});

describe("/cotizar's message that belongs to no row", () => {
  it("'Debe haber al menos una fila completa' goes once the rows are fixed", async () => {
    sessionStorage.setItem('filasCotizacion', JSON.stringify([{ ...FILA_GUARDADA, cantidad: '' }]));
    renderPage();
    const cantidad = await screen.findByRole('textbox', { name: 'Cantidad, fila 1' });
    await waitFor(() => expect(cantidad.getAttribute('placeholder')).toBe('Mín. 100'));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(SIN_FILA_COMPLETA)).toBeTruthy();

    // Still true while the row is still not complete and valid…
    fireEvent.change(cantidad, { target: { value: '50' } });
    expect(screen.getByText(SIN_FILA_COMPLETA)).toBeTruthy();
    // …gone once it is.
    fireEvent.change(cantidad, { target: { value: '150' } });
    await waitFor(() => expect(screen.queryByText(SIN_FILA_COMPLETA)).toBeNull());
  });
});

describe("/cotizar's product box searches the whole catalogue", () => {
  it('searches from 2 characters, shows category and unit, and choosing fills the category, origin and brand', async () => {
    sessionStorage.clear();
    const llamadas = stubFetch({
      ...respuestas,
      'GET /api/productos/buscar/?q=abas%20CHI': { status: 200, body: [{ id: 10, nombre: 'Abastero', categoria: 'CARNE BOVINA', unidad: 'KILO' }] },
    });
    renderPage();
    const producto = (await screen.findByRole('combobox', { name: 'Producto, fila 1' })) as HTMLInputElement;
    // No category needed first: the box is open to the whole catalogue.
    expect(producto.disabled).toBe(false);
    fireEvent.change(producto, { target: { value: 'a' } });
    expect(document.querySelector('.combobox__empty')?.textContent).toBe('Escribe al menos 2 caracteres para buscar.');
    fireEvent.change(producto, { target: { value: 'abas CHI' } });
    const opcion = await screen.findByRole('option', { name: /Abastero/ });
    expect(opcion.textContent).toBe('AbasteroCARNE BOVINA · KILO');
    // One request, once the typing paused, never one per letter nor under 2 characters.
    expect(llamadas.filter((l) => l.url.startsWith('/api/productos/buscar/')).map((l) => l.url)).toEqual(['/api/productos/buscar/?q=abas%20CHI']);
    fireEvent.keyDown(producto, { key: 'Enter' });

    expect(producto.value).toBe('Abastero');
    expect((screen.getByRole('combobox', { name: 'Categoría, fila 1' }) as HTMLInputElement).value).toBe('CARNE BOVINA');
    expect((screen.getByRole('combobox', { name: 'Origen, fila 1' }) as HTMLInputElement).value).toBe('Chile');
    expect((screen.getByRole('combobox', { name: 'Marca, fila 1' }) as HTMLInputElement).value).toBe('Carnes Ñuble');
  });

  it('with a category chosen, lists that category’s products without asking the server', async () => {
    const llamadas = stubFetch(respuestas);
    renderPage();
    const producto = (await screen.findByRole('combobox', { name: 'Producto, fila 1' })) as HTMLInputElement;
    fireEvent.change(producto, { target: { value: 'aba' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['AbasteroCarnes Ñuble · Chile']);
    expect(llamadas.some((l) => l.url.startsWith('/api/productos/buscar/'))).toBe(false);
  });
});

describe('/cotizar?repetir= (Cotizar de nuevo)', () => {
  it('starts a new quotation with the lines still sold, names those left out, and drops the parameter', async () => {
    for (const key of ['solicitud', 'cotizante', 'cotizacion', 'seleccion']) sessionStorage.setItem(key, '{}');
    const router = renderAt('/cotizar', <CotizarPage />, { '/': 'Inicio' }, '/');
    await router.navigate('/cotizar?repetir=10-12.5,99-3,98-1', { state: { nombres: { 99: 'Lomo vetado' } } });

    expect(await screen.findByText('Estos productos ya no se venden y no se agregaron: Lomo vetado, el producto N° 98.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Producto, fila 1' }) as HTMLInputElement).value).toBe('Abastero');
    expect((screen.getByRole('combobox', { name: 'Categoría, fila 1' }) as HTMLInputElement).value).toBe('CARNE BOVINA');
    // Quantities on /cotizar are whole: 12.5 kg asks for 13.
    expect((screen.getByRole('textbox', { name: 'Cantidad, fila 1' }) as HTMLInputElement).value).toBe('13');
    expect(screen.queryByRole('textbox', { name: 'Cantidad, fila 2' })).toBeNull();
    // Not the stored row of before, and not called restored.
    expect(screen.queryByText('Recuperamos los productos de tu cotización anterior.')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    for (const key of ['solicitud', 'cotizante', 'cotizacion', 'seleccion']) expect(sessionStorage.getItem(key)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('filasCotizacion')!)).toEqual([expect.objectContaining({ producto: 10, cantidad: '13' })]);
    // The notice stays once the parameter is gone.
    expect(screen.getByText('Estos productos ya no se venden y no se agregaron: Lomo vetado, el producto N° 98.')).toBeTruthy();
  });

  it('one product left out, from an e-mail link without names, is named by its number', async () => {
    renderAt('/cotizar', <CotizarPage />, {}, '/cotizar?repetir=77-2');
    expect(await screen.findByText('Este producto ya no se vende y no se agregó: el producto N° 77.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Producto, fila 1' }) as HTMLInputElement).value).toBe('');
  });
});

describe("/cotizar's 'Guardar como lista'", () => {
  it('sits beside Continuar with the rows Continuar would send', async () => {
    renderPage();
    const cantidad = await screen.findByRole('textbox', { name: 'Cantidad, fila 1' });
    await waitFor(() => expect(cantidad.getAttribute('placeholder')).toBe('Mín. 100'));
    // 50 is under the category's minimum: not a row Continuar would send.
    expect(screen.getByTestId('guardar-como-lista').textContent).toBe('[]');
    fireEvent.change(cantidad, { target: { value: '150' } });
    expect(JSON.parse(screen.getByTestId('guardar-como-lista').textContent!)).toEqual([{ producto: 10, cantidad: 150 }]);
    expect(screen.getByTestId('guardar-como-lista').nextElementSibling?.textContent).toBe('Continuar');
  });
});

describe('/cotizar on a phone (compact rows at ≤ 480 px, the fold in cotizaciones.css)', () => {
  const fila = (n: number) => screen.getByRole('textbox', { name: `Cantidad, fila ${n}` }).closest('tr')!;

  it('each row has a fold button saying what its category, origin and brand hold; it unfolds and folds them', async () => {
    renderPage();
    const boton = await screen.findByRole('button', { name: 'Categoría, origen y marca: CARNE BOVINA · Chile · Carnes Ñuble, fila 1' });
    expect(boton.textContent).toBe('CARNE BOVINA · Chile · Carnes Ñuble');
    expect(boton.getAttribute('aria-expanded')).toBe('false');
    expect(fila(1).className).toBe('data-table__row cotizar__fila');
    fireEvent.click(boton);
    expect(boton.getAttribute('aria-expanded')).toBe('true');
    expect(fila(1).className).toBe('data-table__row cotizar__fila cotizar__fila--filtros');
    fireEvent.click(boton);
    expect(fila(1).className).toBe('data-table__row cotizar__fila');
    // The fields keep their column names as accessible names, folded or not.
    for (const campo of ['Categoría', 'Origen', 'Marca', 'Producto']) expect(screen.getByRole('combobox', { name: `${campo}, fila 1` })).toBeTruthy();
  });

  it('a new row, with nothing chosen, names the filters; the product box comes first and searches by name', async () => {
    sessionStorage.clear();
    renderPage();
    const boton = await screen.findByRole('button', { name: 'Categoría, origen y marca, fila 1' });
    expect(boton.textContent).toBe('Categoría, origen y marca');
    const producto = screen.getByRole('combobox', { name: 'Producto, fila 1' }) as HTMLInputElement;
    expect(producto.disabled).toBe(false);
    expect(producto.placeholder).toBe('Escribe para buscar');
  });

  it('the quantity opens the digits keypad: every unit takes whole numbers', async () => {
    renderPage();
    const cantidad = await screen.findByRole('textbox', { name: 'Cantidad, fila 1' });
    expect(cantidad.getAttribute('inputmode')).toBe('numeric');
    expect(cantidad.getAttribute('type')).toBe('text');
  });

  it('a failed Continuar unfolds the rows whose category, origin or brand has a message, and only those', async () => {
    sessionStorage.setItem(
      'filasCotizacion',
      JSON.stringify([FILA_GUARDADA, { key: 'b', categoria: null, origen: null, marca: null, producto: null, cantidad: '150' }]),
    );
    renderPage();
    await screen.findByRole('textbox', { name: 'Cantidad, fila 2' });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Fila 2: El campo "Categoría" está incompleto.')).toBeTruthy();
    expect(fila(2).className).toContain('cotizar__fila--filtros');
    expect(screen.getByRole('button', { name: 'Categoría, origen y marca, fila 2' }).getAttribute('aria-expanded')).toBe('true');
    // Row 1's message is about its quantity: its filters stay folded.
    await waitFor(() => expect(fila(1).textContent).toContain('Fila 1: La cantidad mínima debe ser de 100 kg.'));
    expect(fila(1).className).not.toContain('cotizar__fila--filtros');
  });
});
