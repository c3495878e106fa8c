import { useState } from 'react';
import { MOTIVO_MAX, type PedidoDetalle } from '#common/schemas/pedidos';
import { apiErrorMessage } from '../../../lib/api-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { TextField } from '../../../ui/fields';
import { SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useChangeEstado } from '../../../lib/cambio-estado';

const NO_SE_PUDO = 'No se pudo anular el pedido. Inténtalo de nuevo.';

/**
 * The buyer annuls a pedido while it is pendiente, or once its supplier confirmed only part of it
 * until it is dispatched (puedeAnular), saying why if it wants (the supplier reads it). A supplier may have confirmed it meanwhile: the server's 409 says so, and the order,
 * read again, shows where the pedido stands.
 */
export function AnularPedido({ pedido }: { pedido: PedidoDetalle }) {
  const onExpired = useSessionExpiredHandler();
  const change = useChangeEstado();
  const [isOpen, setOpen] = useState(false);
  const [motivo, setMotivo] = useState('');

  function anular() {
    setOpen(false);
    // Not mutate()'s callbacks: they are dropped once this button unmounts, and it does as soon as
    // the order, read again, shows the pedido annulled.
    change.mutateAsync({ id: pedido.id, body: { estado: 'anulado', motivo } }).then(
      () => toast.success('Pedido anulado.'),
      (error) => onExpired(error) || toast.error(apiErrorMessage(error, NO_SE_PUDO)),
    );
  }

  return (
    <>
      <p className="muted">
        {pedido.estado === 'pendiente'
          ? 'Puedes anularlo mientras el proveedor no lo confirme.'
          : 'El proveedor confirmó solo una parte: si no te sirve, puedes anularlo mientras no lo despache.'}
      </p>
      <SubmitButton
        type="button"
        className="btn btn--ghost anular-pedido"
        busy={change.isPending}
        busyLabel="Anulando..."
        aria-label={`Anular el pedido N° ${pedido.id}`}
        onClick={() => setOpen(true)}
      >
        Anular
      </SubmitButton>
      <ConfirmDialog
        open={isOpen}
        title={`¿Deseas anular el pedido N° ${pedido.id}?`}
        message={`${pedido.proveedor} no lo preparará y le avisaremos por correo. Esta acción no se puede deshacer.`}
        variant="danger"
        confirmLabel="Anular pedido"
        cancelLabel="Cancelar"
        onConfirm={anular}
        onCancel={() => setOpen(false)}
      >
        <TextField label="Motivo (opcional)" maxLength={MOTIVO_MAX} value={motivo} onChange={(e) => setMotivo(e.target.value)} />
      </ConfirmDialog>
    </>
  );
}
