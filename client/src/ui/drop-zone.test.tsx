// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DropZone } from './drop-zone';

afterEach(cleanup);

const MESSAGES = { type: 'Solo se aceptan archivos .xlsx o .xls', size: 'El archivo supera el tamaño máximo de 5MB' };
const MAX = 5 * 1024 * 1024;

function Form() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <DropZone label="Archivo Excel" accept={['.xlsx', '.xls']} maxBytes={MAX} messages={MESSAGES} file={file} onFileChange={setFile} />
      <output>{file ? `elegido:${file.name}` : 'ninguno'}</output>
    </>
  );
}

const excel = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);

describe('DropZone', () => {
  it('takes a file chosen by click, shows its name and removes it', () => {
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Archivo Excel'), { target: { files: [excel('stock.xlsx')] } });
    expect(screen.getByText('stock.xlsx')).toBeTruthy();
    expect(screen.getByText('elegido:stock.xlsx')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar archivo' }));
    expect(screen.getByText('ninguno')).toBeTruthy();
    expect(screen.queryByText('stock.xlsx')).toBeNull();
  });

  it('takes a dropped file, upper-case extension included', () => {
    render(<Form />);
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [excel('PRECIOS.XLS')] } });
    expect(screen.getByText('elegido:PRECIOS.XLS')).toBeTruthy();
  });

  it('refuses another type and a file over the limit with the product’s messages', () => {
    render(<Form />);
    const input = screen.getByLabelText('Archivo Excel');
    fireEvent.change(input, { target: { files: [excel('stock.csv')] } });
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.type);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('ninguno')).toBeTruthy();
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [excel('grande.xlsx', MAX + 1)] } });
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.size);
    fireEvent.change(input, { target: { files: [excel('bien.xlsx', MAX)] } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('elegido:bien.xlsx')).toBeTruthy();
  });
});
