import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Redirigir } from '../../../ui/redirigir';
import { SIN_SOLICITUD } from '../../../lib/flujo-cotizacion/paso-faltante';
import { type CotizanteData, type CotizanteInput, cotizanteFormSchema } from '#common/schemas/cotizaciones';
import type { Direccion } from '#common/schemas/direcciones';
import { isMismaDireccion } from '../../../lib/direcciones-guardadas';
import { showFormErrors } from '../../../lib/form-errors';
import { useSession, useSessionExpiredHandler } from '../../../lib/session';
import { useComunas, useRegiones } from '../../../lib/ubicacion';
import { SelectField, TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { ContactoFields } from '../../../ui/contacto-fields';
import { type CotizanteGuardado, cotizanteGuardado, type SolicitudGuardada, solicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { useSaveCotizante } from '../api/save-cotizante';
import { useDireccionesGuardadas } from '../api/use-direcciones-guardadas';
import { FechaEntregaField } from '../components/dias-entrega';
import './cotizaciones.css';
import { EN_CURSO } from '../../../lib/flujo-cotizacion/en-curso';

const FIELDS = ['fecha_entrega', 'nombre_contacto', 'correo_contacto', 'telefono_contacto', 'direccion_envio', 'region', 'comuna'] as const;

/** The form's values: the delivery fields of the request whose id they carry. */
type Valores = CotizanteInput;
type Campos = Omit<Valores, 'solicitud_id'>;

const VACIO: Campos = { fecha_entrega: '', nombre_contacto: '', correo_contacto: '', telefono_contacto: '', direccion_envio: '', region: '', comuna: '' };

const desdeGuardado = (c: CotizanteGuardado): Campos => ({
  fecha_entrega: c.fecha_entrega ?? '',
  nombre_contacto: c.nombre_contacto,
  correo_contacto: c.correo_contacto,
  telefono_contacto: c.telefono_contacto,
  direccion_envio: c.direccion_envio,
  region: c.region ?? '',
  comuna: c.comuna ?? '',
});

/** A saved address's fields copied into the form (the date is the request's own, so it stays). */
const desdeDireccion = (d: Direccion, fecha_entrega: Valores['fecha_entrega']): Campos => ({
  fecha_entrega,
  nombre_contacto: d.nombre_contacto,
  correo_contacto: d.correo_contacto,
  telefono_contacto: d.telefono_contacto,
  direccion_envio: d.direccion_envio,
  region: d.region ?? '',
  comuna: d.comuna ?? '',
});

const etiquetaDireccion = (d: Direccion) =>
  `${d.nombre_contacto} — ${d.direccion_envio}${d.comuna_nombre ? `, ${d.comuna_nombre}` : ''}${d.activa ? ' (Activa)' : ''}`;

/** docs/producto.md §2 /datos-cotizacion; without a saved request there is nothing to deliver yet. */
export default function DatosCotizacionPage() {
  const solicitud = solicitudGuardada.get();
  if (!solicitud) return <Redirigir to="/cotizar" mensaje={SIN_SOLICITUD} />;
  return <DatosCotizacionForm solicitud={solicitud} />;
}

function DatosCotizacionForm({ solicitud }: { solicitud: SolicitudGuardada }) {
  const navigate = useNavigate();
  const session = useSession();
  const save = useSaveCotizante();
  const onExpired = useSessionExpiredHandler();
  const [guardado] = useState(() => cotizanteGuardado.get());
  // A buyer coming back to this screen finds what they entered; otherwise the active saved address prefills it.
  const prefill = session.is_comprador && guardado === null;
  const direcciones = useDireccionesGuardadas(session.is_comprador);
  const [copiada, setCopiada] = useState('');

  const [schema] = useState(() => cotizanteFormSchema());
  const { register, control, handleSubmit, formState, watch, setValue, setError, reset, getValues } = useForm<Valores, unknown, CotizanteData>({
    resolver: zodResolver(schema),
    defaultValues: { ...(guardado ? desdeGuardado(guardado) : VACIO), solicitud_id: solicitud.id },
  });
  const { errors } = formState;

  function copiar(d: Direccion | undefined) {
    setCopiada(d ? String(d.id) : '');
    if (d) reset({ ...desdeDireccion(d, getValues('fecha_entrega')), solicitud_id: solicitud.id });
  }

  // Once, when the addresses arrive, and only over an untouched form: later edits are the buyer's.
  // Coming back to this screen, the selector names the saved address the form still holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list arrives, not when the form changes
  useEffect(() => {
    if (!direcciones.data || formState.isDirty) return;
    if (prefill) copiar(direcciones.data.find((d) => d.activa));
    else setCopiada(String(direcciones.data.find((d) => isMismaDireccion(d, getValues()))?.id ?? ''));
  }, [direcciones.data]);

  // Once the buyer types over a copied address, the form no longer is that address; a new date (or
  // anything that is not the address's) keeps it (docs/decisions/018-flujos-y-avisos.md).
  useEffect(() => {
    const { unsubscribe } = watch((valores, { type }) => {
      if (type !== 'change') return;
      setCopiada((actual) => {
        const d = actual && direcciones.data?.find((x) => String(x.id) === actual);
        return d && isMismaDireccion(d, valores) ? actual : '';
      });
    });
    return unsubscribe;
  }, [watch, direcciones.data]);

  // The región and comuna selects get their options after the values are set (prefill, a copied
  // address): set again once the options are there, so the select shows what the form holds.
  const regionId = Number(watch('region')) || undefined;
  const comunaId = Number(watch('comuna')) || undefined;
  const regiones = useRegiones();
  const comunas = useComunas(regionId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the options arrive
  useEffect(() => {
    const { region, comuna } = getValues();
    if (region) setValue('region', region);
    if (comuna) setValue('comuna', comuna);
  }, [regiones.data, comunas.data]);

  function onSubmit({ solicitud_id: _, ...body }: CotizanteData) {
    save.mutate(
      { body, solicitud },
      {
        onSuccess: () => navigate('/confirmar-cotizacion'),
        onError: (error) =>
          onExpired(error) ||
          showFormErrors(error, setError, {
            fields: FIELDS,
            fallback: 'Error al registrar los datos de entrega.',
            toast: 'Error al registrar los datos de entrega.',
          }),
      },
    );
  }

  return (
    <section className="page datos-entrega">
      <h1>Datos de entrega</h1>
      <p className="muted">¿Dónde y cuándo recibes tu pedido? Usaremos estos datos para coordinar el despacho de esta cotización.</p>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="form panel">
        {direcciones.data && direcciones.data.length > 0 && (
          <SelectField
            label="Usar una dirección guardada"
            value={copiada}
            onChange={(e) => copiar(direcciones.data.find((d) => String(d.id) === e.target.value))}
          >
            <option value="">Ingresar otros datos</option>
            {direcciones.data.map((d) => (
              <option key={d.id} value={d.id}>
                {etiquetaDireccion(d)}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label="Nombre de contacto" autoComplete="name" {...register('nombre_contacto')} error={errors.nombre_contacto?.message} />
        <ContactoFields form={{ register, watch, setValue, formState }} direccionLabel="Dirección de envío (opcional)" />
        {/* After the comuna: which days someone delivers there depends on it (docs/decisions/027-dias-de-entrega.md). */}
        <FechaEntregaField control={control} setValue={setValue} solicitud={solicitud} comuna={comunaId} confirmada={guardado !== null} />
        <FormError message={errors.root?.server?.message} />
        <div className="form__actions">
          <button type="button" className="btn btn--ghost" onClick={() => navigate('/cotizar', { state: EN_CURSO })}>
            Volver
          </button>
          <SubmitButton busy={save.isPending} busyLabel="Guardando...">
            Continuar
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
