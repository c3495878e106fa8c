import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { EJEMPLO_RUT } from '../../../../../common/chile/rut';
import type { IdNombre } from '../../../../../common/schemas/catalogo';
import { type OrdenData, type OrdenInput, ordenSchema } from '../../../../../common/schemas/ordenes';
import { apiErrorMessage, parseApiError } from '../../../lib/api-errors';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { useComunas, useRegiones } from '../../../lib/ubicacion';
import { SelectField, TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { Modal } from '../../../ui/modal';
import { RegionComunaFields } from '../../../ui/region-comuna-fields';
// The quotation flow's session storage belongs to the screens that write it.
import { eleccionGuardada } from '../../comparacion/api/eleccion-storage';
import { claveHeaders } from '../../cotizaciones/api/clave';
import { cotizacionGuardada, cotizanteGuardado, solicitudGuardada } from '../../cotizaciones/api/cotizacion-storage';
import { useCreateOrden } from '../api/create-orden';
import type { DatosFacturacion } from '../api/historial-ordenes';
import { useMetodosPago } from '../api/use-metodos-pago';
import { useRubros } from '../api/use-rubros';
import './ordenes.css';

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
/** SPEC §8: a failed order is silent; this is only what a refusal with no readable reason reads. */
const NO_SE_PUDO = 'No pudimos crear la orden de compra.';

const nombreDe = (lista: IdNombre[] | undefined, id: number | undefined) => (id === undefined ? '' : (lista?.find((x) => x.id === id)?.nombre ?? ''));

/** SPEC §2 Billing. Without a comparison in session storage there is nothing to buy: the flow starts over. */
export default function FacturacionPage() {
  const cotizacion = cotizacionGuardada.get();
  if (!cotizacion) return <Navigate to="/cotizar" replace />;
  return <Facturacion cotizacionId={cotizacion.cotizacion_id} />;
}

function Facturacion({ cotizacionId }: { cotizacionId: number }) {
  const navigate = useNavigate();
  const onExpired = useSessionExpiredHandler();
  const create = useCreateOrden();
  const [paso, setPaso] = useState<'pregunta' | 'formulario'>('pregunta');
  const [preguntaAbierta, setPreguntaAbierta] = useState(true);
  const [rechazo, setRechazo] = useState<string | null>(null);
  // Comprar sits at the bottom of the long results page: the billing question starts at the top.
  // (A block body: Chromium's scrollTo returns a promise, which React would take for a cleanup.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  const cotizante = cotizanteGuardado.get();
  const solicitud = solicitudGuardada.get();
  // The quotation's own delivery record; absent, the server uses the one it was compared with.
  const cotizanteId = cotizante && solicitud && cotizante.solicitud_id === solicitud.id ? cotizante.cotizante_id : undefined;

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

  function colocarOrden(body: OrdenData) {
    setRechazo(null);
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
    create.mutate(
      { body, eleccion: eleccionGuardada.get(), headers: claveHeaders(solicitud?.clave), facturacion },
      {
        onSuccess: ({ orden_id }) => navigate('/confirmacion', { state: { orden_id } }),
        onError: (error) => {
          if (onExpired(error)) return;
          const { status, fields } = parseApiError(error);
          // SPEC §8: order creation failures are silent; a refusal (stock gone, a billing rule) says why.
          if (status === undefined || status >= 500) return;
          if (paso === 'formulario' && FIELDS.some((f) => fields[f])) showFormErrors(error, setError, { fields: FIELDS, fallback: NO_SE_PUDO, toast: null });
          else setRechazo(apiErrorMessage(error, NO_SE_PUDO));
        },
      },
    );
  }

  /** SPEC §2: 'No' sends the order directly, with no billing data. */
  function sinFacturacion() {
    setPreguntaAbierta(false);
    colocarOrden({ cotizacion_id: cotizacionId, cotizante_id: cotizanteId });
  }

  function conFacturacion() {
    setPreguntaAbierta(false);
    setPaso('formulario');
  }

  return (
    <section className="page facturacion">
      <h1>Datos de facturación</h1>
      <p className="muted">Cotización N° {cotizacionId}. Todos los datos de facturación son opcionales.</p>

      {rechazo && (
        <div className="form-error facturacion__rechazo" role="alert">
          <p>{rechazo}</p>
          <button type="button" className="btn btn--secondary" onClick={() => navigate('/cotizar-resultado')}>
            Volver a los resultados
          </button>
        </div>
      )}

      {paso === 'pregunta' ? (
        <div className="panel facturacion__pregunta">
          <p>¿Deseas ingresar datos de facturación para esta compra?</p>
          <div className="form__actions">
            <button type="button" className="btn btn--ghost" onClick={() => navigate('/cotizar-resultado')}>
              Volver
            </button>
            <SubmitButton type="button" className="btn btn--ghost" busy={create.isPending} busyLabel="Creando orden..." onClick={sinFacturacion}>
              Comprar sin datos de facturación
            </SubmitButton>
            <button type="button" className="btn btn--primary" disabled={create.isPending} onClick={conFacturacion}>
              Ingresar datos de facturación
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={handleSubmit(colocarOrden)} noValidate className="form panel">
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
              placeholder="+56912345678"
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
          <div className="form__actions">
            <button type="button" className="btn btn--ghost" onClick={() => navigate('/cotizar-resultado')}>
              Volver
            </button>
            <SubmitButton busy={create.isPending} busyLabel="Creando orden...">
              Confirmar compra
            </SubmitButton>
          </div>
        </form>
      )}

      <Modal
        open={preguntaAbierta && paso === 'pregunta'}
        title="Datos de facturación"
        description="¿Deseas ingresar datos de facturación para esta compra?"
        onClose={() => setPreguntaAbierta(false)}
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
