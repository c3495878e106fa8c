// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Column, DataTable, sortAndPage } from './data-table';

afterEach(cleanup);

interface Producto {
  sku: string;
  nombre: string;
  precio: number | null;
}
const PRODUCTOS: Producto[] = [
  { sku: 'B-2', nombre: 'Ñoquis', precio: 900 },
  { sku: 'A-1', nombre: 'Lomo vetado', precio: 12990 },
  { sku: 'C-3', nombre: 'Ají de color', precio: null },
  { sku: 'D-4', nombre: 'nuez', precio: 4500 },
  { sku: 'E-5', nombre: 'Zapallo', precio: 700 },
];
const COLUMNS: Column<Producto>[] = [
  { id: 'sku', header: 'SKU', cell: (p) => p.sku, sortValue: (p) => p.sku },
  { id: 'nombre', header: 'Nombre', cell: (p) => p.nombre, sortValue: (p) => p.nombre },
  { id: 'precio', header: 'Precio', cell: (p) => p.precio ?? '—', sortValue: (p) => p.precio },
  { id: 'acciones', header: 'Acciones', cell: () => 'editar' },
];

const names = (rows: Producto[]) => rows.map((p) => p.nombre);
const bodyTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);

describe('sortAndPage', () => {
  it('keeps the given order until a sort is chosen', () => {
    expect(names(sortAndPage(PRODUCTOS, COLUMNS, null, 1).visible)).toEqual(names(PRODUCTOS));
  });
  it('sorts text in Spanish order and numbers as numbers, missing values last', () => {
    expect(names(sortAndPage(PRODUCTOS, COLUMNS, { id: 'nombre', dir: 'asc' }, 1).visible)).toEqual([
      'Ají de color',
      'Lomo vetado',
      'nuez',
      'Ñoquis',
      'Zapallo',
    ]);
    expect(sortAndPage(PRODUCTOS, COLUMNS, { id: 'precio', dir: 'asc' }, 1).visible.map((p) => p.precio)).toEqual([700, 900, 4500, 12990, null]);
    expect(sortAndPage(PRODUCTOS, COLUMNS, { id: 'precio', dir: 'desc' }, 1).visible.map((p) => p.precio)).toEqual([null, 12990, 4500, 900, 700]);
  });
  it('pages, and a page past the end shows the last one', () => {
    const view = sortAndPage(PRODUCTOS, COLUMNS, { id: 'sku', dir: 'asc' }, 9, 2);
    expect(view.pageCount).toBe(3);
    expect(view.page).toBe(3);
    expect(names(view.visible)).toEqual(['Zapallo']);
  });
});

describe('DataTable', () => {
  it('sorts by a header click (ascending, descending, back to the given order) and says so with aria-sort', () => {
    render(<DataTable caption="Productos" rows={PRODUCTOS} columns={COLUMNS} rowKey={(p) => p.sku} empty="Sin productos" />);
    const header = screen.getByRole('columnheader', { name: /Nombre/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyTexts()[0]).toBe('Ají de color');
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(bodyTexts()[0]).toBe('Zapallo');
    fireEvent.click(within(header).getByRole('button'));
    expect(bodyTexts()).toEqual(names(PRODUCTOS));
    // Columns without a sort value have no button.
    expect(within(screen.getByRole('columnheader', { name: 'Acciones' })).queryByRole('button')).toBeNull();
  });

  it('pages with Pagination, marking the current page', () => {
    render(<DataTable caption="Productos" rows={PRODUCTOS} columns={COLUMNS} rowKey={(p) => p.sku} pageSize={2} empty="Sin productos" />);
    expect(bodyTexts()).toEqual(['Ñoquis', 'Lomo vetado']);
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(bodyTexts()).toEqual(['Ají de color', 'nuez']);
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(bodyTexts()).toEqual(['Zapallo']);
    expect(screen.getByRole('button', { name: 'Página 3' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveProperty('disabled', true);
  });

  it('labels every cell for the card layout and puts one row in edit mode', () => {
    render(
      <DataTable
        caption="Productos"
        rows={PRODUCTOS}
        columns={COLUMNS}
        rowKey={(p) => p.sku}
        editingKey="A-1"
        renderEditor={(p) => (
          <label>
            Precio de {p.nombre}
            <input defaultValue={p.precio ?? ''} />
          </label>
        )}
        empty="Sin productos"
      />,
    );
    expect(screen.getByRole('cell', { name: 'Ñoquis' }).getAttribute('data-label')).toBe('Nombre');
    expect(screen.getByLabelText('Precio de Lomo vetado')).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'Lomo vetado' })).toBeNull();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
  });

  it('shows the empty text instead of a table', () => {
    render(<DataTable caption="Direcciones" rows={[]} columns={COLUMNS} rowKey={(p) => p.sku} empty="No tienes direcciones guardadas." />);
    expect(screen.getByText('No tienes direcciones guardadas.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("names the small screens' sort options after the column's own sortLabels, else ascendente/descendente", () => {
    const columns = COLUMNS.map((c) => (c.id === 'nombre' ? { ...c, sortLabels: { asc: 'Nombre A-Z', desc: 'Nombre Z-A' } } : c));
    render(<DataTable caption="Productos" rows={PRODUCTOS} columns={columns} rowKey={(p) => p.sku} empty="—" />);
    const select = screen.getByLabelText('Ordenar por');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sin ordenar', 'SKU (ascendente)', 'SKU (descendente)', 'Nombre A-Z', 'Nombre Z-A', 'Precio (ascendente)', 'Precio (descendente)']);
    fireEvent.change(select, { target: { value: 'nombre:desc' } });
    expect(bodyTexts()[0]).toBe('Zapallo');
  });
});
