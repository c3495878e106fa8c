import { useForm } from 'react-hook-form';
import { errorCantidadConfirmada } from '#common/confirmacion-parcial';
import { formatCantidad, formatClp, unidadCorta } from '#common/format';
import { subtotal } from '#common/precio';
import type { PedidoDetalle } from '#common/schemas/pedidos';
import { leerCantidad } from '#common/schemas/proveedor-productos';
import { showFormErrors } from '../../../lib/form-errors';
import { useChangeEstado } from '../../../lib/cambio-estado';
import { useSessionExpiredHandler } from '../../../lib/session';
import { TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { Modal } from '../../../ui/modal';
import { toast } from '../../../ui/toast';

export const CONFIRMAR_CON_CANTIDADES = 'Confirmar con otras cantidades';
const NO_SE_PUDO = 'No se pudo confirmar el pedido. Inténtalo de nuevo.';

interface Valores {
  lineas: { cantidad: string }[];
}

/** A quantity as the form holds it: a point or a Chilean comma ('80,5'); NaN when it is not a number. */
const leer = (texto: string) => leerCantidad(texto.trim());
/** The ordered quantity as the input starts: the comma Chile writes, never a thousands point ('12500', not '12.500'). */
const comoTexto = (cantidad: number) => String(cantidad).replace('.', ',');

/**
 * 'Confirmar con otras cantidades' (docs/producto.md §18, docs/decisions/026): one input per line,
 * prefilled with what was ordered, and the products' new total as the supplier types. What it does
 * not confirm goes back to its lots and is not charged; every line at 0 rejects the pedido.
 */
export function ConfirmarConCantidades({ pedido, open, onClose }: { pedido: PedidoDetalle; open: boolean; onClose(): void }) {
  return (
    <Modal
      open={open}
      title={`${CONFIRMAR_CON_CANTIDADES} N° ${pedido.id}`}
      description="Indica cuánto entregarás de cada producto. Lo que no confirmes vuelve a tus lotes y no se le cobra al comprador."
      onClose={onClose}
      className="confirmar-cantidades"
    >
      {/* Inside the modal, so closing it clears the form. */}
      <FormularioCantidades pedido={pedido} onClose={onClose} />
    </Modal>
  );
}

function FormularioCantidades({ pedido, onClose }: { pedido: PedidoDetalle; onClose(): void }) {
  const change = useChangeEstado();
  const onExpired = useSessionExpiredHandler();
  const { register, handleSubmit, formState, setError, watch } = useForm<Valores>({
    defaultValues: { lineas: pedido.lineas.map((l) => ({ cantidad: comoTexto(l.cantidad) })) },
  });
  const escritas = watch('lineas').map((l) => leer(l.cantidad));
  const isValido = escritas.every((n, i) => errorCantidadConfirmada(n, pedido.lineas[i]!.cantidad, pedido.lineas[i]!.unidad) === undefined);
  const productos = pedido.lineas.reduce((suma, l, i) => suma + subtotal(escritas[i] ?? 0, l.precio), 0);
  const isRechazo = isValido && escritas.every((n) => n === 0);

  function confirmar(valores: Valores) {
    const lineas = pedido.lineas.map((l, i) => ({ id: l.id, cantidad: leer(valores.lineas[i]!.cantidad) }));
    // Not mutate()'s callbacks: they are dropped once this form unmounts, and it does as soon as the
    // pedido, read again after the move, is no longer pendiente.
    change.mutateAsync({ id: pedido.id, body: { estado: 'confirmado', lineas } }).then(
      (p) => {
        toast.success(p.estado === 'rechazado' ? 'Pedido rechazado: no confirmaste ningún producto.' : 'Pedido confirmado con las cantidades indicadas.');
        onClose();
      },
      (e) => onExpired(e) || showFormErrors(e, setError, { fields: pedido.lineas.map((_, i) => `lineas.${i}.cantidad` as const), fallback: NO_SE_PUDO }),
    );
  }

  return (
    <form className="form" onSubmit={handleSubmit(confirmar)} noValidate>
      {pedido.lineas.map((l, i) => (
        <TextField
          key={l.id}
          label={`${l.producto_nombre}${l.marca ? ` (${l.marca})` : ''} · ${unidadCorta(l.unidad, 2)}`}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus={i === 0 || undefined}
          hint={`Pedido: ${formatCantidad(l.cantidad, l.unidad)}`}
          error={formState.errors.lineas?.[i]?.cantidad?.message}
          {...register(`lineas.${i}.cantidad`, { validate: (v) => errorCantidadConfirmada(leer(v), l.cantidad, l.unidad) ?? true })}
        />
      ))}
      <p className="confirmar-cantidades__total" aria-live="polite">
        Productos: <strong>{isValido ? formatClp(productos) : '—'}</strong>{' '}
        <span className="muted">(pedido: {formatClp(pedido.total - pedido.costo_despacho)})</span>
      </p>
      {isRechazo && (
        <p className="confirmar-cantidades__rechazo" role="status">
          Con todo en 0 el pedido queda rechazado y el comprador recibe un aviso.
        </p>
      )}
      <FormError message={formState.errors.root?.server?.message} />
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancelar
        </button>
        <SubmitButton className={isRechazo ? 'btn btn--danger' : 'btn btn--primary'} busy={change.isPending} busyLabel="Confirmando...">
          {isRechazo ? 'Rechazar pedido' : 'Confirmar pedido'}
        </SubmitButton>
      </div>
    </form>
  );
}
