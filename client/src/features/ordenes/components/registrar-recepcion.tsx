import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { formatCantidad, formatClp, formatFechaHora, nombreProducto, unidadCorta } from '#common/format';
import { cantidadConfirmada, montoFaltante, RECIBIDA_DECIMALES, recibidaExcesiva } from '#common/reclamo';
import { centesimas, isCentesimal } from '#common/numeros';
import { leerCantidad } from '#common/schemas/proveedor-productos';
import {
  COMENTARIO_MAX,
  type PedidoDetalle,
  PROBLEMA_OBLIGATORIO,
  PROBLEMA_TEXTO,
  PROBLEMAS_RECEPCION,
  type ProblemaRecepcion,
  type RecepcionData,
} from '#common/schemas/pedidos';
import { useSaveRecepcion } from '../../../lib/cambio-estado';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { SelectField, TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { Modal } from '../../../ui/modal';
import { enfocarRecepcionAlGuardar } from '../../../ui/recepcion-pedido';
import { toast } from '../../../ui/toast';
import './registrar-recepcion.css';

const NO_SE_PUDO = 'No se pudo registrar la recepción. Inténtalo de nuevo.';
const CANTIDAD_INVALIDA = 'La cantidad recibida debe ser un número.';

/**
 * Whether its buyer may record the receipt now (docs/producto.md §18): once, on a pedido despachado
 * (the truck arrived) or entregado until recepcion_hasta. The server decides; this only shows the button.
 */
export const puedeRegistrarRecepcion = (p: PedidoDetalle, ahora = new Date()) =>
  p.recibido_en === null && (p.estado === 'despachado' || (p.estado === 'entregado' && p.recepcion_hasta !== null && ahora < new Date(p.recepcion_hasta)));

/** 'Registrar recepción' on a pedido of the buyer's order: the button, until when, and the form in a modal. */
export function RegistrarRecepcion({ pedido }: { pedido: PedidoDetalle }) {
  const [abierto, setAbierto] = useState(false);
  return (
    <div className="registrar-recepcion">
      <p className="muted">
        {pedido.estado === 'despachado'
          ? 'Cuando llegue el camión, registra lo que recibiste: si falta algo o llegó dañado, se abre un reclamo al proveedor.'
          : `Registra lo que recibiste hasta el ${formatFechaHora(pedido.recepcion_hasta!)}: si faltó algo o llegó dañado, se abre un reclamo al proveedor.`}
      </p>
      <button type="button" className="btn btn--primary" onClick={() => setAbierto(true)}>
        Registrar recepción
      </button>
      <Modal
        open={abierto}
        title={`Registrar recepción del pedido N° ${pedido.id}`}
        description="Indica cuánto llegó en buen estado de cada producto. Por lo que falte, llegue dañado o vencido se abre un reclamo al proveedor."
        onClose={() => setAbierto(false)}
        className="registrar-recepcion__modal"
      >
        {/* Inside the modal, so closing it clears the form. */}
        <FormularioRecepcion pedido={pedido} onClose={() => setAbierto(false)} />
      </Modal>
    </div>
  );
}

interface LineaForm {
  cantidad_recibida: string;
  problema: '' | ProblemaRecepcion;
  comentario: string;
}
interface RecepcionForm {
  lineas: LineaForm[];
}

/** A quantity as the form shows it: the decimal comma of Chile, no thousands separator (leerCantidad reads it back). */
const comoTexto = (n: number) => String(n).replace('.', ',');

function FormularioRecepcion({ pedido, onClose }: { pedido: PedidoDetalle; onClose(): void }) {
  const save = useSaveRecepcion();
  const onExpired = useSessionExpiredHandler();
  const { register, handleSubmit, formState, setError, watch } = useForm<RecepcionForm>({
    defaultValues: { lineas: pedido.lineas.map((l) => ({ cantidad_recibida: comoTexto(cantidadConfirmada(l)), problema: '', comentario: '' })) },
  });
  const valores = watch('lineas');
  // The claim as it will open: what each line lacks, at its price (common/reclamo.ts, the server's rule).
  const monto = pedido.lineas.reduce((suma, l, i) => {
    const recibida = leerCantidad((valores[i]?.cantidad_recibida ?? '').trim());
    return Number.isFinite(recibida) && recibida >= 0 ? suma + montoFaltante(l, recibida) : suma;
  }, 0);
  const campos = pedido.lineas.flatMap((_, i) => ['cantidad_recibida', 'problema', 'comentario'].map((c) => `lineas.${i}.${c}` as Path<RecepcionForm>));

  function enviar(form: RecepcionForm) {
    let valido = true;
    const lineas: RecepcionData['lineas'] = pedido.lineas.map((l, i) => {
      const v = form.lineas[i]!;
      const recibida = leerCantidad(v.cantidad_recibida.trim());
      const falla = (campo: 'cantidad_recibida' | 'problema', message: string) => {
        valido = false;
        setError(`lineas.${i}.${campo}`, { type: 'validate', message });
      };
      if (!Number.isFinite(recibida) || recibida < 0) falla('cantidad_recibida', CANTIDAD_INVALIDA);
      else if (!isCentesimal(recibida)) falla('cantidad_recibida', RECIBIDA_DECIMALES);
      else if (centesimas(recibida) > centesimas(cantidadConfirmada(l))) falla('cantidad_recibida', recibidaExcesiva(cantidadConfirmada(l), l.unidad));
      else if (centesimas(recibida) < centesimas(cantidadConfirmada(l)) && v.problema === '') falla('problema', PROBLEMA_OBLIGATORIO);
      return { id: l.id, cantidad_recibida: recibida, problema: v.problema === '' ? null : v.problema, comentario: v.comentario.trim() || null };
    });
    if (!valido) return;
    // Every line in the form's order: a server error under `lineas.{i}.…` lands on that line's field.
    enfocarRecepcionAlGuardar(pedido.id);
    save.mutateAsync({ id: pedido.id, body: { lineas } }).then(
      (p) => {
        toast.success(p.reclamo ? `Recepción registrada. Abrimos un reclamo por ${formatClp(p.reclamo.monto)}.` : 'Recepción registrada.');
        onClose();
      },
      (e) => {
        enfocarRecepcionAlGuardar(null);
        return onExpired(e) || showFormErrors(e, setError, { fields: campos, fallback: NO_SE_PUDO });
      },
    );
  }

  const { errors } = formState;
  return (
    <form className="form registrar-recepcion__form" onSubmit={handleSubmit(enviar)} noValidate>
      {pedido.lineas.map((l, i) => {
        const error = errors.lineas?.[i];
        const nombre = nombreProducto(l);
        return (
          <fieldset key={l.id} className="registrar-recepcion__linea">
            <legend>{nombre}</legend>
            <p className="muted">Confirmado: {formatCantidad(cantidadConfirmada(l), l.unidad)}</p>
            <div className="registrar-recepcion__campos">
              <TextField
                label={`Recibido (${unidadCorta(l.unidad, 2)})`}
                inputMode="decimal"
                autoComplete="off"
                data-autofocus={i === 0 ? true : undefined}
                error={error?.cantidad_recibida?.message}
                {...register(`lineas.${i}.cantidad_recibida`)}
              />
              <SelectField label="Problema" error={error?.problema?.message} {...register(`lineas.${i}.problema`)}>
                <option value="">Sin problema</option>
                {PROBLEMAS_RECEPCION.map((p) => (
                  <option key={p} value={p}>
                    {PROBLEMA_TEXTO[p]}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextField label="Comentario (opcional)" maxLength={COMENTARIO_MAX} error={error?.comentario?.message} {...register(`lineas.${i}.comentario`)} />
          </fieldset>
        );
      })}
      <p className="registrar-recepcion__monto" aria-live="polite">
        {monto > 0 ? (
          <>
            Reclamo al proveedor: <strong>{formatClp(monto)}</strong> (neto)
          </>
        ) : (
          'Todo llegó completo: no se abre un reclamo.'
        )}
      </p>
      <FormError message={errors.root?.server?.message} />
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancelar
        </button>
        <SubmitButton busy={save.isPending} busyLabel="Registrando...">
          Registrar recepción
        </SubmitButton>
      </div>
    </form>
  );
}
