import { useEffect, useRef } from 'react';
import { type Control, type UseFormSetValue, useController } from 'react-hook-form';
import { formatDiaLargo, formatDiaSemana } from '#common/format';
import { hoyEnChile } from '#common/fecha';
import type { CotizanteData, CotizanteInput } from '#common/schemas/cotizaciones';
import type { DiasEntrega } from '#common/schemas/dias-entrega';
import type { SolicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { FechaField } from '../../../ui/fecha-input';
import { SelectField } from '../../../ui/fields';
import { useDiasEntrega } from '../api/use-dias-entrega';

export const FECHA_ENTREGA_LABEL = 'Fecha de entrega (opcional)';
export const SIN_FECHA = 'Sin fecha';
/** Said under the list while 'Sin fecha' is chosen: what no date means (the comparison's rule, motor/elegibles.ts). */
export const SIN_FECHA_PISTA = 'Sin fecha: cada proveedor despacha el primer día que pueda.';

/** 'martes 2: 4 de 5 proveedores'. */
export const etiquetaDia = (fecha: string, proveedores: number, total: number) =>
  `${formatDiaSemana(fecha)}: ${proveedores} de ${total} ${total === 1 ? 'proveedor' : 'proveedores'}`;

/** What the hint under the list says of the day proposed: all of them, or the most. */
const pistaPropuesta = (d: DiasEntrega) => {
  const dia = d.dias.find((x) => x.fecha === d.propuesta);
  if (!dia) return 'Ningún proveedor de estos productos despacha a tu comuna en los próximos 14 días.';
  return dia.proveedores >= d.total_proveedores
    ? `Propuesto: el ${formatDiaSemana(dia.fecha)}, el primer día en que todos pueden despachar.`
    : `Propuesto: el ${formatDiaSemana(dia.fecha)}, el primer día en que más proveedores pueden despachar.`;
};

type Props = {
  control: Control<CotizanteInput, unknown, CotizanteData>;
  setValue: UseFormSetValue<CotizanteInput>;
  solicitud: SolicitudGuardada;
  comuna: number | undefined;
  /** The buyer already confirmed these delivery data once (came back to change them): their date, 'Sin fecha' too, is theirs. */
  confirmada: boolean;
};

/**
 * The delivery date of /datos-cotizacion (docs/decisions/027-dias-de-entrega.md). Once a comuna is
 * chosen: the next 14 days on which one of the request's suppliers delivers there, each with how
 * many do, the day proposed chosen for a buyer who has not chosen one, and 'Sin fecha' (the field
 * stays optional). Before a comuna, while asking, or when the call fails: the plain date field.
 */
export function FechaEntregaField({ control, setValue, solicitud, comuna, confirmada }: Props) {
  // The last answer stays on screen while another comuna's is asked: the list does not blink back to a plain date.
  const dias = useDiasEntrega(solicitud, comuna);
  // Kept here, across comunas: whether the buyer chose in the list, and the day this field proposed itself.
  const eleccion = useRef<Eleccion>({ elegida: confirmada, puesta: undefined });
  if (comuna === undefined || !dias.data || dias.isError)
    return <FechaField control={control} name="fecha_entrega" label={FECHA_ENTREGA_LABEL} min={hoyEnChile()} />;
  return <DiasEntregaSelect control={control} setValue={setValue} dias={dias.data} cambiando={dias.isPlaceholderData} eleccion={eleccion.current} />;
}

interface Eleccion {
  /** The buyer chose in the list (a day, or 'Sin fecha'): no proposal replaces it. */
  elegida: boolean;
  /** The day the field set itself: a new comuna's proposal replaces it. */
  puesta: string | undefined;
}

/** `cambiando`: the list on screen is the previous comuna's while the new one's is asked: nothing to pick from it yet. */
function DiasEntregaSelect({
  control,
  setValue,
  dias,
  cambiando,
  eleccion,
}: Pick<Props, 'control' | 'setValue'> & { dias: DiasEntrega; cambiando: boolean; eleccion: Eleccion }) {
  const { field, fieldState } = useController({ control, name: 'fecha_entrega' });
  const valor = typeof field.value === 'string' ? field.value : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: proposes once per answer, not on each change of the field
  useEffect(() => {
    // A date the form held before the list (typed, or saved) is the buyer's too.
    if (eleccion.elegida || (valor !== '' && valor !== eleccion.puesta)) return;
    const propuesta = dias.propuesta ?? '';
    eleccion.puesta = propuesta;
    if (propuesta !== valor) setValue('fecha_entrega', propuesta);
  }, [dias]);

  const ofrecidos = dias.dias.filter((d) => d.proveedores > 0);
  // A date the form holds that the list does not offer stays, said as it is: nothing the buyer chose changes unseen.
  const fuera = valor !== '' && !ofrecidos.some((d) => d.fecha === valor) ? valor : undefined;
  const enVentana = fuera !== undefined && dias.dias.some((d) => d.fecha === fuera);
  return (
    <SelectField
      label={FECHA_ENTREGA_LABEL}
      // At 375 px a chosen day's label may not fit the closed select (it ends in '…'): the line under it says the proposal whole.
      hint={valor === '' ? SIN_FECHA_PISTA : pistaPropuesta(dias)}
      error={fieldState.error?.message}
      ref={field.ref}
      name={field.name}
      value={valor}
      disabled={cambiando}
      aria-busy={cambiando}
      onBlur={field.onBlur}
      onChange={(e) => {
        eleccion.elegida = true;
        field.onChange(e.target.value);
      }}
    >
      <option value="">{SIN_FECHA}</option>
      {ofrecidos.map((d) => (
        <option key={d.fecha} value={d.fecha}>
          {etiquetaDia(d.fecha, d.proveedores, dias.total_proveedores)}
          {d.fecha === dias.propuesta ? ' (propuesto)' : ''}
        </option>
      ))}
      {fuera && <option value={fuera}>{enVentana ? etiquetaDia(fuera, 0, dias.total_proveedores) : formatDiaLargo(fuera)}</option>}
    </SelectField>
  );
}
