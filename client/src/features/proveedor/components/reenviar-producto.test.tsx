// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARCA_REQUERIDA, type ProductoAReenviar } from '#common/schemas/moderacion';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { renderAt, stubFetch, type Llamada, type Respuesta } from '../../../test/page-harness';
import { toast } from '../../../ui/toast';
import { REENVIADO, ReenviarProducto } from './reenviar-producto';

const URL = '/api/productos/proveedoresproductos/9/reenviar/';
const RECHAZADO: ProductoAReenviar = {
  nombre: 'Chorizo parilero',
  categoria: 'CARNE BOVINA',
  origen: 'Chile',
  marca: 'Don Pancho',
  unidad: 'KILO',
  formato: 'AL VACIO',
  motivo_rechazo: 'El chorizo es de cerdo: cambia la categoría.',
};
const FILA: ProveedorProducto = {
  id: 9,
  producto_id: 40,
  sku: 'CH-1',
  producto_nombre: 'Chorizo parrillero',
  unidad: 'KILO',
  tarifa: 4990,
  rangos: {},
  estado_moderacion: 'pendiente',
  motivo_rechazo: null,
  stock: [],
};

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  respuestas = { [`GET ${URL}`]: { status: 200, body: RECHAZADO }, [`POST ${URL}`]: { status: 200, body: FILA } };
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'success');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const abrir = async () => {
  renderAt('/mis-productos-proovedor', <ReenviarProducto ofertaId={9} />);
  fireEvent.click(screen.getByRole('button', { name: 'Corregir y reenviar' }));
  const dialogo = within(await screen.findByRole('dialog', { name: 'Corregir y reenviar' }));
  await dialogo.findByDisplayValue('Chorizo parilero');
  return dialogo;
};

describe("'Corregir y reenviar' on a rejected product", () => {
  it('opens the product as it was rejected, with the reason, and sends the corrected data back to review', async () => {
    const dialogo = await abrir();
    expect(dialogo.getByText('Motivo del rechazo: El chorizo es de cerdo: cambia la categoría.')).toBeTruthy();
    expect((dialogo.getByLabelText('Categoría') as HTMLSelectElement).value).toBe('CARNE BOVINA');
    expect((dialogo.getByLabelText('Formato') as HTMLSelectElement).value).toBe('AL VACIO');

    fireEvent.change(dialogo.getByLabelText('Nombre'), { target: { value: 'Chorizo parrillero' } });
    fireEvent.change(dialogo.getByLabelText('Categoría'), { target: { value: 'CERDO' } });
    fireEvent.click(dialogo.getByRole('button', { name: 'Reenviar a revisión' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(REENVIADO));
    expect(llamadas.find((l) => l.method === 'POST')!.body).toEqual({
      nombre: 'Chorizo parrillero',
      categoria: 'CERDO',
      origen: 'Chile',
      marca: 'Don Pancho',
      unidad: 'KILO',
      formato: 'AL VACIO',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an empty brand is refused before sending; a reason from the server shows under its field and the modal stays', async () => {
    const dialogo = await abrir();
    fireEvent.change(dialogo.getByLabelText('Marca'), { target: { value: '  ' } });
    fireEvent.click(dialogo.getByRole('button', { name: 'Reenviar a revisión' }));
    expect(await dialogo.findByText(MARCA_REQUERIDA)).toBeTruthy();
    expect(llamadas.some((l) => l.method === 'POST')).toBe(false);

    const repetido = 'Ya tienes «Chorizo parrillero» en revisión con el SKU CH-2; no se envía dos veces.';
    respuestas[`POST ${URL}`] = { status: 400, body: { nombre: [repetido] } };
    fireEvent.change(dialogo.getByLabelText('Marca'), { target: { value: 'Don Pancho' } });
    fireEvent.click(dialogo.getByRole('button', { name: 'Reenviar a revisión' }));
    expect(await dialogo.findByText(repetido)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
