// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormError, SubmitButton } from './form-controls';

afterEach(cleanup);

describe('SubmitButton', () => {
  it('while busy: disabled, aria-busy, a spinner and the busy label', () => {
    const { rerender } = render(
      <SubmitButton busy={false} busyLabel="Subiendo...">
        Subir archivo Excel
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Subir archivo Excel' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    rerender(
      <SubmitButton busy busyLabel="Subiendo...">
        Subir archivo Excel
      </SubmitButton>,
    );
    expect(button.textContent).toBe('Subiendo...');
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.btn__spinner')).not.toBeNull();
  });
});

describe('FormError', () => {
  it('renders nothing without a message, an alert with one', () => {
    const { rerender, container } = render(<FormError />);
    expect(container.innerHTML).toBe('');
    rerender(<FormError message="Revisa los datos ingresados" />);
    expect(screen.getByRole('alert').textContent).toBe('Revisa los datos ingresados');
  });
});
