import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { TOAST_DURATION_MS } from '#common/constants';

/**
 * At the bottom of the window, clear of its edge. docs/producto.md §1 puts toasts at the top centre; there,
 * under the top bar, a success toast covered the heading of the screen it had just opened ('¡Datos
 * actualizados correctamente!' over 'Datos de la cuenta'), and over the bar it would hide the menu.
 * A screen's heading is always at its top, its content reads downwards, and no screen pins
 * anything to the bottom: docs/decisions/018-flujos-y-avisos.md. Sonner's own mobile layout
 * starts at 600 px and takes its own offset, so both are given.
 */
const OFFSET = { bottom: '1rem' };

/**
 * Under the top bar (z-index 20 in styles.css) and the modals (50).
 * Sonner's rich colours read under 4.5:1 (WCAG AA); these are the app's own, at 7:1 or more.
 */
const STYLE = {
  zIndex: 15,
  '--success-bg': 'var(--verde-claro)',
  '--success-border': '#b9dcc7',
  '--success-text': 'var(--verde-oscuro)',
  '--error-bg': '#fef3f2',
  '--error-border': '#f5c2bd',
  '--error-text': '#9b1c13',
} as CSSProperties;

/** The app's toasts: 5 seconds (docs/producto.md §1), bottom centre (see OFFSET). Use `toast.success` / `toast.error`. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-center"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      offset={OFFSET}
      mobileOffset={OFFSET}
      style={STYLE}
      // Screen readers read these: Spanish, like everything a user meets.
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: 'Cerrar aviso' }}
    />
  );
}

export { toast };
