import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { hoyEnChile } from '#common/fecha';
import { type FacturaPedidoData, FACTURA_NUMERO_MAX, facturaPedidoSchema, facturaTexto, type PedidoDetalle, pagoTexto } from '#common/schemas/pedidos';
import { z } from '#common/zod-es';
import { useSaveFactura } from '../../../lib/cambio-estado';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { FechaField } from '../../../ui/fecha-input';
import { TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import './pedidos.css';

interface Valores {
  factura_numero: string;
  factura_fecha: string;
  pagado_el: string;
}

const CAMPOS = ['factura_numero', 'factura_fecha', 'pagado_el'] as const;
const NO_SE_PUDO = 'No se pudo guardar la factura. Inténtalo de nuevo.';
// The form keeps '' for an empty date; the contract reads null as 'none' (and '' as a number's none already).
const vacioANull = (v: unknown) => (v === '' ? null : v);
const formSchema = facturaPedidoSchema.extend({
  factura_fecha: z.preprocess(vacioANull, facturaPedidoSchema.shape.factura_fecha),
  pagado_el: z.preprocess(vacioANull, facturaPedidoSchema.shape.pagado_el),
});
const resolver = zodResolver(formSchema) as unknown as Resolver<Valores, unknown, FacturaPedidoData>;

const valores = (p: PedidoDetalle): Valores => ({ factura_numero: p.factura_numero ?? '', factura_fecha: p.factura_fecha ?? '', pagado_el: p.pagado_el ?? '' });

/** Where the pedido's bookkeeping stands, as a line: its invoice and payment, or what is missing. */
export function estadoCobro(p: Pick<PedidoDetalle, 'factura_numero' | 'factura_fecha' | 'pagado_el'>): string {
  if (p.factura_numero === null) return 'Por facturar.';
  return `${facturaTexto(p.factura_numero, p.factura_fecha)} · ${p.pagado_el ? pagoTexto(p.pagado_el) : 'Por cobrar'}`;
}

/** A pedido is invoiced once its supplier confirmed it (docs/decisions/026); one rejected or annulled keeps what it had, read-only. */
const FACTURABLE: ReadonlyArray<PedidoDetalle['estado']> = ['confirmado', 'despachado', 'entregado'];

/**
 * 'Factura y pago' on the supplier's pedido (docs/producto.md §18): its invoice's number and date
 * and the day it was paid. The server checks the dates (from the day the pedido was placed to
 * today) and its messages land under each field; its buyer reads them on its order.
 */
export function FacturaPago({ pedido }: { pedido: PedidoDetalle }) {
  const titulo = useId();
  if (!FACTURABLE.includes(pedido.estado)) {
    if (pedido.factura_numero === null) return null;
    return (
      <section className="panel factura-pago" aria-labelledby={titulo}>
        <h2 id={titulo}>Factura y pago</h2>
        <p>{estadoCobro(pedido)}</p>
      </section>
    );
  }
  return (
    <section className="panel factura-pago" aria-labelledby={titulo}>
      <h2 id={titulo}>Factura y pago</h2>
      <p className="factura-pago__estado">{estadoCobro(pedido)}</p>
      <FacturaForm pedido={pedido} />
    </section>
  );
}

function FacturaForm({ pedido }: { pedido: PedidoDetalle }) {
  const guardar = useSaveFactura();
  const onExpired = useSessionExpiredHandler();
  const form = useForm<Valores, unknown, FacturaPedidoData>({ resolver, defaultValues: valores(pedido) });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const { errors } = formState;
  // What the server answered is what the form shows next (a number trimmed, a date cleared with its invoice).
  useEffect(() => reset(valores(pedido)), [pedido, reset]);
  const diaPedido = hoyEnChile(new Date(pedido.creado_en));
  const hoy = hoyEnChile();

  function enviar(body: FacturaPedidoData) {
    guardar.mutate(
      { id: pedido.id, body },
      {
        onSuccess: () => toast.success('Factura y pago guardados.'),
        onError: (error) => onExpired(error) || showFormErrors(error, setError, { fields: CAMPOS, fallback: NO_SE_PUDO }),
      },
    );
  }

  return (
    <form className="factura-pago__form" onSubmit={handleSubmit(enviar)} noValidate aria-label={`Factura y pago del pedido N° ${pedido.id}`}>
      <TextField
        label="N° de factura"
        maxLength={FACTURA_NUMERO_MAX}
        autoComplete="off"
        error={errors.factura_numero?.message}
        {...register('factura_numero')}
      />
      <FechaField control={control} name="factura_fecha" label="Fecha de factura" min={diaPedido} max={hoy} />
      <FechaField control={control} name="pagado_el" label="Pagado el" hint="Déjalo vacío hasta que te paguen." min={diaPedido} max={hoy} />
      <FormError message={errors.root?.server?.message} />
      <SubmitButton busy={guardar.isPending} busyLabel="Guardando...">
        Guardar factura y pago
      </SubmitButton>
    </form>
  );
}
