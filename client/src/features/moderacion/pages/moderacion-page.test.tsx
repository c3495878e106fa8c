// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductoPendiente } from '#common/schemas/moderacion';
import { renderAt, stubFetch, type Respuesta } from '../../../test/page-harness';
import ModeracionPage from './moderacion-page';

const pendiente = (p: Pick<ProductoPendiente, 'id' | 'nombre' | 'categoria_nombre' | 'proveedor_email'> & Partial<ProductoPendiente>): ProductoPendiente => ({
  proveedor_nombre: 'Quesos del Sur',
  marca: 'La Vaquita',
  origen: 'Chile',
  unidad: 'KILO',
  formatos: [],
  sku: null,
  precio: null,
  rangos: {},
  stock: 0,
  creado_en: '2026-03-02T14:05:00.000Z',
  similares: [],
  ...p,
});

const PENDIENTES: ProductoPendiente[] = [
  pendiente({ id: 7, nombre: 'Queso de cabra fresco', categoria_nombre: 'LACTEO', proveedor_email: 'b@x.cl' }),
  pendiente({ id: 3, nombre: 'Longaniza de Chillán', categoria_nombre: 'CERDO', proveedor_email: 'a@x.cl' }),
  pendiente({ id: 12, nombre: 'Cordero magallánico pierna', categoria_nombre: 'CARNE BOVINA', proveedor_email: 'c@x.cl' }),
];

let respuestas: Record<string, Respuesta>;

beforeEach(() => {
  respuestas = { 'GET /api/productos/productos-pendientes/': { status: 200, body: PENDIENTES } };
  stubFetch(respuestas);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const staged = () => within(screen.getByRole('list', { name: 'Decisiones por enviar' }));
const abrir = async () => {
  renderAt('/moderacion-productos', <ModeracionPage />);
  await screen.findByRole('table', { name: 'Productos pendientes de moderación' });
};

describe('/moderacion-productos keeps staged decisions across a reload', () => {
  it('the decisions and the typed reason are there again after the page is loaded anew', async () => {
    await abrir();
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar Queso de cabra fresco' }));
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar Longaniza de Chillán' }));
    fireEvent.change(staged().getByLabelText('Motivo del rechazo (opcional)'), { target: { value: 'Falta la marca en la etiqueta' } });

    // A reload: the page is built again from nothing but the server and the tab's storage.
    cleanup();
    await abrir();
    expect(await staged().findByText('#7 Queso de cabra fresco')).toBeTruthy();
    expect(staged().getByText('#3 Longaniza de Chillán')).toBeTruthy();
    expect((staged().getByLabelText('Motivo del rechazo (opcional)') as HTMLTextAreaElement).value).toBe('Falta la marca en la etiqueta');
    // Still out of the pending table.
    const pendientes = within(screen.getByRole('table', { name: 'Productos pendientes de moderación' }));
    expect(pendientes.queryByText('Queso de cabra fresco')).toBeNull();
    expect(pendientes.getByText('Cordero magallánico pierna')).toBeTruthy();
  });

  it('a restored decision about a product no longer pending is dropped; Quitar todos empties the copy', async () => {
    await abrir();
    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar Queso de cabra fresco' }));
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar Cordero magallánico pierna' }));
    cleanup();
    // Another moderator decided product 7 meanwhile.
    respuestas['GET /api/productos/productos-pendientes/'] = { status: 200, body: PENDIENTES.filter((p) => p.id !== 7) };
    await abrir();
    expect(await staged().findByText('#12 Cordero magallánico pierna')).toBeTruthy();
    expect(staged().queryByText('#7 Queso de cabra fresco')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Quitar todos' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText('No hay productos por confirmar.')).toBeTruthy();
    expect(sessionStorage.getItem('moderacionStaged')).toBeNull();
  });
});

describe('/moderacion-productos shows each pending product in full, with its similar catalogue products', () => {
  it('names the closest one under the product and opens the data of the offer and every similar one', async () => {
    respuestas['GET /api/productos/productos-pendientes/'] = {
      status: 200,
      body: [
        pendiente({
          id: 40,
          nombre: 'Lomo Vetado Premium',
          categoria_nombre: 'CARNE BOVINA',
          proveedor_email: 'ventas@x.cl',
          proveedor_nombre: 'Carnes del Sur',
          marca: 'Patagonia Beef',
          origen: 'Argentina',
          formatos: ['AL VACIO'],
          sku: 'LV-PREM',
          precio: 18990,
          rangos: { 'Desde 300 kg': 17990 },
          stock: 250.5,
          similares: [
            { id: 1, nombre: 'Lomo vetado', categoria: 'CARNE BOVINA', marca: 'Swift', similitud: 0.92 },
            { id: 2, nombre: 'Lomo liso', categoria: 'CARNE BOVINA', marca: 'Frigorífico Concepción', similitud: 0.45 },
          ],
        }),
        ...PENDIENTES,
      ],
    };
    await abrir();
    const tabla = within(screen.getByRole('table', { name: 'Productos pendientes de moderación' }));
    expect(tabla.getByText('Parecido a: Lomo vetado (92 %)', { selector: '.moderacion__parecido' })).toBeTruthy();
    fireEvent.click(tabla.getByRole('button', { name: 'Ver detalle de Lomo Vetado Premium' }));
    const fila = within(screen.getByRole('region', { name: 'Detalle de Lomo Vetado Premium' }));
    for (const texto of ['LV-PREM', 'Patagonia Beef', 'Argentina', 'AL VACIO', 'KILO', '$18.990', 'Desde 300 kg: $17.990', '250,5 kg', 'Carnes del Sur']) {
      expect(fila.getByText(texto)).toBeTruthy();
    }
    const similares = within(screen.getByRole('list', { name: 'Productos parecidos a Lomo Vetado Premium' }));
    expect(similares.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Parecido a: Lomo vetado (92 %) · CARNE BOVINA · Swift',
      'Parecido a: Lomo liso (45 %) · CARNE BOVINA · Frigorífico Concepción',
    ]);
    // Its decisions are at hand; closing it gives the row back.
    expect(fila.getByRole('button', { name: 'Aprobar Lomo Vetado Premium' })).toBeTruthy();
    fireEvent.click(fila.getByRole('button', { name: 'Ocultar detalle de Lomo Vetado Premium' }));
    expect(screen.queryByRole('region', { name: 'Detalle de Lomo Vetado Premium' })).toBeNull();

    // A product like nothing in the catalogue says so; one without an offer left shows dashes and 'Sin stock'.
    fireEvent.click(tabla.getByRole('button', { name: 'Ver detalle de Queso de cabra fresco' }));
    const queso = within(screen.getByRole('region', { name: 'Detalle de Queso de cabra fresco' }));
    expect(queso.getByText('Ningún producto del catálogo se llama parecido.')).toBeTruthy();
    expect(queso.getByText('Sin stock')).toBeTruthy();
    expect(queso.getByText('Sin rangos')).toBeTruthy();
  });

  it('finds a product by its SKU and by the name of its supplier', async () => {
    respuestas['GET /api/productos/productos-pendientes/'] = {
      status: 200,
      body: [
        pendiente({
          id: 40,
          nombre: 'Lomo Vetado Premium',
          categoria_nombre: 'CARNE BOVINA',
          proveedor_email: 'v@x.cl',
          proveedor_nombre: 'Carnes del Sur',
          sku: 'LV-PREM',
        }),
        ...PENDIENTES,
      ],
    };
    await abrir();
    const buscar = screen.getByPlaceholderText('Buscar producto, categoría, proveedor o ID...');
    for (const q of ['lv-prem', 'carnes del sur']) {
      fireEvent.change(buscar, { target: { value: q } });
      const tabla = within(await screen.findByRole('table', { name: 'Productos pendientes de moderación' }));
      expect(tabla.getByText('Lomo Vetado Premium')).toBeTruthy();
      expect(tabla.queryByText('Queso de cabra fresco')).toBeNull();
    }
  });
});
