import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './ui.css';

interface ModalProps {
  open: boolean;
  title: string;
  /** Escape, the backdrop and every cancel button call it. */
  onClose(): void;
  /** A sentence under the title that screen readers read with it (aria-describedby). */
  description?: string;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  className?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The app's one modal. Focus moves in (to the element marked data-autofocus, else the first
 * control), Tab and Shift+Tab cycle inside it, Escape closes it, and on close focus returns to
 * whatever opened it. Hand-written: ~70 lines against ~10 KB gzip for a dialog library.
 */
export function Modal({ open, title, onClose, description, children, footer, className }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The latest onClose without re-running the focus effect on every render.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const dialog = ref.current!;
    const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog;
    target.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close.current();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...ref.current!.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const firstItem = items[0]!;
    const lastItem = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === firstItem || !ref.current!.contains(active))) {
      e.preventDefault();
      lastItem.focus();
    } else if (!e.shiftKey && (active === lastItem || !ref.current!.contains(active))) {
      e.preventDefault();
      firstItem.focus();
    }
  }

  return createPortal(
    // The backdrop only closes on a click that starts on it: a text selection dragged out of the dialog does not.
    // biome-ignore lint/a11y/noStaticElementInteractions: keys typed inside the dialog bubble here; a click on the backdrop is a mouse convenience beside Escape and the buttons
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) close.current();
      }}
      onKeyDown={onKeyDown}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={className ? `modal ${className}` : 'modal'}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {description && <p id={descriptionId}>{description}</p>}
        {children}
        {footer && <div className="modal__actions">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
