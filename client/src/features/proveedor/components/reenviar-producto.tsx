import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CATEGORIAS, FORMATOS, UNIDADES } from '#common/constants';
import { type ReenviarProductoInput, reenviarProductoSchema } from '#common/schemas/moderacion';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { SelectField, TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { LoadError } from '../../../ui/load-error';
import { Modal } from '../../../ui/modal';
import { toast } from '../../../ui/toast';
import { useProductoAReenviar, useReenviarProducto } from '../api/reenviar-producto';
import './reenviar-producto.css';

export const REENVIADO = 'Tu producto volvió a revisión. Te avisaremos por correo cuando lo revisen.';
const NO_REENVIADO = 'No se pudo reenviar el producto. Inténtalo de nuevo.';
const CAMPOS = ['nombre', 'categoria', 'origen', 'marca', 'unidad', 'formato'] as const;

/**
 * 'Corregir y reenviar' on a rejected product of the supplier's list: its data corrected and sent
 * to moderation again (docs/decisions/009). `ofertaId` is the rejected row's proveedor_producto id.
 * The form starts from the product as it was rejected, with the moderator's reason above it.
 */
export function ReenviarProducto({ ofertaId }: { ofertaId: number }) {
  const [abierto, setAbierto] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--secondary" onClick={() => setAbierto(true)}>
        Corregir y reenviar
      </button>
      {abierto && <ReenviarModal ofertaId={ofertaId} onClose={() => setAbierto(false)} />}
    </>
  );
}

function ReenviarModal({ ofertaId, onClose }: { ofertaId: number; onClose(): void }) {
  const producto = useProductoAReenviar(ofertaId, true);
  const reenviar = useReenviarProducto();
  const onExpired = useSessionExpiredHandler();
  const formId = useId();
  const form = useForm<ReenviarProductoInput>({ resolver: zodResolver(reenviarProductoSchema) });
  const { errors } = form.formState;

  useEffect(() => {
    if (producto.data) {
      const { motivo_rechazo: _, ...datos } = producto.data;
      form.reset(datos);
    }
  }, [producto.data, form]);

  // Awaited rather than mutate's callbacks: saved, the row may re-render or leave the list (its new
  // name outside the search), taking this modal with it, and the supplier must still hear it went.
  const guardar = form.handleSubmit(async (body) => {
    try {
      await reenviar.mutateAsync({ ofertaId, body });
    } catch (error) {
      if (!onExpired(error)) showFormErrors(error, form.setError, { fields: CAMPOS, fallback: NO_REENVIADO, toast: null });
      return;
    }
    toast.success(REENVIADO);
    onClose();
  });

  return (
    <Modal
      open
      title="Corregir y reenviar"
      description="Corrige los datos del producto y envíalo de nuevo a revisión."
      onClose={onClose}
      className="reenviar-producto"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancelar
          </button>
          <SubmitButton form={formId} busy={reenviar.isPending} busyLabel="Enviando..." disabled={!producto.data}>
            Reenviar a revisión
          </SubmitButton>
        </>
      }
    >
      {producto.isPending ? (
        <p role="status">Cargando...</p>
      ) : producto.isError ? (
        <LoadError error={producto.error} fallback="No se pudo cargar el producto." onRetry={() => producto.refetch()} />
      ) : (
        <form
          id={formId}
          className="form"
          onSubmit={(e) => {
            // Portaled, but still inside the list's React tree: its submit must not reach a form around it.
            e.stopPropagation();
            void guardar(e);
          }}
          noValidate
        >
          {producto.data.motivo_rechazo && <p className="reenviar-producto__motivo">Motivo del rechazo: {producto.data.motivo_rechazo}</p>}
          <TextField label="Nombre" maxLength={200} data-autofocus {...form.register('nombre')} error={errors.nombre?.message} />
          <SelectField label="Categoría" {...form.register('categoria')} error={errors.categoria?.message}>
            {CATEGORIAS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <TextField label="Marca" maxLength={100} {...form.register('marca')} error={errors.marca?.message} />
          <TextField label="Origen" maxLength={100} {...form.register('origen')} error={errors.origen?.message} />
          <SelectField label="Unidad" {...form.register('unidad')} error={errors.unidad?.message}>
            {UNIDADES.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </SelectField>
          <SelectField label="Formato" {...form.register('formato')} error={errors.formato?.message}>
            <option value="">Sin formato</option>
            {FORMATOS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </SelectField>
          <FormError message={errors.root?.server?.message} />
        </form>
      )}
    </Modal>
  );
}
