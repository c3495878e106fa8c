import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { nombreListaSchema } from '#common/schemas/listas';
import { z } from '#common/zod-es';
import { showFormErrors } from '../form-errors';
import { useSessionExpiredHandler } from '../session';
import { TextField } from '../../ui/fields';
import { FormError, SubmitButton } from '../../ui/form-controls';
import { Modal } from '../../ui/modal';

const nombreSchema = z.object({ nombre: nombreListaSchema });
type NombreValues = z.input<typeof nombreSchema>;

/**
 * A list's name as every form asks it ('Crear lista', 'Guardar como lista', 'Cambiar nombre'): the
 * rule of common/schemas/listas.ts, and `showError`, which puts a failed save's reason under the name
 * or in the form's one spot, no toast (a modal would hide it). `showError` is false for a lapsed
 * session: it has sent the buyer to log in.
 */
export function useNombreLista(nombre = '') {
  const onExpired = useSessionExpiredHandler();
  const form = useForm<NombreValues>({ resolver: zodResolver(nombreSchema), defaultValues: { nombre } });
  const showError = (error: unknown) => {
    if (onExpired(error)) return false;
    showFormErrors(error, form.setError, { fields: ['nombre'], fallback: 'No se pudo guardar la lista.', toast: null });
    return true;
  };
  return { form, showError };
}

export function NombreListaField({ form, autoFocus }: { form: UseFormReturn<NombreValues>; autoFocus?: boolean }) {
  return (
    <TextField
      label="Nombre de la lista"
      placeholder="Ej: Semana"
      maxLength={100}
      data-autofocus={autoFocus || undefined}
      {...form.register('nombre')}
      error={form.formState.errors.nombre?.message}
    />
  );
}

interface NombreListaModalProps {
  title: string;
  description?: string;
  /** The name the field starts with (a rename's current one). */
  nombre?: string;
  submitLabel: string;
  busy: boolean;
  onClose(): void;
  /** Saves the name; on failure, calls `showError` with the error. */
  onGuardar(nombre: string, showError: (error: unknown) => void): void;
}

/** The modal that asks a list's name and saves it ('Guardar como lista', 'Cambiar nombre'). */
export function NombreListaModal({ title, description, nombre, submitLabel, busy, onClose, onGuardar }: NombreListaModalProps) {
  const { form, showError } = useNombreLista(nombre);
  const formId = useId();
  return (
    <Modal
      open
      title={title}
      description={description}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancelar
          </button>
          <SubmitButton form={formId} busy={busy} busyLabel="Guardando...">
            {submitLabel}
          </SubmitButton>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(e) => {
          // The modal is portaled out of the DOM but not out of React's tree: its submit would bubble
          // to the form of the screen that placed it (/cotizar's Continuar) and submit it too.
          e.stopPropagation();
          void form.handleSubmit(({ nombre }) => onGuardar(nombre, showError))(e);
        }}
        noValidate
      >
        <NombreListaField form={form} autoFocus />
        <FormError message={form.formState.errors.root?.server?.message} />
      </form>
    </Modal>
  );
}
