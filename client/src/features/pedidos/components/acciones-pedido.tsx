import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type CambioEstadoData,
  type CambioEstadoInput,
  cambioEstadoSchema,
  ESTADOS_DEL_PROVEEDOR,
  type EstadoPedido,
  HORAS_PARA_RECEPCION,
  MOTIVO_MAX,
  type PedidoDetalle,
  TRANSICIONES,
} from '#common/schemas/pedidos';
import { apiErrorMessage } from '../../../lib/api-errors';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { Modal } from '../../../ui/modal';
import { toast } from '../../../ui/toast';
import { useChangeEstado } from '../../../lib/cambio-estado';
import { CONFIRMAR_CON_CANTIDADES, ConfirmarConCantidades } from './confirmar-con-cantidades';
import './pedidos.css';

const NO_SE_PUDO = 'No se pudo cambiar el estado del pedido. Inténtalo de nuevo.';

interface MoveText {
  button: string;
  title: string;
  question(id: number): string;
  success: string;
}

/** How each move reads: its button, the question that confirms it, the toast after it. The buyer hears of each by e-mail. */
const MOVES = {
  confirmado: {
    button: 'Confirmar',
    title: 'Confirmar pedido',
    question: (id) => `¿Confirmas el pedido N° ${id}? Le avisaremos al comprador que lo estás preparando.`,
    success: 'Pedido confirmado.',
  },
  despachado: {
    button: 'Marcar como despachado',
    title: 'Marcar como despachado',
    question: (id) => `¿El pedido N° ${id} ya salió hacia el comprador? Le avisaremos que va en camino.`,
    success: 'Pedido marcado como despachado.',
  },
  entregado: {
    button: 'Marcar como entregado',
    title: 'Marcar como entregado',
    // Not the end of it: the buyer then has its window to record what arrived (docs/producto.md §18).
    question: (id) =>
      `¿El comprador ya recibió el pedido N° ${id}? Tendrá ${HORAS_PARA_RECEPCION} horas para registrar lo que recibió y reclamar si faltó algo.`,
    success: 'Pedido marcado como entregado.',
  },
  rechazado: {
    button: 'Rechazar',
    title: 'Rechazar pedido',
    question: () => 'El comprador verá el motivo en su orden y en el correo que le enviaremos. El stock del pedido vuelve a tus lotes.',
    success: 'Pedido rechazado.',
  },
} satisfies Partial<Record<EstadoPedido, MoveText>>;
type Move = keyof typeof MOVES;

/** The supplier's moves from `estado`, in the cycle's own order: what the cycle allows and the supplier may ask. */
const listProveedorMoves = (estado: EstadoPedido) => TRANSICIONES[estado].filter((e): e is Move => ESTADOS_DEL_PROVEEDOR.includes(e) && e in MOVES);

/** What comes next, in words, for each state. */
const NEXT_STEP: Record<EstadoPedido, string> = {
  pendiente:
    'El comprador espera tu respuesta: confirma el pedido si puedes cumplirlo (con otras cantidades si no tienes todo), o recházalo indicando el motivo.',
  confirmado: 'Confirmaste este pedido. Márcalo como despachado cuando salga hacia el comprador.',
  despachado: 'El pedido va en camino. Márcalo como entregado cuando el comprador lo reciba.',
  entregado: 'Pedido entregado y pagado: no quedan pasos pendientes.',
  rechazado: 'Rechazaste este pedido: su stock volvió a tus lotes.',
  anulado: 'El comprador anuló este pedido: su stock volvió a tus lotes.',
};

/**
 * What a delivered pedido still asks of its supplier, the first that applies: answer the buyer's open
 * claim, record its invoice, then the payment (docs/producto.md §18); only then is nothing left.
 */
function proximoPaso(pedido: PedidoDetalle): string {
  if (pedido.estado !== 'entregado') return NEXT_STEP[pedido.estado];
  if (pedido.reclamo?.estado === 'abierto')
    return 'El comprador abrió un reclamo: acéptalo con un crédito o recházalo indicando el motivo, en Recepción y reclamo.';
  if (pedido.factura_numero === null) return 'Pedido entregado. Registra tu factura en Factura y pago.';
  if (pedido.pagado_el === null) return 'Pedido facturado. Registra el pago en Factura y pago cuando te paguen.';
  return NEXT_STEP.entregado;
}

/**
 * The moves the pedido's state allows its supplier, each behind a question; a rejection asks
 * for its reason. The buttons follow the pedido: after a move (or a 409 because someone else
 * moved it first) the detail is read again and shows what is left.
 */
export function AccionesPedido({ pedido }: { pedido: PedidoDetalle }) {
  const change = useChangeEstado();
  const onExpired = useSessionExpiredHandler();
  const [asking, setAsking] = useState<Move | null>(null);
  const [isRejecting, setRejecting] = useState(false);
  const [isConfirmingPart, setConfirmingPart] = useState(false);
  const moves = listProveedorMoves(pedido.estado);
  const isBusy = change.isPending;

  function move(estado: Move) {
    setAsking(null);
    change.mutate(
      { id: pedido.id, body: { estado } },
      {
        onSuccess: () => toast.success(MOVES[estado].success),
        onError: (error) => onExpired(error) || toast.error(apiErrorMessage(error, NO_SE_PUDO)),
      },
    );
  }

  return (
    <div className="acciones-pedido">
      <p>{proximoPaso(pedido)}</p>
      {moves.length > 0 && (
        <div className="acciones-pedido__botones">
          {moves.map((estado) => (
            <Fragment key={estado}>
              <SubmitButton
                type="button"
                className={estado === 'rechazado' ? 'btn btn--ghost acciones-pedido__rechazar' : 'btn btn--primary'}
                busy={isBusy && change.variables?.body.estado === estado}
                disabled={isBusy}
                onClick={() => (estado === 'rechazado' ? setRejecting(true) : setAsking(estado))}
              >
                {MOVES[estado].button}
              </SubmitButton>
              {/* Beside 'Confirmar': a supplier that cannot deliver all of it confirms what it can (docs/decisions/026). */}
              {estado === 'confirmado' && (
                <button type="button" className="btn btn--secondary" disabled={isBusy} onClick={() => setConfirmingPart(true)}>
                  {CONFIRMAR_CON_CANTIDADES}
                </button>
              )}
            </Fragment>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? MOVES[asking].title : ''}
        message={asking ? MOVES[asking].question(pedido.id) : undefined}
        confirmLabel={asking ? MOVES[asking].button : undefined}
        cancelLabel="Cancelar"
        onConfirm={() => asking && move(asking)}
        onCancel={() => setAsking(null)}
      />
      {/* Closes by itself when the pedido, read again, no longer allows a rejection. */}
      <RechazarPedido id={pedido.id} open={isRejecting && moves.includes('rechazado')} onClose={() => setRejecting(false)} />
      <ConfirmarConCantidades pedido={pedido} open={isConfirmingPart && moves.includes('confirmado')} onClose={() => setConfirmingPart(false)} />
    </div>
  );
}

/** The rejection and its reason, which the buyer reads (cambioEstadoSchema: required, up to 500 characters). */
function RechazarPedido({ id, open, onClose }: { id: number; open: boolean; onClose(): void }) {
  return (
    <Modal open={open} title={`${MOVES.rechazado.title} N° ${id}`} description={MOVES.rechazado.question()} onClose={onClose}>
      {/* Inside the modal, so closing it clears the form. */}
      <FormularioRechazo id={id} onClose={onClose} />
    </Modal>
  );
}

function FormularioRechazo({ id, onClose }: { id: number; onClose(): void }) {
  const change = useChangeEstado();
  const onExpired = useSessionExpiredHandler();
  const motivoId = useId();
  const { register, handleSubmit, formState, setError, watch } = useForm<CambioEstadoInput, unknown, CambioEstadoData>({
    resolver: zodResolver(cambioEstadoSchema),
    defaultValues: { estado: 'rechazado', motivo: '' },
  });
  const error = formState.errors.motivo?.message;
  const motivoLength = String(watch('motivo') ?? '').length;

  function reject(body: CambioEstadoData) {
    // Not mutate()'s callbacks: they are dropped once this form unmounts, and it does as soon as the
    // pedido, read again after the move (or after a 409), no longer allows a rejection.
    change.mutateAsync({ id, body }).then(
      () => {
        toast.success(MOVES.rechazado.success);
        onClose();
      },
      (e) => onExpired(e) || showFormErrors(e, setError, { fields: ['motivo'], fallback: NO_SE_PUDO }),
    );
  }

  return (
    <form className="form rechazo-pedido" onSubmit={handleSubmit(reject)} noValidate>
      <div className={error ? 'field field--error' : 'field'}>
        <label htmlFor={motivoId}>Motivo del rechazo</label>
        <textarea
          id={motivoId}
          rows={4}
          maxLength={MOTIVO_MAX}
          required
          data-autofocus
          aria-invalid={error ? true : undefined}
          aria-describedby={`${motivoId}-cuenta${error ? ` ${motivoId}-error` : ''}`}
          {...register('motivo')}
        />
        {error && (
          <p className="field__error" id={`${motivoId}-error`} role="alert">
            {error}
          </p>
        )}
        <p className="field__hint acciones-pedido__cuenta" id={`${motivoId}-cuenta`}>
          {motivoLength}/{MOTIVO_MAX} caracteres
        </p>
      </div>
      <FormError message={formState.errors.root?.server?.message} />
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancelar
        </button>
        <SubmitButton className="btn btn--danger" busy={change.isPending} busyLabel="Rechazando...">
          Rechazar pedido
        </SubmitButton>
      </div>
    </form>
  );
}
