// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listaNombreRepetido, type Lista } from '#common/schemas/listas';
import { GuardarComoLista } from '../../../lib/listas/guardar-como-lista';
import { renderAt, type Respuesta, stubFetch } from '../../../test/page-harness';
import { COMPRADORA, PROVEEDOR, signIn } from '../../../test/sesion';
import { Toaster } from '../../../ui/toast';
import ListasPage from './listas-page';

const SEMANA: Lista = {
  id: 4,
  nombre: 'Semana',
  productos: [
    { producto: 12, cantidad: 100, nombre: 'Lomo vetado', categoria: 'CARNE BOVINA', unidad: 'KILO', disponible: true },
    { producto: 34, cantidad: 120, nombre: 'Trutro entero de pollo', categoria: 'AVES', unidad: 'KILO', disponible: true },
    { producto: 56, cantidad: 100, nombre: 'Jamón serrano', categoria: 'CECINAS', unidad: 'CAJA', disponible: false },
  ],
  recordatorio: null,
  creado_en: '2026-11-20T12:00:00.000Z',
  actualizado_en: '2026-11-20T12:00:00.000Z',
};
const cuerpo = (l: Lista, cambios: Record<string, unknown> = {}) => ({
  nombre: l.nombre,
  productos: l.productos.map((p) => ({ producto: p.producto, cantidad: p.cantidad })),
  recordatorio: l.recordatorio,
  ...cambios,
});

let respuestas: Record<string, Respuesta>;
let llamadas: ReturnType<typeof stubFetch>;

beforeEach(() => {
  respuestas = { 'GET /api/listas/': { status: 200, body: [SEMANA] }, 'PUT /api/listas/4/': { status: 200, body: SEMANA } };
  signIn(respuestas, COMPRADORA);
  llamadas = stubFetch(respuestas);
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/** What the tests do with the page, through fireEvent (a value typed at once; '{Enter}' at the end presses Enter). */
const userEvent = {
  setup: () => ({
    click: async (el: Element) => {
      fireEvent.click(el);
    },
    clear: async (el: Element) => {
      fireEvent.change(el, { target: { value: '' } });
    },
    type: async (el: Element, texto: string) => {
      const enter = texto.endsWith('{Enter}');
      const valor = (el as HTMLInputElement).value + texto.replace('{Enter}', '');
      fireEvent.change(el, { target: { value: valor } });
      if (enter) fireEvent.keyDown(el, { key: 'Enter' });
    },
    selectOptions: async (el: Element, texto: string) => {
      const opcion = within(el as HTMLElement).getByRole('option', { name: texto }) as HTMLOptionElement;
      fireEvent.change(el, { target: { value: opcion.value } });
    },
  }),
};

const escrito = (method: string, url: string) => llamadas.filter((l) => l.method === method && l.url === url).map((l) => l.body);
const abrir = () => {
  render(<Toaster />);
  return renderAt('/listas', <ListasPage />, { '/cotizar': 'Cotizar' });
};

describe('/listas shows the buyer’s lists', () => {
  it('says how lists are made when there are none', async () => {
    respuestas['GET /api/listas/'] = { status: 200, body: [] };
    abrir();
    expect(await screen.findByText(/Guarda una cotización o una orden como lista/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear lista' })).toBeTruthy();
  });

  it('each list with its products, category, unit and quantity, and marks what is no longer sold', async () => {
    abrir();
    const tabla = await screen.findByRole('table', { name: 'Productos de la lista «Semana»' });
    expect(within(tabla).getByText('Lomo vetado')).toBeTruthy();
    expect(within(tabla).getByText('CARNE BOVINA')).toBeTruthy();
    expect((within(tabla).getByLabelText('Cantidad de Trutro entero de pollo') as HTMLInputElement).value).toBe('120');
    expect(within(tabla).getByText('Ya no se vende')).toBeTruthy();
    expect(screen.getByText('3 productos · Sin recordatorio')).toBeTruthy();
  });
});

describe('editing a list replaces it (PUT) with the change', () => {
  it('a quantity edited in place, saved on Enter; /cotizar’s rule first, then the server’s minimum under the cell', async () => {
    const user = userEvent.setup();
    abrir();
    const cantidad = (await screen.findByLabelText('Cantidad de Trutro entero de pollo')) as HTMLInputElement;
    await user.clear(cantidad);
    await user.type(cantidad, '12.5{Enter}');
    expect(await screen.findByText('La cantidad debe ser un número entero.')).toBeTruthy();
    expect(escrito('PUT', '/api/listas/4/')).toEqual([]);

    respuestas['PUT /api/listas/4/'] = { status: 400, body: { productos: ['Fila 2: La cantidad mínima debe ser de 100 kg.'] } };
    await user.clear(cantidad);
    await user.type(cantidad, '50{Enter}');
    expect(await screen.findByText('La cantidad mínima debe ser de 100 kg.')).toBeTruthy();
    expect(escrito('PUT', '/api/listas/4/')).toEqual([
      cuerpo(SEMANA, {
        productos: [
          { producto: 12, cantidad: 100 },
          { producto: 34, cantidad: 50 },
          { producto: 56, cantidad: 100 },
        ],
      }),
    ]);

    respuestas['PUT /api/listas/4/'] = { status: 200, body: SEMANA };
    await user.clear(cantidad);
    await user.type(cantidad, '150');
    fireEvent.blur(cantidad);
    await waitFor(() => expect(escrito('PUT', '/api/listas/4/')).toHaveLength(2));
    expect(escrito('PUT', '/api/listas/4/')[1]).toMatchObject({ productos: [{ cantidad: 100 }, { producto: 34, cantidad: 150 }, { cantidad: 100 }] });
    await waitFor(() => expect(screen.queryByText('La cantidad mínima debe ser de 100 kg.')).toBeNull());
  });

  it('rename: the name asked in a modal; a name the account already has shows under the field', async () => {
    const user = userEvent.setup();
    abrir();
    await user.click(await screen.findByRole('button', { name: 'Cambiar nombre' }));
    const dialogo = screen.getByRole('dialog', { name: 'Cambiar nombre' });
    const nombre = within(dialogo).getByLabelText('Nombre de la lista');
    await user.clear(nombre);
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialogo).findByText('Escribe un nombre para la lista.')).toBeTruthy();

    respuestas['PUT /api/listas/4/'] = { status: 400, body: { nombre: [listaNombreRepetido('Mes')] } };
    await user.type(nombre, 'Mes');
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialogo).findByText('Ya tienes una lista llamada «Mes».')).toBeTruthy();
    expect(escrito('PUT', '/api/listas/4/')).toEqual([cuerpo(SEMANA, { nombre: 'Mes' })]);
  });

  it('remove a product', async () => {
    const user = userEvent.setup();
    abrir();
    await user.click(await screen.findByRole('button', { name: 'Quitar Lomo vetado de la lista' }));
    await waitFor(() =>
      expect(escrito('PUT', '/api/listas/4/')).toEqual([
        cuerpo(SEMANA, {
          productos: [
            { producto: 34, cantidad: 120 },
            { producto: 56, cantidad: 100 },
          ],
        }),
      ]),
    );
    expect(await screen.findByText('Lomo vetado quitado de la lista')).toBeTruthy();
  });

  it('the weekly reminder: a day and an hour, or none', async () => {
    const user = userEvent.setup();
    abrir();
    await user.selectOptions(await screen.findByLabelText('Recordatorio semanal'), 'Cada lunes');
    const hora = screen.getByLabelText('Hora (Chile)') as HTMLInputElement;
    expect(hora.value).toBe('08:00');
    fireEvent.change(hora, { target: { value: '07:30' } });
    await user.click(screen.getByRole('button', { name: 'Guardar recordatorio' }));
    await waitFor(() => expect(escrito('PUT', '/api/listas/4/')).toEqual([cuerpo(SEMANA, { recordatorio: { dia: 1, hora: '07:30' } })]));
    expect(await screen.findByText('Te enviaremos esta lista cotizada cada lunes a las 07:30')).toBeTruthy();
  });

  it('with a reminder, says when it comes; choosing Sin recordatorio removes it', async () => {
    const user = userEvent.setup();
    respuestas['GET /api/listas/'] = { status: 200, body: [{ ...SEMANA, recordatorio: { dia: 1, hora: '08:00' } }] };
    abrir();
    expect(await screen.findByText('Te enviaremos esta lista cotizada cada lunes a las 08:00')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Recordatorio semanal'), 'Sin recordatorio');
    await user.click(screen.getByRole('button', { name: 'Guardar recordatorio' }));
    await waitFor(() => expect(escrito('PUT', '/api/listas/4/')).toEqual([cuerpo(SEMANA, { recordatorio: null })]));
  });

  it('delete, after confirming', async () => {
    const user = userEvent.setup();
    respuestas['DELETE /api/listas/4/'] = { status: 204, body: null };
    abrir();
    await user.click(await screen.findByRole('button', { name: 'Eliminar la lista «Semana»' }));
    const dialogo = screen.getByRole('dialog', { name: '¿Deseas eliminar la lista «Semana»?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(escrito('DELETE', '/api/listas/4/')).toHaveLength(1));
    expect(await screen.findByText('Lista «Semana» eliminada')).toBeTruthy();
  });
});

describe('Agregar productos', () => {
  it('searches in /cotizar’s box: what the list has is shown but not offered; a chosen one asks its quantity and is PUT', async () => {
    const user = userEvent.setup();
    respuestas['GET /api/productos/buscar/?q=lomo'] = {
      status: 200,
      body: [
        { id: 12, nombre: 'Lomo vetado', categoria: 'CARNE BOVINA', unidad: 'KILO' },
        { id: 78, nombre: 'Lomo liso', categoria: 'CARNE BOVINA', unidad: 'KILO' },
      ],
    };
    abrir();
    await user.click(await screen.findByRole('button', { name: 'Agregar productos' }));
    const caja = screen.getByRole('combobox', { name: 'Agregar un producto' });
    await user.type(caja, 'lomo');
    await screen.findByRole('option', { name: /Lomo liso/ }, { timeout: 3000 });
    const [vetado, liso] = within(screen.getByRole('listbox', { name: 'Agregar un producto' })).getAllByRole('option');
    expect(vetado!.textContent).toBe('Lomo vetadoCARNE BOVINA · KILO · ya está en la lista');
    expect(vetado!.getAttribute('aria-disabled')).toBe('true');
    expect(liso!.textContent).toBe('Lomo lisoCARNE BOVINA · KILO');
    // The one already on the list is not picked, by keyboard nor by pointer.
    await user.type(caja, '{Enter}');
    fireEvent.mouseDown(vetado!);
    expect(screen.queryByLabelText('Cantidad (kg)')).toBeNull();
    fireEvent.keyDown(caja, { key: 'ArrowDown' });
    await user.type(caja, '{Enter}');
    await user.type(screen.getByLabelText('Cantidad (kg)'), '30');
    await user.click(screen.getByRole('button', { name: 'Agregar a la lista' }));
    await waitFor(() =>
      expect(escrito('PUT', '/api/listas/4/')).toEqual([cuerpo(SEMANA, { productos: [...cuerpo(SEMANA).productos, { producto: 78, cantidad: 30 }] })]),
    );
    // Back to the search box, with the focus, for the next product.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Agregar un producto' })));
  });
});

describe('Cotizar esta lista', () => {
  it('opens /cotizar with every line, the unavailable one for /cotizar to name', async () => {
    const user = userEvent.setup();
    const router = abrir();
    await user.click(await screen.findByRole('button', { name: 'Cotizar esta lista' }));
    await screen.findByRole('heading', { name: 'Cotizar' });
    expect(router.state.location.pathname).toBe('/cotizar');
    expect(new URLSearchParams(router.state.location.search).get('repetir')).toBe('12-100,34-120,56-100');
    expect(router.state.location.state).toEqual({ nombres: { 12: 'Lomo vetado', 34: 'Trutro entero de pollo', 56: 'Jamón serrano' } });
  });
});

describe('Crear lista', () => {
  it('a name and products found by name with their quantity, saved in one POST', async () => {
    const user = userEvent.setup();
    respuestas['GET /api/listas/'] = { status: 200, body: [] };
    respuestas['GET /api/productos/buscar/?q=lomo'] = { status: 200, body: [{ id: 12, nombre: 'Lomo vetado', categoria: 'CARNE BOVINA', unidad: 'KILO' }] };
    respuestas['POST /api/listas/'] = { status: 201, body: { ...SEMANA, id: 9, nombre: 'Parrilla' } };
    abrir();
    await user.click(await screen.findByRole('button', { name: 'Crear lista' }));
    await user.type(screen.getByLabelText('Nombre de la lista'), 'Parrilla');
    const caja = screen.getByRole('combobox', { name: 'Agregar un producto' });
    await user.type(caja, 'lomo');
    // The search waits for a pause in the typing before it asks; each option says its category and unit.
    const opcion = await screen.findByRole('option', { name: /Lomo vetado/ }, { timeout: 3000 });
    expect(opcion.textContent).toBe('Lomo vetadoCARNE BOVINA · KILO');
    await user.type(caja, '{Enter}');
    await user.type(screen.getByLabelText('Cantidad (kg)'), '150');
    await user.click(screen.getByRole('button', { name: 'Agregar a la lista' }));
    expect((screen.getByLabelText('Cantidad de Lomo vetado') as HTMLInputElement).value).toBe('150');
    await user.click(screen.getByRole('button', { name: 'Guardar lista' }));
    await waitFor(() => expect(escrito('POST', '/api/listas/')).toEqual([{ nombre: 'Parrilla', productos: [{ producto: 12, cantidad: 150 }] }]));
    expect(await screen.findByText('Lista «Parrilla» guardada')).toBeTruthy();
  });

  it('a failed search says so in the list, as on /cotizar', async () => {
    const user = userEvent.setup();
    respuestas['GET /api/listas/'] = { status: 200, body: [] };
    respuestas['GET /api/productos/buscar/?q=lomo'] = { status: 503, body: { detail: 'Servicio no disponible.' } };
    abrir();
    await user.click(await screen.findByRole('button', { name: 'Crear lista' }));
    await user.type(screen.getByRole('combobox', { name: 'Agregar un producto' }), 'lomo');
    const lista = screen.getByRole('listbox', { name: 'Agregar un producto' }).parentElement!;
    await waitFor(() => expect(lista.textContent).toBe('No pudimos buscar. Intenta de nuevo.'), { timeout: 3000 });
  });

  it('says what is missing before sending', async () => {
    const user = userEvent.setup();
    respuestas['GET /api/listas/'] = { status: 200, body: [] };
    abrir();
    await user.click(await screen.findByRole('button', { name: 'Crear lista' }));
    await user.type(screen.getByLabelText('Nombre de la lista'), 'Vacía');
    await user.click(screen.getByRole('button', { name: 'Guardar lista' }));
    expect(await screen.findByText('Agrega al menos un producto a la lista.')).toBeTruthy();
    expect(escrito('POST', '/api/listas/')).toEqual([]);
  });
});

describe('Guardar como lista', () => {
  const productos = [
    { producto: 12, cantidad: 100 },
    { producto: 34, cantidad: 120 },
  ];

  it('asks a name and saves these products as a new list, with a way to /listas', async () => {
    const user = userEvent.setup();
    respuestas['POST /api/listas/'] = { status: 201, body: SEMANA };
    render(<Toaster />);
    const router = renderAt('/cotizar', <GuardarComoLista productos={productos} />, { '/listas': 'Mis listas' });
    await user.click(await screen.findByRole('button', { name: 'Guardar como lista' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Guardar como lista' });
    await user.type(within(dialogo).getByLabelText('Nombre de la lista'), 'Semana');
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar lista' }));
    await waitFor(() => expect(escrito('POST', '/api/listas/')).toEqual([{ nombre: 'Semana', productos }]));
    expect(await screen.findByText('Lista «Semana» guardada')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ver mis listas' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listas'));
  });

  it('placed inside a screen’s form, saving the list does not submit that form', async () => {
    const user = userEvent.setup();
    respuestas['POST /api/listas/'] = { status: 201, body: SEMANA };
    const continuar = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    renderAt(
      '/cotizar',
      <form onSubmit={continuar}>
        <GuardarComoLista productos={productos} />
      </form>,
    );
    await user.click(await screen.findByRole('button', { name: 'Guardar como lista' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Guardar como lista' });
    await user.type(within(dialogo).getByLabelText('Nombre de la lista'), 'Semana');
    fireEvent.submit(within(dialogo).getByLabelText('Nombre de la lista').closest('form')!);
    await waitFor(() => expect(escrito('POST', '/api/listas/')).toHaveLength(1));
    expect(continuar).not.toHaveBeenCalled();
  });

  it('a name the account already has shows under the field, and the modal stays open', async () => {
    const user = userEvent.setup();
    respuestas['POST /api/listas/'] = { status: 400, body: { nombre: [listaNombreRepetido('Semana')] } };
    renderAt('/cotizar', <GuardarComoLista productos={productos} />);
    await user.click(await screen.findByRole('button', { name: 'Guardar como lista' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Guardar como lista' });
    await user.type(within(dialogo).getByLabelText('Nombre de la lista'), 'Semana');
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar lista' }));
    expect(await within(dialogo).findByText('Ya tienes una lista llamada «Semana».')).toBeTruthy();
  });

  it('shows nothing to a supplier nor to an anonymous visitor', async () => {
    localStorage.clear();
    signIn(respuestas, PROVEEDOR);
    renderAt('/cotizar', <GuardarComoLista productos={productos} />);
    await waitFor(() => expect(llamadas.some((l) => l.url === '/auth/users/me/')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Guardar como lista' })).toBeNull();
    cleanup();
    localStorage.clear();
    renderAt('/cotizar', <GuardarComoLista productos={productos} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Guardar como lista' })).toBeNull();
  });
});
