import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatClp } from '#common/format';
import { leerPesos } from '#common/numeros';
import { CREDITO_EXCESIVO, MOTIVO_MAX, type PedidoDetalle, type RespuestaReclamoData, respuestaReclamoSchema } from '#common/schemas/pedidos';
import { useAnswerReclamo } from '../../../lib/cambio-estado';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { Modal } from '../../../ui/modal';
import { enfocarRecepcionAlGuardar } from '../../../ui/recepcion-pedido';
import { toast } from '../../../ui/toast';

const NO_SE_PUDO = 'No se pudo responder el reclamo. Inténtalo de nuevo.';

/**
 * Its supplier answers an open claim (docs/producto.md §18): 'Aceptar reclamo' with a net credit
 * (the amount claimed, editable down), or 'Rechazar reclamo' with the reason the buyer reads.
 */
export function ResponderReclamo({ pedido }: { pedido: PedidoDetalle }) {
  const [accion, setAccion] = useState<'aceptar' | 'rechazar' | null>(null);
  const reclamo = pedido.reclamo;
  if (reclamo?.estado !== 'abierto') return null;
  const cerrar = () => setAccion(null);
  return (
    <div className="responder-reclamo">
      <p>El comprador reclama {formatClp(reclamo.monto)} (neto). Acéptalo con un crédito de hasta ese monto o recházalo indicando el motivo.</p>
      <div className="acciones-pedido__botones">
        <button type="button" className="btn btn--primary" onClick={() => setAccion('aceptar')}>
          Aceptar reclamo
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setAccion('rechazar')}>
          Rechazar reclamo
        </button>
      </div>
      <Modal
        open={accion === 'aceptar'}
        title={`Aceptar reclamo del pedido N° ${pedido.id}`}
        description={`El crédito se descuenta del neto del pedido, antes del IVA. Puede ser de hasta ${formatClp(reclamo.monto)}.`}
        onClose={cerrar}
      >
        <FormularioCredito pedido={pedido} monto={reclamo.monto} onClose={cerrar} />
      </Modal>
      <Modal
        open={accion === 'rechazar'}
        title={`Rechazar reclamo del pedido N° ${pedido.id}`}
        description="El comprador verá el motivo en su orden y en el correo que le enviaremos."
        onClose={cerrar}
      >
        <FormularioRechazo pedido={pedido} onClose={cerrar} />
      </Modal>
    </div>
  );
}

function useResponder(pedido: PedidoDetalle, onClose: () => void) {
  const answer = useAnswerReclamo();
  const onExpired = useSessionExpiredHandler();
  return {
    answer,
    responder: (body: RespuestaReclamoData, onError: (e: unknown) => void) => {
      // Once answered, the receipt takes the focus: these buttons are gone (docs/decisions/026).
      enfocarRecepcionAlGuardar(pedido.id);
      // Not mutate()'s callbacks: they are dropped once this form unmounts, and it does as soon as the
      // pedido, read again, no longer has an open claim.
      return answer.mutateAsync({ id: pedido.id, body }).then(
        () => {
          toast.success(body.accion === 'aceptar' ? 'Reclamo aceptado.' : 'Reclamo rechazado.');
          onClose();
        },
        (e) => {
          enfocarRecepcionAlGuardar(null);
          return onExpired(e) || onError(e);
        },
      );
    },
  };
}

function FormularioCredito({ pedido, monto, onClose }: { pedido: PedidoDetalle; monto: number; onClose(): void }) {
  const { answer, responder } = useResponder(pedido, onClose);
  const { register, handleSubmit, formState, setError } = useForm<{ monto_credito: string }>({ defaultValues: { monto_credito: String(monto) } });
  function enviar({ monto_credito }: { monto_credito: string }) {
    const pesos = leerPesos(monto_credito);
    if (!Number.isInteger(pesos) || pesos < 0)
      return setError('monto_credito', { type: 'validate', message: 'El crédito es un monto en pesos enteros, sin decimales.' });
    if (pesos > monto) return setError('monto_credito', { type: 'validate', message: CREDITO_EXCESIVO });
    void responder({ accion: 'aceptar', monto_credito: pesos }, (e) => showFormErrors(e, setError, { fields: ['monto_credito'], fallback: NO_SE_PUDO }));
  }
  return (
    <form className="form" onSubmit={handleSubmit(enviar)} noValidate>
      <TextField
        label="Crédito (neto)"
        inputMode="numeric"
        autoComplete="off"
        data-autofocus
        error={formState.errors.monto_credito?.message}
        {...register('monto_credito')}
      />
      <FormError message={formState.errors.root?.server?.message} />
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancelar
        </button>
        <SubmitButton busy={answer.isPending} busyLabel="Aceptando...">
          Aceptar reclamo
        </SubmitButton>
      </div>
    </form>
  );
}

function FormularioRechazo({ pedido, onClose }: { pedido: PedidoDetalle; onClose(): void }) {
  const { answer, responder } = useResponder(pedido, onClose);
  const { register, handleSubmit, formState, setError } = useForm<{ motivo: string }>({ defaultValues: { motivo: '' } });
  function enviar({ motivo }: { motivo: string }) {
    // The body's own rule and messages (respuestaReclamoSchema): required, one line, up to MOTIVO_MAX.
    const body = respuestaReclamoSchema.safeParse({ accion: 'rechazar', motivo });
    if (!body.success) return setError('motivo', { type: 'validate', message: body.error.issues[0]!.message });
    void responder(body.data, (e) => showFormErrors(e, setError, { fields: ['motivo'], fallback: NO_SE_PUDO }));
  }
  return (
    <form className="form" onSubmit={handleSubmit(enviar)} noValidate>
      <TextField
        label="Motivo del rechazo"
        maxLength={MOTIVO_MAX}
        autoComplete="off"
        data-autofocus
        error={formState.errors.motivo?.message}
        {...register('motivo')}
      />
      <FormError message={formState.errors.root?.server?.message} />
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancelar
        </button>
        <SubmitButton className="btn btn--danger" busy={answer.isPending} busyLabel="Rechazando...">
          Rechazar reclamo
        </SubmitButton>
      </div>
    </form>
  );
}
