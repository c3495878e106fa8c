// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FechaInput } from './fecha-input';

afterEach(cleanup);

function Probe({ inicial = '' }) {
  const [valor, setValor] = useState(inicial);
  return (
    <>
      <FechaInput aria-label="Fecha de entrega" value={valor} onChange={setValor} />
      <output>{valor || 'vacío'}</output>
      <button type="button" onClick={() => setValor('2027-01-03')}>
        Copiar dirección
      </button>
    </>
  );
}

const campo = () => screen.getByRole('textbox', { name: 'Fecha de entrega' }) as HTMLInputElement;
const valor = () => screen.getByRole('status').textContent;

describe('FechaInput (docs/decisions/017)', () => {
  it('shows the kept day as dd-mm-aaaa', () => {
    render(<Probe inicial="2026-12-02" />);
    expect(campo().value).toBe('02-12-2026');
    expect(campo().placeholder).toBe('dd-mm-aaaa');
  });

  it('reads what is typed day first, keeps it as typed, and writes it out whole on leaving', () => {
    render(<Probe />);
    fireEvent.change(campo(), { target: { value: '2-12-2026' } });
    expect(valor()).toBe('2026-12-02');
    expect(campo().value).toBe('2-12-2026');
    fireEvent.blur(campo());
    expect(campo().value).toBe('02-12-2026');
  });

  it('hands a half-typed date to the form as it is, for its schema to refuse', () => {
    render(<Probe />);
    fireEvent.change(campo(), { target: { value: '02-12' } });
    expect(valor()).toBe('02-12');
    fireEvent.change(campo(), { target: { value: '' } });
    expect(valor()).toBe('vacío');
  });

  it('shows a day set from outside, and one picked in the calendar', () => {
    const { container } = render(<Probe inicial="2026-12-02" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar dirección' }));
    expect(campo().value).toBe('03-01-2027');
    const calendario = container.querySelector('input[type="date"]') as HTMLInputElement;
    expect(calendario.getAttribute('aria-hidden')).toBe('true');
    expect(calendario.tabIndex).toBe(-1);
    fireEvent.change(calendario, { target: { value: '2027-02-15' } });
    expect(valor()).toBe('2027-02-15');
    expect(campo().value).toBe('15-02-2027');
    expect(screen.getByRole('button', { name: 'Abrir calendario' })).toBeTruthy();
  });
});
