import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { EJEMPLO_RUT } from '#common/chile/rut';
import { formatClp, formatDespacho, formatDiaLargo } from '#common/format';
import { conIva } from '#common/iva';
import type { IdNombre } from '#common/schemas/catalogo';
import { type OrdenData, type OrdenInput, RESUMEN_CAMBIADO, type ResumenCompra, ordenSchema } from '#common/schemas/ordenes';
import { apiErrorMessage, parseApiError } from '../../../lib/api-errors';
import { showFormErrors } from '../../../lib/form-errors';
import type { DatosFacturacion } from '../../../lib/historial-ordenes';
import { useSession, useSessionExpiredHandler } from '../../../lib/session';
import { useComunas, useRegiones } from '../../../lib/ubicacion';
import { useRunOnce } from '../../../lib/use-run-once';
import { DatosEntrega } from '../../../ui/datos-entrega';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { SelectField, TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { LoadError } from '../../../ui/load-error';
import { LineasTable } from '../../../ui/lineas-table';
import { MontosIva } from '../../../ui/montos-iva';
import { Modal } from '../../../ui/modal';
import { Redirigir } from '../../../ui/redirigir';
import { SIN_COTIZACION } from '../../../lib/flujo-cotizacion/paso-faltante';
import { RegionComunaFields } from '../../../ui/region-comuna-fields';
// The quotation flow's session storage belongs to the screens that write it; the choice the
// results screen kept is what the order buys, so an unsaved one is saved here first.
import { seleccionGuardada } from '../../../lib/flujo-cotizacion/seleccion-storage';
import { useSaveSeleccion } from '../../../lib/flujo-cotizacion/update-seleccion';
import { STOCK_ACTUALIZADO } from '../../../lib/flujo-cotizacion/stock-actualizado';
import { claveHeaders } from '../../../lib/flujo-cotizacion/clave';
import { topeGuardado, useComparePrecios } from '../../../lib/flujo-cotizacion/compare-precios';
import { cotizacionGuardada, cotizanteGuardado, solicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { useCreateOrden } from '../api/create-orden';
import { useResumenCompra } from '../api/get-resumen-compra';
import { useMetodosPago } from '../api/use-metodos-pago';
import { useRubros } from '../api/use-rubros';
import type { OrdenCreadaState, PorConfirmarState } from './confirmacion-page';
import { guardarRespuestaFacturacion, olvidarRespuestaFacturacion, respuestaFacturacion } from './facturacion-respuesta';
import './compra.css';

const FIELDS = [
  'rut_facturacion',
  'razon_social',
  'giro_comercial',
  'direccion_facturacion',
  'telefono_facturacion',
  'email_facturacion',
  'region',
  'comuna',
  'rubro',
  'metodo_pago',
] as const;
const VACIO = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<(typeof FIELDS)[number], string>;
/** docs/producto.md §8: a failed order is silent; this is only what a refusal with no readable reason reads. */
const NO_SE_PUDO = 'No pudimos crear la orden de compra.';
const SIN_RESUMEN = 'No pudimos cargar el resumen de tu compra.';
const SIN_RESULTADOS_NUEVOS = 'No pudimos actualizar los resultados con el stock de ahora. Inténtalo de nuevo.';

const nombreDe = (lista: IdNombre[] | undefined, id: number | undefined) => (id === undefined ? '' : (lista?.find((x) => x.id === id)?.nombre ?? ''));

/** docs/producto.md §2 Billing. Without a comparison in session storage there is nothing to buy: the flow starts over. */
export default function FacturacionPage() {
  const cotizacion = cotizacionGuardada.get();
  if (!cotizacion) return <Redirigir to="/cotizar" mensaje={SIN_COTIZACION} />;
  return <Facturacion cotizacionId={cotizacion.cotizacion_id} />;
}

/**
 * Nothing is bought that the buyer has not seen. The page shows what the order will
 * buy (lines per supplier, prices, total, delivery) and only a button that names the total, or
 * the billing form's submit beside it, places the order. the product's billing question stays: 'No'
 * leaves the buyer on the summary.
 */
function Facturacion({ cotizacionId }: { cotizacionId: number }) {
  const navigate = useNavigate();
  const session = useSession();
  const onExpired = useSessionExpiredHandler();
  const create = useCreateOrden();
  const guardar = useSaveSeleccion();
  const recomparar = useComparePrecios();
  // The answer already given for this quotation stands after a reload (docs/decisions/018-flujos-y-avisos.md).
  const [respuesta] = useState(() => respuestaFacturacion(cotizacionId));
  const [paso, setPaso] = useState<'resumen' | 'formulario'>(respuesta ? 'formulario' : 'resumen');
  const [preguntaAbierta, setPreguntaAbierta] = useState(respuesta === undefined);
  const [rechazo, setRechazo] = useState<string | null>(null);
  // A refusal because the summary changed (a day, a fee) is answered here, with the summary read
  // again: going back to the results would compare again and drop the buyer's choice.
  const [resumenCambiado, setResumenCambiado] = useState(false);
  const rechazoRef = useRef<HTMLDivElement>(null);
  // The refusal shows above the summary, while the buyer is at the buttons below it (a phone's
  // screen shows neither the message nor its way back): it comes into view and takes the focus.
  useEffect(() => {
    if (!rechazo) return;
    rechazoRef.current?.scrollIntoView?.({ block: 'center' });
    rechazoRef.current?.focus();
  }, [rechazo]);
  // Comprar sits at the bottom of the long results page: the summary starts at the top.
  // (A block body: Chromium's scrollTo returns a promise, which React would take for a cleanup.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  const cotizante = cotizanteGuardado.get();
  const solicitud = solicitudGuardada.get();
  const headers = claveHeaders(solicitud?.clave);
  // The quotation's own delivery record; absent, the server uses the one it was compared with.
  const cotizanteId = cotizante && solicitud && cotizante.solicitud_id === solicitud.id ? cotizante.cotizante_id : undefined;

  // A choice whose save failed on Comprar (silently, docs/producto.md §8) is saved before the summary is read,
  // so the summary is what crear-orden buys; if the server refuses it, nothing is shown to buy.
  const seleccion = seleccionGuardada.get();
  const porGuardar = seleccion !== null && seleccion.cotizacion_id === cotizacionId && !seleccion.guardada;
  function guardarSeleccion() {
    if (!seleccion) return;
    guardar.mutate(
      { seleccion, headers },
      {
        onError: (error) => {
          if (onExpired(error)) return;
          const { status } = parseApiError(error);
          if (status !== undefined && status < 500) setRechazo(apiErrorMessage(error, NO_SE_PUDO));
        },
      },
    );
  }
  useRunOnce(() => {
    if (porGuardar) guardarSeleccion();
  });
  const resumen = useResumenCompra({ cotizacionId, cotizanteId, headers }, !porGuardar);
  useEffect(() => {
    if (resumen.error) onExpired(resumen.error);
  }, [resumen.error, onExpired]);

  const [schema] = useState(() => ordenSchema);
  const { register, handleSubmit, formState, watch, setValue, setError } = useForm<OrdenInput, unknown, OrdenData>({
    resolver: zodResolver(schema),
    defaultValues: { ...VACIO, cotizacion_id: cotizacionId, cotizante_id: cotizanteId },
  });
  const { errors } = formState;
  const regionId = Number(watch('region')) || undefined;
  const regiones = useRegiones();
  const comunas = useComunas(regionId);
  const rubros = useRubros();
  const metodos = useMetodosPago();

  /** What can be bought: the summary, once it is read and has something in it. */
  const compra = resumen.data && resumen.data.proveedores.length > 0 ? resumen.data : undefined;

  function colocarOrden(body: OrdenData) {
    if (!compra) return;
    setRechazo(null);
    setResumenCambiado(false);
    const facturacion: DatosFacturacion = {
      rut: body.rut_facturacion ?? '',
      razon_social: body.razon_social ?? '',
      giro_comercial: body.giro_comercial ?? '',
      direccion_facturacion: body.direccion_facturacion ?? '',
      telefono: body.telefono_facturacion ?? '',
      region: nombreDe(regiones.data, body.region),
      comuna: nombreDe(comunas.data, body.comuna),
      rubro: nombreDe(rubros.data, body.rubro),
      metodo_pago_nombre: nombreDe(metodos.data, body.metodo_pago),
    };
    // The server refuses (409) an order that is no longer what this summary shows (a cut-off passed, a fee changed).
    const confirmado = {
      total: compra.total,
      proveedores: compra.proveedores.map(({ proveedor_id, fecha_entrega }) => ({ proveedor_id, fecha_entrega })),
    };
    create.mutate(
      { body: { ...body, resumen_confirmado: confirmado }, headers, facturacion, usuarioId: session.user?.id },
      {
        onSuccess: (orden) => {
          // Without an account the order waits for its contact's confirmation (docs/decisions/007): the page says what to do.
          if ('por_confirmar' in orden) return navigate('/confirmacion', { state: orden satisfies PorConfirmarState });
          // The server writes to the account's address when logged in, else to the delivery contact's.
          const correo = session.user?.email || compra.entrega?.correo_contacto || undefined;
          navigate('/confirmacion', { state: { ...orden, correo } satisfies OrdenCreadaState });
        },
        onError: (error) => {
          if (onExpired(error)) return;
          const { status, fields, code } = parseApiError(error);
          // docs/producto.md §8: order creation failures are silent; a refusal (stock gone, a billing rule) says why.
          if (status === undefined || status >= 500) return;
          if (code === RESUMEN_CAMBIADO) {
            setResumenCambiado(true);
            void resumen.refetch();
          }
          if (paso === 'formulario' && FIELDS.some((f) => fields[f])) showFormErrors(error, setError, { fields: FIELDS, fallback: NO_SE_PUDO, toast: null });
          else setRechazo(apiErrorMessage(error, NO_SE_PUDO));
        },
      },
    );
  }

  /**
   * After a refusal (stock an order took meanwhile, a choice the server no longer accepts) the
   * stored results are stale (they showed the same selection again). The request is
   * compared again with the stock of now: a new quotation replaces the old one, the old choice goes.
   */
  function volverAResultadosNuevos() {
    if (!solicitud) return navigate('/cotizar');
    // The buyer's cap on suppliers holds for the new comparison too (docs/decisions/014, 'Menos proveedores').
    recomparar.mutate(
      { solicitud, maxProveedores: topeGuardado() },
      {
        onSuccess: () => {
          seleccionGuardada.remove();
          navigate('/cotizar-resultado', { state: STOCK_ACTUALIZADO });
        },
        onError: (error) => {
          if (!onExpired(error)) setRechazo(apiErrorMessage(error, SIN_RESULTADOS_NUEVOS));
        },
      },
    );
  }

  /** docs/producto.md §2's 'No', with pedidos (docs/decisions/011): no billing data, and nothing bought until the buyer confirms the total. */
  function sinFacturacion() {
    setPreguntaAbierta(false);
    guardarRespuestaFacturacion(cotizacionId, false);
  }

  function conFacturacion() {
    setPreguntaAbierta(false);
    setPaso('formulario');
    guardarRespuestaFacturacion(cotizacionId, true);
  }

  const volver = (
    <button
      type="button"
      className="btn btn--ghost"
      onClick={() => {
        olvidarRespuestaFacturacion();
        navigate('/cotizar-resultado');
      }}
    >
      Volver
    </button>
  );

  return (
    <section className="page facturacion">
      <div>
        <h1>Revisa y confirma tu compra</h1>
        <p className="muted">Cotización N° {cotizacionId}. Nada se compra hasta que confirmes. Los datos de facturación son opcionales.</p>
      </div>

      {rechazo && (
        <div ref={rechazoRef} tabIndex={-1} className="form-error facturacion__rechazo" role="alert">
          <p>{rechazo}</p>
          {!resumenCambiado && (
            <SubmitButton
              type="button"
              className="btn btn--secondary"
              busy={recomparar.isPending}
              busyLabel="Actualizando resultados..."
              onClick={volverAResultadosNuevos}
            >
              Volver a los resultados
            </SubmitButton>
          )}
        </div>
      )}

      {resumen.data ? (
        <Resumen resumen={resumen.data} />
      ) : resumen.isError || (guardar.isError && !rechazo) ? (
        // The summary's read failed, or the choice's save before it (no read error then: SIN_RESUMEN shows); the retry repeats whichever failed.
        <LoadError error={resumen.error} fallback={SIN_RESUMEN} onRetry={() => (resumen.isError ? resumen.refetch() : guardarSeleccion())} />
      ) : (
        !rechazo && <DelayedSpinner label="Cargando el resumen de tu compra..." />
      )}

      {paso === 'resumen' ? (
        compra && (
          <div className="panel facturacion__confirmar">
            <p>
              ¿Necesitas factura?{' '}
              <button type="button" className="btn btn--secondary" disabled={create.isPending} onClick={conFacturacion}>
                Ingresar datos de facturación
              </button>
            </p>
            <div className="form__actions">
              {volver}
              <SubmitButton
                type="button"
                className="btn btn--primary btn--lg"
                busy={create.isPending}
                busyLabel="Creando orden..."
                // Not while the summary is read again: it would confirm what was just refused.
                disabled={resumen.isFetching}
                onClick={() => colocarOrden({ cotizacion_id: cotizacionId, cotizante_id: cotizanteId })}
              >
                Confirmar compra por {formatClp(compra.total_con_iva)}
              </SubmitButton>
            </div>
          </div>
        )
      ) : (
        <form onSubmit={handleSubmit(colocarOrden)} noValidate className="form panel" aria-label="Datos de facturación">
          <h2>Datos de facturación</h2>
          <div className="form__row">
            <TextField label="RUT" placeholder={EJEMPLO_RUT} {...register('rut_facturacion')} error={errors.rut_facturacion?.message} />
            <TextField label="Razón social" autoComplete="organization" {...register('razon_social')} error={errors.razon_social?.message} />
          </div>
          <div className="form__row">
            <TextField label="Giro comercial" {...register('giro_comercial')} error={errors.giro_comercial?.message} />
            <TextField
              label="Dirección de facturación"
              autoComplete="street-address"
              placeholder="Av. Providencia 1234"
              {...register('direccion_facturacion')}
              error={errors.direccion_facturacion?.message}
            />
          </div>
          <div className="form__row">
            <TextField
              label="Teléfono"
              type="tel"
              autoComplete="tel"
              placeholder="+56 9 1234 5678"
              {...register('telefono_facturacion')}
              error={errors.telefono_facturacion?.message}
            />
            <TextField
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              {...register('email_facturacion')}
              error={errors.email_facturacion?.message}
            />
          </div>
          <RegionComunaFields form={{ register, watch, setValue, formState }} />
          <div className="form__row">
            <SelectField label="Rubro" {...register('rubro')} error={errors.rubro?.message}>
              <option value="">Selecciona un rubro</option>
              {rubros.data?.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.nombre}
                </option>
              ))}
            </SelectField>
            <SelectField label="Método de pago" {...register('metodo_pago')} error={errors.metodo_pago?.message}>
              <option value="">Selecciona un método de pago</option>
              {metodos.data?.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.nombre}
                </option>
              ))}
            </SelectField>
          </div>
          <FormError message={errors.root?.server?.message} />
          <div className="form__actions facturacion__acciones">
            {volver}
            {compra && (
              <p className="facturacion__total-boton">
                Total: <strong>{formatClp(compra.total_con_iva)}</strong> <span className="montos-iva__nota">IVA incl.</span>
              </p>
            )}
            <SubmitButton busy={create.isPending} busyLabel="Creando orden..." disabled={!compra || resumen.isFetching}>
              Confirmar compra
            </SubmitButton>
          </div>
        </form>
      )}

      <Modal
        open={preguntaAbierta && paso === 'resumen'}
        title="Datos de facturación"
        description="¿Deseas ingresar datos de facturación para esta compra?"
        onClose={sinFacturacion}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={sinFacturacion}>
              No
            </button>
            <button type="button" className="btn btn--primary" onClick={conFacturacion} data-autofocus>
              Sí
            </button>
          </>
        }
      />
    </section>
  );
}

/**
 * What the order will buy, supplier by supplier (one pedido each) with each one's delivery fee,
 * the delivery, and the totals: products, fees and what the order will charge.
 */
function Resumen({ resumen }: { resumen: ResumenCompra }) {
  if (resumen.proveedores.length === 0) {
    return (
      <div className="panel empty" role="alert">
        <p>Esta cotización no tiene productos seleccionados para comprar.</p>
        <Link to="/cotizar-resultado" className="btn btn--secondary">
          Volver a los resultados
        </Link>
      </div>
    );
  }
  const varios = resumen.proveedores.length > 1;
  return (
    <section className="facturacion__resumen" aria-labelledby="resumen-compra">
      <h2 id="resumen-compra">Lo que vas a comprar</h2>
      {varios && <p className="muted">Tu compra se enviará como {resumen.proveedores.length} pedidos, uno por proveedor; cada proveedor confirma el suyo.</p>}
      {resumen.proveedores.map((p) => (
        <div key={p.proveedor} className="panel facturacion__proveedor">
          <h3>{p.proveedor}</h3>
          {p.fecha_entrega && <p className="muted">Entrega el {formatDiaLargo(p.fecha_entrega)}</p>}
          <LineasTable caption={`Productos de ${p.proveedor}`} lineas={p.lineas} total={p.subtotal} totalLabel="Productos" />
          <p className="facturacion__despacho">Despacho: {formatDespacho(p.costo_despacho)}</p>
          {/* With several suppliers each one's part is a pedido of its own, with its own IVA and total (as the e-mail says it). */}
          {varios && (
            <div className="facturacion__subtotal">
              <MontosIva montos={conIva(p.subtotal + p.costo_despacho)} label={`Total del pedido de ${p.proveedor}`} totalLabel="Total del pedido" compacta />
            </div>
          )}
        </div>
      ))}
      <div className="panel facturacion__entrega">
        <h3>Entrega</h3>
        {resumen.entrega ? (
          <DatosEntrega
            entrega={resumen.entrega}
            textoSinFecha={resumen.proveedores.some((p) => p.fecha_entrega) ? 'La de cada proveedor, arriba' : undefined}
          />
        ) : (
          <p className="muted">Sin datos de entrega.</p>
        )}
      </div>
      {/* The purchase's net parts, then its Neto / IVA / Total: prices and fees are net, IVA once on the whole (docs/decisions/026). */}
      <div className="facturacion__totales">
        <p>
          Total productos: <span>{formatClp(resumen.total - resumen.total_despacho)}</span>
        </p>
        <p>
          Despacho: <span>{formatDespacho(resumen.total_despacho)}</span>
        </p>
        <MontosIva montos={resumen} label="Total de la compra" totalLabel="Total de la compra" />
      </div>
    </section>
  );
}
