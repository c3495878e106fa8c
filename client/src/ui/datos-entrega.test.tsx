// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDireccion } from '#common/format';
import { DatosEntrega } from './datos-entrega';
import { ENTREGA } from './datos-entrega.fixtures';

afterEach(cleanup);

/** Each row as 'label: value'. */
const filas = () =>
  within(screen.getByLabelText('Datos de entrega'))
    .getAllByRole('definition')
    .map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent}`);

describe('DatosEntrega', () => {
  it('shows the date, the address in one line, the contact, and a phone and e-mail one can call or write to', () => {
    render(<DatosEntrega entrega={ENTREGA} />);
    expect(filas()).toEqual([
      'Fecha de entrega: 30 de noviembre de 2026',
      'Dirección: Av. Los Carrera 1450, Quilpué, Región de Valparaíso',
      'Contacto: Daniela Araya',
      'Teléfono: +56 9 1234 5678',
      'Correo: daniela@prueba.cl',
    ]);
    expect(screen.getByRole('link', { name: '+56 9 1234 5678' }).getAttribute('href')).toBe('tel:+56912345678');
    expect(screen.getByRole('link', { name: 'daniela@prueba.cl' }).getAttribute('href')).toBe('mailto:daniela@prueba.cl');
  });

  it('says what was not given instead of leaving a blank, the missing date as the e-mails say it', () => {
    render(
      <DatosEntrega
        entrega={{ ...ENTREGA, fecha_entrega: null, direccion_envio: ' ', comuna_nombre: '', region_nombre: '', telefono_contacto: '', correo_contacto: '' }}
      />,
    );
    expect(filas()).toEqual([
      'Fecha de entrega: Sin fecha indicada',
      'Dirección: No indicado',
      'Contacto: Daniela Araya',
      'Teléfono: No indicado',
      'Correo: No indicado',
    ]);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('formatDireccion', () => {
  it('joins the parts that were given', () => {
    expect(formatDireccion(' Calle Larga 450 ', '', 'Región de Valparaíso')).toBe('Calle Larga 450, Región de Valparaíso');
    expect(formatDireccion('', ' ')).toBe('');
  });
});
