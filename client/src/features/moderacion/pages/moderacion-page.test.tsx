// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductoPendiente } from '#common/schemas/moderacion';
import { renderAt, stubFetch, type Respuesta } from '../../../test/page-harness';
import ModeracionPage from './moderacion-page';

const PENDIENTES: ProductoPendiente[] = [
  { id: 7, nombre: 'Queso de cabra fresco', categoria_nombre: 'LACTEO', proveedor_email: 'b@x.cl' },
  { id: 3, nombre: 'Longaniza de Chillán', categoria_nombre: 'CERDO', proveedor_email: 'a@x.cl' },
  { id: 12, nombre: 'Cordero magallánico pierna', categoria_nombre: 'CARNE BOVINA', proveedor_email: 'c@x.cl' },
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
