import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type CambioEstadoData,
  type CambioEstadoInput,
  cambioEstadoSchema,
  ESTADOS_DEL_PROVEEDOR,
  type EstadoPedido,
  MOTIVO_MAX,
  type PedidoDetalle,
  TRANSICIONES,
} from '../../../../../common/schemas/pedidos';
import { apiErrorMessage } from '../../../lib/api-errors';
import { showFormErrors } from '../../../lib/form-errors';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { Modal } from '../../../ui/modal';
import { toast } from '../../../ui/toast';
import { useChangeEstado } from '../api/change-estado';
import './pedidos.css';

const NO_SE_PUDO = 'No se pudo cambiar el estado del pedido. Inténtalo de nuevo.';

interface Accion {
  boton: string;
  titulo: string;
  pregunta(id: number): string;
  exito: string;
}

/** How each move reads: its button, the question that confirms it, the toast after it. The buyer hears of each by e-mail. */
const ACCIONES = {
  confirmado: {
    boton: 'Confirmar',
    titulo: 'Confirmar pedido',
    pregunta: (id) => `¿Confirmas el pedido N° ${id}? Le avisaremos al comprador que lo estás preparando.`,
    exito: 'Pedido confirmado.',
  },
  despachado: {
    boton: 'Marcar como despachado',
    titulo: 'Marcar como despachado',
    pregunta: (id) => `¿El pedido N° ${id} ya salió hacia el comprador? Le avisaremos que va en camino.`,
    exito: 'Pedido marcado como despachado.',
  },
  entregado: {
    boton: 'Marcar como entregado',
    titulo: 'Marcar como entregado',
    pregunta: (id) => `¿El comprador ya recibió el pedido N° ${id}? Esto cierra el pedido.`,
    exito: 'Pedido marcado como entregado.',
  },
  rechazado: {
    boton: 'Rechazar',
    titulo: 'Rechazar pedido',
    pregunta: () => 'El comprador verá el motivo en su orden y en el correo que le enviaremos. El stock del pedido vuelve a tus lotes.',
    exito: 'Pedido rechazado.',
  },
} satisfies Partial<Record<EstadoPedido, Accion>>;
type Movimiento = keyof typeof ACCIONES;

/** The supplier's moves from `estado`, in the cycle's own order (issue #19): what the cycle allows and the supplier may ask. */
export const accionesDelProveedor = (estado: EstadoPedido) =>
  TRANSICIONES[estado].filter((e): e is Movimiento => ESTADOS_DEL_PROVEEDOR.includes(e) && e in ACCIONES);

/** What comes next, in words, for each state. */
const SIGUE: Record<EstadoPedido, string> = {
  pendiente: 'El comprador espera tu respuesta: confirma el pedido si puedes cumplirlo, o recházalo indicando el motivo.',
  confirmado: 'Confirmaste este pedido. Márcalo como despachado cuando salga hacia el comprador.',
  despachado: 'El pedido va en camino. Márcalo como entregado cuando el comprador lo reciba.',
  entregado: 'Pedido entregado: no quedan pasos pendientes.',
  rechazado: 'Rechazaste este pedido: su stock volvió a tus lotes.',
  anulado: 'El comprador anuló este pedido: su stock volvió a tus lotes.',
};

/**
 * The moves the pedido's state allows its supplier, each behind a question; a rejection asks
 * for its reason. The buttons follow the pedido: after a move (or a 409 because someone else
 * moved it first) the detail is read again and shows what is left.
 */
export function AccionesPedido({ pedido }: { pedido: PedidoDetalle }) {
  const cambio = useChangeEstado();
  const [pregunta, setPregunta] = useState<Movimiento | null>(null);
  const [rechazando, setRechazando] = useState(false);
  const acciones = accionesDelProveedor(pedido.estado);
  const ocupado = cambio.isPending;

  function mover(estado: Movimiento) {
    setPregunta(null);
    cambio.mutate(
      { id: pedido.id, body: { estado } },
      {
        onSuccess: () => toast.success(ACCIONES[estado].exito),
        onError: (error) => toast.error(apiErrorMessage(error, NO_SE_PUDO)),
      },
    );
  }

  return (
    <div className="acciones-pedido">
      <p>{SIGUE[pedido.estado]}</p>
      {acciones.length > 0 && (
        <div className="acciones-pedido__botones">
          {acciones.map((estado) => (
            <SubmitButton
              key={estado}
              type="button"
              className={estado === 'rechazado' ? 'btn btn--ghost acciones-pedido__rechazar' : 'btn btn--primary'}
              busy={ocupado && cambio.variables?.body.estado === estado}
              disabled={ocupado}
              onClick={() => (estado === 'rechazado' ? setRechazando(true) : setPregunta(estado))}
            >
              {ACCIONES[estado].boton}
            </SubmitButton>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={pregunta !== null}
        title={pregunta ? ACCIONES[pregunta].titulo : ''}
        message={pregunta ? ACCIONES[pregunta].pregunta(pedido.id) : undefined}
        confirmLabel={pregunta ? ACCIONES[pregunta].boton : undefined}
        cancelLabel="Cancelar"
        onConfirm={() => pregunta && mover(pregunta)}
        onCancel={() => setPregunta(null)}
      />
      {/* Closes by itself when the pedido, read again, no longer allows a rejection. */}
      <RechazarPedido id={pedido.id} open={rechazando && acciones.includes('rechazado')} onClose={() => setRechazando(false)} />
    </div>
  );
}

/** The rejection and its reason, which the buyer reads (cambioEstadoSchema: required, up to 500 characters). */
function RechazarPedido({ id, open, onClose }: { id: number; open: boolean; onClose(): void }) {
  return (
    <Modal open={open} title={`${ACCIONES.rechazado.titulo} N° ${id}`} description={ACCIONES.rechazado.pregunta()} onClose={onClose}>
      {/* Inside the modal, so closing it clears the form. */}
      <FormularioRechazo id={id} onClose={onClose} />
    </Modal>
  );
}

function FormularioRechazo({ id, onClose }: { id: number; onClose(): void }) {
  const cambio = useChangeEstado();
  const motivoId = useId();
  const { register, handleSubmit, formState, setError, watch } = useForm<CambioEstadoInput, unknown, CambioEstadoData>({
    resolver: zodResolver(cambioEstadoSchema),
    defaultValues: { estado: 'rechazado', motivo: '' },
  });
  const error = formState.errors.motivo?.message;
  const largo = String(watch('motivo') ?? '').length;

  function rechazar(body: CambioEstadoData) {
    // Not mutate()'s callbacks: they are dropped once this form unmounts, and it does as soon as the
    // pedido, read again after the move (or after a 409), no longer allows a rejection.
    cambio.mutateAsync({ id, body }).then(
      () => {
        toast.success(ACCIONES.rechazado.exito);
        onClose();
      },
      (e) => showFormErrors(e, setError, { fields: ['motivo'], fallback: NO_SE_PUDO }),
    );
  }

  return (
    <form className="form rechazo-pedido" onSubmit={handleSubmit(rechazar)} noValidate>
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
          {largo}/{MOTIVO_MAX} caracteres
        </p>
      </div>
      <FormError message={formState.errors.root?.server?.message} />
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancelar
        </button>
        <SubmitButton className="btn btn--danger" busy={cambio.isPending} busyLabel="Rechazando...">
          Rechazar pedido
        </SubmitButton>
      </div>
    </form>
  );
}
