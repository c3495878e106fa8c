import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { TOAST_DURATION_MS } from '../../../common/constants';

/**
 * Below the top bar, never over it or its ☰ button: the bar is one row of --topbar-alto
 * (styles.css) at every width, so the offset is the same on phones and desktops (sonner's
 * own mobile layout starts at 600 px and takes its own offset).
 */
const OFFSET = { top: 'calc(var(--topbar-alto) + 0.75rem)' };

/**
 * Under the top bar (z-index 20 in styles.css), so a toast sliding in or out passes beneath it.
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

/** The app's toasts: 5 seconds, top centre (SPEC §1). Use `toast.success` / `toast.error`. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
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
