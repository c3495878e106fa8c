import type { ReactNode } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be undone (deleting): the confirm button is red and focus starts on cancel. */
  variant?: 'default' | 'danger';
  onConfirm(): void;
  onCancel(): void;
  /** What the answer may carry, between the question and its buttons (an optional reason). */
  children?: ReactNode;
}

/** The app's one yes/no question, built on Modal (docs/producto.md §2: 'No' / 'Sí' unless the screen names them). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Sí',
  cancelLabel = 'No',
  variant = 'default',
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const danger = variant === 'danger';
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      description={message}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel} data-autofocus={danger || undefined}>
            {cancelLabel}
          </button>
          <button type="button" className={danger ? 'btn btn--danger' : 'btn btn--primary'} onClick={onConfirm} data-autofocus={danger ? undefined : true}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
