// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Combobox, filterOptions } from './combobox';

afterEach(cleanup);

const OPCIONES = [
  { value: '1', label: 'Jamón serrano', hint: 'Cerdo · España' },
  { value: '2', label: 'Jamón cocido', hint: 'Cerdo · Chile' },
  { value: '3', label: 'Lomo vetado', hint: 'Vacuno · Chile' },
];

function Probe({ initial = null as string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <Combobox label="Producto, fila 1" options={OPCIONES} value={value} onChange={setValue} maxVisible={2} />
      <output>{value ?? 'ninguno'}</output>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Producto, fila 1' }) as HTMLInputElement;
const chosen = () => screen.getByRole('status').textContent;
/** What the open list shows when it has no options. */
const mostrado = () => document.querySelector('.combobox__empty')?.textContent;
/** What a screen reader is told (the searching mode's live region). */
const anunciado = () => document.querySelector('.combobox [aria-live]')?.textContent;

describe('filterOptions', () => {
  it('ignores case and accents and matches every word, in the label or its hint', () => {
    expect(filterOptions(OPCIONES, 'jamon').map((o) => o.value)).toEqual(['1', '2']);
    expect(filterOptions(OPCIONES, 'JAMÓN chile').map((o) => o.value)).toEqual(['2']);
    expect(filterOptions(OPCIONES, '  ')).toHaveLength(3);
    expect(filterOptions(OPCIONES, 'pato')).toEqual([]);
  });
});

describe('Combobox', () => {
  it('typing filters, arrows move, Enter picks', () => {
    render(<Probe />);
    fireEvent.change(input(), { target: { value: 'jamon' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Jamón serranoCerdo · España', 'Jamón cocidoCerdo · Chile']);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(chosen()).toBe('2');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().value).toBe('Jamón cocido');
  });

  it('draws at most maxVisible options and says how many more typing would reach', () => {
    render(<Probe />);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getByText('1 más: sigue escribiendo para acotar')).toBeTruthy();
  });

  it('Escape and leaving the field keep the chosen value and restore its label; clearing the text clears it', () => {
    render(<Probe initial="3" />);
    fireEvent.change(input(), { target: { value: 'jam' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().value).toBe('Lomo vetado');
    fireEvent.change(input(), { target: { value: 'pato' } });
    expect(screen.getByText('Sin resultados')).toBeTruthy();
    fireEvent.blur(input());
    expect(input().value).toBe('Lomo vetado');
    expect(chosen()).toBe('3');
    fireEvent.change(input(), { target: { value: '' } });
    expect(chosen()).toBe('ninguno');
  });

  it('a click on an option picks it', () => {
    render(<Probe />);
    fireEvent.click(input());
    fireEvent.mouseDown(screen.getByRole('option', { name: /Jamón serrano/ }));
    expect(chosen()).toBe('1');
  });
});

/** A caller that searches by itself: what it finds is every option whose label starts with the text. */
function Buscador({ apagados = [] as string[] }) {
  const [value, setValue] = useState<string | null>(null);
  const [texto, setTexto] = useState('');
  const [oidos, setOidos] = useState<string[]>([]);
  const encontrados = (texto.length < 2 ? [] : OPCIONES.filter((o) => o.label.toLowerCase().startsWith(texto.toLowerCase()))).map((o) => ({
    ...o,
    disabled: apagados.includes(o.value),
  }));
  return (
    <>
      <Combobox
        label="Producto, fila 1"
        options={encontrados}
        value={value}
        onChange={setValue}
        valueLabel={value === null ? undefined : OPCIONES.find((o) => o.value === value)?.label}
        onSearch={(q) => {
          setTexto(q);
          setOidos((antes) => [...antes, q]);
        }}
        emptyMessage={texto.length < 2 ? 'Escribe al menos 2 caracteres para buscar.' : undefined}
      />
      <output>{value ?? 'ninguno'}</output>
      <p data-testid="oidos">{oidos.join('|')}</p>
    </>
  );
}

describe('Combobox searching (the caller searches)', () => {
  it('shows what the caller found as it is, says what is missing, and keyboard picks as elsewhere', () => {
    render(<Buscador />);
    fireEvent.change(input(), { target: { value: 'j' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(mostrado()).toBe('Escribe al menos 2 caracteres para buscar.');
    fireEvent.change(input(), { target: { value: 'lo' } });
    // Not filtered again here: the caller's 'starts with' is what shows.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Lomo vetadoVacuno · Chile']);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(chosen()).toBe('3');
    // The chosen one is no longer among the options (the search closed): its label still shows.
    expect(input().value).toBe('Lomo vetado');
    expect(screen.getByTestId('oidos').textContent).toBe('j|lo|');
  });

  it('a screen reader hears what the list holds as results arrive: what is missing, how many', () => {
    render(<Buscador />);
    expect(anunciado()).toBe('');
    fireEvent.change(input(), { target: { value: 'j' } });
    expect(anunciado()).toBe('Escribe al menos 2 caracteres para buscar.');
    fireEvent.change(input(), { target: { value: 'ja' } });
    expect(anunciado()).toBe('2 resultados.');
    fireEvent.change(input(), { target: { value: 'lo' } });
    expect(anunciado()).toBe('1 resultado.');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(anunciado()).toBe('');
  });

  it('a disabled option is shown and reached by the arrows, but neither Enter, a click nor Tab picks it', () => {
    render(<Buscador apagados={['3']} />);
    fireEvent.change(input(), { target: { value: 'lo' } });
    const [lomo] = screen.getAllByRole('option');
    expect(lomo!.getAttribute('aria-disabled')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(lomo!.id);
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.mouseDown(lomo!);
    fireEvent.keyDown(input(), { key: 'Tab' });
    expect(chosen()).toBe('ninguno');
    // Still open, on the disabled option: nothing was taken for a pick.
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('Tab does not pick a lone result: it may still be the previous text’s', () => {
    render(<Buscador />);
    fireEvent.change(input(), { target: { value: 'lo' } });
    fireEvent.keyDown(input(), { key: 'Tab' });
    expect(chosen()).toBe('ninguno');
  });
});
