import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { nombreListaSchema } from '#common/schemas/listas';
import { z } from '#common/zod-es';
import { showFormErrors } from '../form-errors';
import { useSessionExpiredHandler } from '../session';
import { TextField } from '../../ui/fields';
import { FormError, SubmitButton } from '../../ui/form-controls';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toast';
import type { GuardarComoListaProps } from './guardar-como-lista';
import { useCreateLista } from './listas-api';

const formSchema = z.object({ nombre: nombreListaSchema });
type FormValues = z.input<typeof formSchema>;

/** The name asked by 'Guardar como lista'; on success, a toast with the way to /listas. */
export default function GuardarListaModal({ productos, onClose }: GuardarComoListaProps & { onClose(): void }) {
  const navigate = useNavigate();
  const onExpired = useSessionExpiredHandler();
  const crear = useCreateLista();
  const { register, handleSubmit, formState, setError } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { nombre: '' } });
  const { errors } = formState;
  const formId = 'guardar-como-lista';

  function onSubmit({ nombre }: FormValues) {
    crear.mutate(
      { nombre, productos: productos.map((p) => ({ producto: p.producto, cantidad: p.cantidad })) },
      {
        onSuccess: (lista) => {
          toast.success(`Lista «${lista.nombre}» guardada`, { action: { label: 'Ver mis listas', onClick: () => navigate('/listas') } });
          onClose();
        },
        onError: (error) => {
          if (onExpired(error)) return;
          showFormErrors(error, setError, { fields: ['nombre'], fallback: 'No se pudo guardar la lista.' });
        },
      },
    );
  }

  return (
    <Modal
      open
      title="Guardar como lista"
      description={`${productos.length === 1 ? 'Un producto' : `${productos.length} productos`} con sus cantidades, para cotizarlos de nuevo cuando quieras.`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancelar
          </button>
          <SubmitButton form={formId} busy={crear.isPending} busyLabel="Guardando...">
            Guardar lista
          </SubmitButton>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField label="Nombre de la lista" placeholder="Ej: Semana" maxLength={100} data-autofocus {...register('nombre')} error={errors.nombre?.message} />
        <FormError message={errors.root?.server?.message} />
      </form>
    </Modal>
  );
}
