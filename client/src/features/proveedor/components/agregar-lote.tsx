import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { hoyEnChile } from '#common/fecha';
import { formatCantidad, formatDiaLargo } from '#common/format';
import { errorFechaVencimiento } from '#common/schemas/proveedor-carga';
import { type LoteNuevoData, loteNuevoSchema } from '#common/schemas/proveedor-lote';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { Modal } from '../../../ui/modal';
import { toast } from '../../../ui/toast';
import { useCreateLote } from '../api/create-lote';
import { CamposLote } from './campos-lote';

interface Valores {
  cantidad: string;
  fecha_expiracion: string;
}

const CAMPOS = ['cantidad', 'fecha_expiracion'] as const;
const resolver = zodResolver(loteNuevoSchema) as unknown as Resolver<Valores, unknown, LoteNuevoData>;
export const ERROR_AGREGAR_LOTE = 'No se pudo agregar el lote. Inténtalo de nuevo.';

/** The toast of a lot saved: what it holds now, and that it joined the lot of that date when there was one (docs/decisions/008). */
export function loteAgregado(
  oferta: Pick<ProveedorProducto, 'producto_nombre' | 'unidad'>,
  agregado: number,
  lote: { cantidad: number; fecha_expiracion: string },
) {
  const fecha = formatDiaLargo(lote.fecha_expiracion);
  return lote.cantidad === agregado
    ? `Lote de ${formatCantidad(lote.cantidad, oferta.unidad)} con vencimiento el ${fecha} agregado a ${oferta.producto_nombre}.`
    : `Se sumaron ${formatCantidad(agregado, oferta.unidad)} al lote de ${oferta.producto_nombre} que vence el ${fecha}: ahora tiene ${formatCantidad(lote.cantidad, oferta.unidad)}.`;
}

/**
 * 'Agregar lote' on an offer (docs/producto.md §17): stock that arrived, its quantity and expiry, in a
 * small modal usable on a phone. The lot's rules are the upload's (loteNuevoSchema, and a date
 * after today in Chile); the server checks them again and its messages land under the fields.
 */
export function AgregarLote({ oferta, onClose }: { oferta: ProveedorProducto; onClose(): void }) {
  const crear = useCreateLote();
  const onExpired = useSessionExpiredHandler();
  const form = useForm<Valores, unknown, LoteNuevoData>({ resolver, defaultValues: { cantidad: '', fecha_expiracion: '' } });
  const { handleSubmit, formState, setError } = form;
  const { errors } = formState;

  function guardar(data: LoteNuevoData) {
    const futura = errorFechaVencimiento(data.fecha_expiracion, hoyEnChile());
    if (futura) {
      setError('fecha_expiracion', { type: 'validate', message: futura });
      return;
    }
    crear.mutate(
      { ofertaId: oferta.id, body: data },
      {
        onSuccess: (lote) => {
          toast.success(loteAgregado(oferta, data.cantidad, lote));
          onClose();
        },
        onError: (error) => onExpired(error) || showFormErrors(error, setError, { fields: CAMPOS, fallback: ERROR_AGREGAR_LOTE, toast: null }),
      },
    );
  }

  return (
    <Modal open title="Agregar lote" description={`${oferta.producto_nombre} · SKU ${oferta.sku}`} onClose={onClose} className="modal--lote">
      <form onSubmit={handleSubmit(guardar)} noValidate aria-label={`Agregar lote a ${oferta.producto_nombre}`}>
        <div className="agregar-lote__campos">
          <CamposLote form={form} unidad={oferta.unidad} autoFocus />
        </div>
        <FormError message={errors.root?.server?.message} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancelar
          </button>
          <SubmitButton busy={crear.isPending} busyLabel="Guardando...">
            Agregar lote
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
