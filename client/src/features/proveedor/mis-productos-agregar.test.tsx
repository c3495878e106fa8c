// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sumarDias, hoyEnChile } from '#common/fecha';
import { FECHA_NO_FUTURA, PRECIO_REQUERIDO, SKU_REQUERIDO } from '#common/schemas/proveedor-carga';
import { LOTE_VACIO } from '#common/schemas/proveedor-lote';
import { LOGIN_TOAST_ID } from '../../lib/session';
import { renderAt, stubFetch, type Llamada, type Respuesta } from '../../test/page-harness';
import { toast } from '../../ui/toast';
import { productoEnRevision, YA_LO_OFRECES } from './components/agregar-producto';
import MisProductosPage, { SIN_PRODUCTOS } from './mis-productos-page';
import { ofertaDePrueba } from './mis-productos.fixtures';

const URL_LISTA = '/api/productos/proveedoresproductos/';
const REGISTRAR = 'POST /api/productos/registrar-nuevos/';

const LOMO = ofertaDePrueba();
const ABASTERO = { id: 10, nombre: 'Abastero', categoria: 'CARNE BOVINA', unidad: 'KILO' };

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  respuestas = {
    [`GET ${URL_LISTA}`]: { status: 200, body: [LOMO] },
    'GET /api/productos/buscar/?q=aba': {
      status: 200,
      body: [ABASTERO, { id: 700, nombre: 'Lomo vetado abastero', categoria: 'CARNE BOVINA', unidad: 'KILO' }],
    },
  };
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const posts = (url: string) => llamadas.filter((l) => l.method === 'POST' && l.url === url).map((l) => l.body);
const escribir = (donde: HTMLElement, label: string | RegExp, value: string) => fireEvent.change(within(donde).getByLabelText(label), { target: { value } });

describe("/mis-productos-proovedor: 'Agregar lote' on an offer", () => {
  it('asks quantity and expiry in a modal, refuses a past date before sending, and the new lot appears under the offer', async () => {
    renderAt('/mis-productos-proovedor', <MisProductosPage />);
    await screen.findByText('Lomo vetado');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar lote a Lomo vetado (LV-01)' }));
    const dialogo = screen.getByRole('dialog', { name: 'Agregar lote' });

    escribir(dialogo, 'Cantidad (kg)', '0');
    escribir(dialogo, 'Fecha de vencimiento', hoyEnChile());
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Agregar lote' }));
    expect(await within(dialogo).findByText(LOTE_VACIO)).toBeTruthy();
    escribir(dialogo, 'Cantidad (kg)', '150,5');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Agregar lote' }));
    expect(await within(dialogo).findByText(FECHA_NO_FUTURA)).toBeTruthy();
    expect(posts(`${URL_LISTA}7/lotes/`)).toEqual([]);

    respuestas[`POST ${URL_LISTA}7/lotes/`] = { status: 201, body: { id: 71, cantidad: 150.5, fecha_expiracion: '2099-02-20' } };
    respuestas[`GET ${URL_LISTA}`] = { status: 200, body: [{ ...LOMO, stock: [...LOMO.stock, { id: 71, cantidad: 150.5, fecha_expiracion: '2099-02-20' }] }] };
    escribir(dialogo, 'Fecha de vencimiento', '2099-02-20');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Agregar lote' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Lote de 150,5 kg con vencimiento el 20 de febrero de 2099 agregado a Lomo vetado.'));
    expect(posts(`${URL_LISTA}7/lotes/`)).toEqual([{ cantidad: 150.5, fecha_expiracion: '2099-02-20' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('20 de febrero de 2099')).toBeTruthy();
  });

  it("says when the lot joined the one of the same date, and shows the server's reason under its field", async () => {
    renderAt('/mis-productos-proovedor', <MisProductosPage />);
    await screen.findByText('Lomo vetado');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar lote a Lomo vetado (LV-01)' }));
    const dialogo = screen.getByRole('dialog', { name: 'Agregar lote' });
    respuestas[`POST ${URL_LISTA}7/lotes/`] = { status: 400, body: { cantidad: ['El stock no puede superar 999.999.999.'] } };
    escribir(dialogo, 'Cantidad (kg)', '100');
    escribir(dialogo, 'Fecha de vencimiento', '2099-01-10');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Agregar lote' }));
    expect(await within(dialogo).findByText('El stock no puede superar 999.999.999.')).toBeTruthy();

    respuestas[`POST ${URL_LISTA}7/lotes/`] = { status: 201, body: { id: 70, cantidad: 500, fecha_expiracion: '2099-01-10' } };
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Agregar lote' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Se sumaron 100 kg al lote de Lomo vetado que vence el 10 de enero de 2099: ahora tiene 500 kg.'),
    );
  });
});

describe("/mis-productos-proovedor: 'Agregar producto'", () => {
  async function abrir() {
    renderAt('/mis-productos-proovedor', <MisProductosPage />);
    await screen.findByText('Lomo vetado');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }));
    return screen.getByRole('dialog', { name: 'Agregar producto' });
  }

  it('finds a catalogue product with the buyers’ box (one it already offers is shown, not offered) and sends it as one registrar-nuevos row', async () => {
    const dialogo = await abrir();
    fireEvent.change(within(dialogo).getByRole('combobox', { name: 'Busca el producto en el catálogo' }), { target: { value: 'aba' } });
    const ya = await screen.findByRole('option', { name: /Lomo vetado abastero/ });
    expect(ya.getAttribute('aria-disabled')).toBe('true');
    expect(ya.textContent).toContain(YA_LO_OFRECES);
    fireEvent.mouseDown(screen.getByRole('option', { name: /^Abastero/ }));

    const form = within(dialogo).getByRole('form', { name: 'Agregar producto' });
    expect(form.textContent).toContain('Abastero');
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar producto' }));
    expect(await within(form).findByText(SKU_REQUERIDO)).toBeTruthy();
    expect(within(form).getByText(PRECIO_REQUERIDO)).toBeTruthy();
    escribir(form, 'SKU', 'LV-01');
    escribir(form, 'Precio neto', '9.990');
    escribir(form, 'Desde 100 kg', '9.500');
    escribir(form, 'Cantidad (kg)', '300');
    escribir(form, 'Fecha de vencimiento', '2099-04-01');
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar producto' }));
    expect(await within(form).findByText(/Ya tienes un producto con el SKU LV-01/)).toBeTruthy();
    expect(posts('/api/productos/registrar-nuevos/')).toEqual([]);

    respuestas[REGISTRAR] = { status: 201, body: { registrados: 1, errores: [] } };
    escribir(form, 'SKU', 'AB-01');
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar producto' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Abastero (SKU AB-01) ya está en tu listado y en las cotizaciones.'));
    expect(posts('/api/productos/registrar-nuevos/')).toEqual([
      expect.objectContaining({
        productos: [
          expect.objectContaining({
            sku: 'AB-01',
            nombre: 'Abastero',
            producto: 10,
            precio: 9990,
            stock: 300,
            fecha_vencimiento: '2099-04-01',
            rangos: expect.objectContaining({ 'Desde 100 kg': 9500, 'Desde 300 kg': null }),
          }),
        ],
      }),
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a name not in the catalogue is a new product for moderation; the server’s row reasons land under their fields', async () => {
    const dialogo = await abrir();
    fireEvent.change(within(dialogo).getByRole('combobox', { name: 'Busca el producto en el catálogo' }), { target: { value: 'Charqui de llama' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Crear un producto nuevo' }));
    const form = within(dialogo).getByRole('form', { name: 'Agregar producto' });
    expect((within(form).getByLabelText('Nombre') as HTMLInputElement).value).toBe('Charqui de llama');

    escribir(form, 'Unidad', 'CAJA');
    // The tiers and the lot count boxes once the unit is CAJA.
    escribir(form, 'Desde 100 cajas', '');
    escribir(form, 'SKU', 'CH-01');
    escribir(form, 'Precio neto', '25000');
    escribir(form, 'Cantidad (cajas)', '12');
    escribir(form, 'Fecha de vencimiento', sumarDias(hoyEnChile(), 30));
    respuestas[REGISTRAR] = {
      status: 400,
      body: {
        detail: 'No hay productos exclusivos válidos para subir.',
        errores: [{ sku: 'CH-01', motivo: 'La categoría debe ser una de: AVES, CARNE BOVINA. La marca es obligatoria para un producto nuevo.' }],
      },
    };
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar producto' }));
    expect(await within(form).findByText('La categoría debe ser una de: AVES, CARNE BOVINA.')).toBeTruthy();
    expect(within(form).getByText('La marca es obligatoria para un producto nuevo.')).toBeTruthy();

    escribir(form, 'Categoría', 'SECOS');
    escribir(form, 'Marca', 'Altiplano');
    escribir(form, 'Origen', 'Chile');
    respuestas[REGISTRAR] = { status: 201, body: { registrados: 1, errores: [] } };
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar producto' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(productoEnRevision('Charqui de llama')));
    expect(posts('/api/productos/registrar-nuevos/').at(-1)).toEqual({
      productos: [
        expect.objectContaining({
          producto: null,
          nombre: 'Charqui de llama',
          categoria: 'SECOS',
          unidad: 'CAJA',
          formato: null,
          marca: 'Altiplano',
          origen: 'Chile',
          stock: 12,
        }),
      ],
    });
  });
});

describe('/mis-productos-proovedor: an expired session while adding (docs/producto.md §8)', () => {
  const DESTINOS = { '/login': 'Iniciar sesión' };
  const VENCIDA = { status: 401, body: { detail: 'Las credenciales de autenticación no se proveyeron.' } };

  it("'Agregar lote' says 'Sesión expirada' and goes to /login, back to the list once logged in", async () => {
    const router = renderAt('/mis-productos-proovedor', <MisProductosPage />, DESTINOS);
    await screen.findByText('Lomo vetado');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar lote a Lomo vetado (LV-01)' }));
    const dialogo = screen.getByRole('dialog', { name: 'Agregar lote' });
    respuestas[`POST ${URL_LISTA}7/lotes/`] = VENCIDA;
    escribir(dialogo, 'Cantidad (kg)', '100');
    escribir(dialogo, 'Fecha de vencimiento', '2099-02-20');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Agregar lote' }));
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(toast.error).toHaveBeenCalledWith('Sesión expirada', { id: LOGIN_TOAST_ID });
    expect(router.state.location.search).toBe('?next=%2Fmis-productos-proovedor');
  });

  it("'Agregar producto' says 'Sesión expirada' and goes to /login", async () => {
    renderAt('/mis-productos-proovedor', <MisProductosPage />, DESTINOS);
    await screen.findByText('Lomo vetado');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }));
    const dialogo = screen.getByRole('dialog', { name: 'Agregar producto' });
    fireEvent.change(within(dialogo).getByRole('combobox', { name: 'Busca el producto en el catálogo' }), { target: { value: 'aba' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: /^Abastero/ }));
    const form = within(dialogo).getByRole('form', { name: 'Agregar producto' });
    respuestas[REGISTRAR] = VENCIDA;
    escribir(form, 'SKU', 'AB-01');
    escribir(form, 'Precio neto', '9.990');
    escribir(form, 'Cantidad (kg)', '300');
    escribir(form, 'Fecha de vencimiento', '2099-04-01');
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar producto' }));
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(toast.error).toHaveBeenCalledWith('Sesión expirada', { id: LOGIN_TOAST_ID });
  });
});

describe('/mis-productos-proovedor without offers', () => {
  it("links to 'Agregar producto' and to /carga-masiva", async () => {
    respuestas[`GET ${URL_LISTA}`] = { status: 200, body: [] };
    renderAt('/mis-productos-proovedor', <MisProductosPage />, { '/carga-masiva': 'Carga masiva' });
    const vacio = (await screen.findByText(SIN_PRODUCTOS)).closest('.mis-productos__vacio') as HTMLElement;
    fireEvent.click(within(vacio).getByRole('button', { name: 'Agregar producto' }));
    expect(screen.getByRole('dialog', { name: 'Agregar producto' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(within(vacio).getByRole('link', { name: 'Subir un Excel (carga masiva)' }));
    expect(await screen.findByRole('heading', { name: 'Carga masiva' })).toBeTruthy();
  });
});
