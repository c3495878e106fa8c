// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRECIO_SIN_DECIMALES } from '#common/schemas/proveedor-productos';
import { renderAt, stubFetch, type Llamada, type Respuesta } from '../../test/page-harness';
import { toast } from '../../ui/toast';
import MisProductosPage from './mis-productos-page';
import { ofertaDePrueba } from './mis-productos.fixtures';

const URL_LISTA = '/api/productos/proveedoresproductos/';

// A product with three lots (800 kg), the second one 150 kg; and one without stock.
const LOMO = ofertaDePrueba({
  stock: [
    { id: 70, cantidad: 400, fecha_expiracion: '2099-01-10' },
    { id: 71, cantidad: 150, fecha_expiracion: '2099-02-20' },
    { id: 72, cantidad: 250, fecha_expiracion: '2099-03-30' },
  ],
});
const HAMBURGUESA = ofertaDePrueba({ id: 8, producto_id: 800, sku: 'HB-01', producto_nombre: 'Hamburguesa de pavo', unidad: 'CAJA', stock: [] });

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  respuestas = {
    [`GET ${URL_LISTA}`]: { status: 200, body: [LOMO, HAMBURGUESA] },
    [`DELETE ${URL_LISTA}7/lotes/71/`]: { status: 204, body: null },
    [`DELETE ${URL_LISTA}7/`]: { status: 204, body: null },
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

const borrados = () => llamadas.filter((l) => l.method === 'DELETE').map((l) => l.url);
const filaDe = (texto: string) => screen.getByText(texto).closest('tr')!;

describe('/mis-productos-proovedor: a lot row removes that lot, the product is a separate action', () => {
  it("'Eliminar lote' on the 150 kg row asks about that lot and deletes only it", async () => {
    renderAt('/mis-productos-proovedor', <MisProductosPage />);
    await screen.findAllByText('Lomo vetado');
    fireEvent.click(within(filaDe('20 de febrero de 2099')).getByRole('button', { name: /^Eliminar lote de Lomo vetado/ }));

    const dialogo = screen.getByRole('dialog', { name: 'Eliminar lote' });
    expect(dialogo.textContent).toContain('¿Deseas eliminar el lote de 150 kg con vencimiento el 20 de febrero de 2099? Esta acción no se puede deshacer.');
    expect(dialogo.textContent).toContain('Solo se elimina este lote: Lomo vetado (SKU LV-01) sigue publicado con sus otros lotes.');
    respuestas[`GET ${URL_LISTA}`] = { status: 200, body: [{ ...LOMO, stock: LOMO.stock.filter((l) => l.id !== 71) }, HAMBURGUESA] };
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Eliminar lote' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Lote de 150 kg con vencimiento el 20 de febrero de 2099 eliminado correctamente.'));
    expect(borrados()).toEqual([`${URL_LISTA}7/lotes/71/`]);
    await waitFor(() => expect(screen.queryByText('20 de febrero de 2099')).toBeNull());
    expect(screen.getByText('10 de enero de 2099')).toBeTruthy();
  });

  it("'Eliminar producto' keeps the product's question and says what goes with it: every lot", async () => {
    renderAt('/mis-productos-proovedor', <MisProductosPage />);
    await screen.findAllByText('Lomo vetado');
    fireEvent.click(within(filaDe('20 de febrero de 2099')).getByRole('button', { name: 'Eliminar producto Lomo vetado (LV-01)' }));

    const dialogo = screen.getByRole('dialog', { name: 'Eliminar producto' });
    expect(dialogo.textContent).toContain('¿Deseas eliminar este producto? Esta acción no se puede deshacer.');
    expect(dialogo.textContent).toContain('Se eliminará Lomo vetado (SKU LV-01) con sus 3 lotes: 800 kg de stock en total.');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Eliminar producto' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Producto eliminado correctamente.'));
    expect(borrados()).toEqual([`${URL_LISTA}7/`]);
  });

  it("a row without stock has no lot to remove, only the product's delete", async () => {
    renderAt('/mis-productos-proovedor', <MisProductosPage />);
    const fila = (await screen.findByText('Hamburguesa de pavo')).closest('tr')!;
    expect(within(fila).queryByRole('button', { name: /^Eliminar lote/ })).toBeNull();
    fireEvent.click(within(fila).getByRole('button', { name: 'Eliminar producto Hamburguesa de pavo (HB-01)' }));
    expect(screen.getByRole('dialog', { name: 'Eliminar producto' }).textContent).toContain('Se eliminará Hamburguesa de pavo (SKU HB-01). No tiene stock.');
  });
});

describe('/mis-productos-proovedor: prices typed the Chilean way', () => {
  async function editar() {
    renderAt('/mis-productos-proovedor', <MisProductosPage />);
    await screen.findAllByText('Lomo vetado');
    fireEvent.click(within(filaDe('20 de febrero de 2099')).getByRole('button', { name: 'Editar Lomo vetado (LV-01)' }));
    return screen.getByRole('form', { name: 'Editar Lomo vetado' });
  }

  it("'4.990' and '4.990.000' are pesos: the edit sends 4990 and 4990000", async () => {
    respuestas[`PATCH ${URL_LISTA}7/`] = { status: 200, body: LOMO };
    const form = await editar();
    // Prices are net: the list says so once, and the field is named so.
    expect(screen.getByText('Precios netos, sin IVA. Los compradores ven el IVA sumado en sus totales.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Precio neto'), { target: { value: '4.990.000' } });
    fireEvent.change(within(form).getByLabelText('Desde 100 kg'), { target: { value: '4.990' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(llamadas.some((l) => l.method === 'PATCH')).toBe(true));
    expect(llamadas.find((l) => l.method === 'PATCH')!.body).toMatchObject({ tarifa: 4_990_000, rangos: { 'Desde 100 kg': 4990 } });
  });

  it("a real decimal ('4,5') is refused under the field: whole pesos", async () => {
    const form = await editar();
    fireEvent.change(within(form).getByLabelText('Precio neto'), { target: { value: '4,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText(PRECIO_SIN_DECIMALES)).toBeTruthy();
    expect(llamadas.some((l) => l.method === 'PATCH')).toBe(false);
  });
});

describe("/mis-productos-proovedor: a product sold by the box says 'cajas' (docs/decisions/008)", () => {
  it('heads the tier columns with both units when the list mixes them, and edits a box product by "Desde 100 cajas"', async () => {
    respuestas[`PATCH ${URL_LISTA}8/`] = { status: 200, body: HAMBURGUESA };
    renderAt('/mis-productos-proovedor', <MisProductosPage />);
    const fila = (await screen.findByText('Hamburguesa de pavo')).closest('tr')!;
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toContain('Desde 100 kg o cajas');
    fireEvent.click(within(fila).getByRole('button', { name: 'Editar Hamburguesa de pavo (HB-01)' }));
    const form = screen.getByRole('form', { name: 'Editar Hamburguesa de pavo' });
    expect(within(form).queryByLabelText('Desde 100 kg')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Desde 100 cajas'), { target: { value: '13.500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    // A tier above the price is refused before anything is sent, in the product's unit.
    expect(await within(form).findByText('El precio del rango "Desde 100 cajas" ($13.500) no puede ser mayor que el precio ($12.990).')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Desde 100 cajas'), { target: { value: '11.990' } });
    fireEvent.change(within(form).getByLabelText('Fecha vencimiento'), { target: { value: '2099-05-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(llamadas.some((l) => l.method === 'PATCH')).toBe(true));
    expect(llamadas.find((l) => l.method === 'PATCH')!.body).toMatchObject({ tarifa: 12990, rangos: { 'Desde 100 cajas': 11990 } });
  });

  it('a list of kg products keeps the product’s headers', async () => {
    respuestas[`GET ${URL_LISTA}`] = { status: 200, body: [LOMO] };
    renderAt('/mis-productos-proovedor', <MisProductosPage />);
    await screen.findAllByText('Lomo vetado');
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(
      expect.arrayContaining(['Desde 100 kg', 'Desde 300 kg', 'Desde 700 kg', 'Desde 1000 kg', 'Desde 1500 kg']),
    );
  });
});
