import { useState } from 'react';
import { DIAS_SEMANA, RECORDATORIO_HORA_INVALIDA, type Recordatorio, recordatorioSchema } from '#common/schemas/listas';
import { SelectField, TextField } from '../../../ui/fields';
import { SubmitButton } from '../../../ui/form-controls';

/** docs/producto.md §16: what the buyer is promised, in one sentence. */
export const textoRecordatorio = (r: Recordatorio | null) =>
  r ? `Te enviaremos esta lista cotizada cada ${DIAS_SEMANA[r.dia - 1]} a las ${r.hora}` : 'Sin recordatorio';

interface RecordatorioFormProps {
  nombreLista: string;
  recordatorio: Recordatorio | null;
  /** Saves the reminder (null: none); resolves with the server's message when it refused it. */
  onGuardar(recordatorio: Recordatorio | null): Promise<string | undefined>;
}

/** The weekly reminder of a list: a day (or 'Sin recordatorio') and an hour, Chile time. */
export function RecordatorioForm({ nombreLista, recordatorio, onGuardar }: RecordatorioFormProps) {
  const [dia, setDia] = useState(recordatorio ? String(recordatorio.dia) : '');
  const [hora, setHora] = useState(recordatorio?.hora ?? '08:00');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const elegido: Recordatorio | null = dia === '' ? null : { dia: Number(dia), hora };
  const cambio = JSON.stringify(elegido) !== JSON.stringify(recordatorio);

  async function guardar(e: React.FormEvent) {
    e.preventDefault();
    if (elegido && !recordatorioSchema.safeParse(elegido).success) return setError(RECORDATORIO_HORA_INVALIDA);
    setBusy(true);
    setError(await onGuardar(elegido));
    setBusy(false);
  }

  return (
    <form className="recordatorio" onSubmit={guardar} noValidate aria-label={`Recordatorio de la lista «${nombreLista}»`}>
      <p className="recordatorio__texto">{textoRecordatorio(recordatorio)}</p>
      <div className="recordatorio__campos">
        <SelectField label="Recordatorio semanal" value={dia} onChange={(e) => setDia(e.target.value)}>
          <option value="">Sin recordatorio</option>
          {DIAS_SEMANA.map((nombre, i) => (
            <option key={nombre} value={i + 1}>
              Cada {nombre}
            </option>
          ))}
        </SelectField>
        {dia !== '' && <TextField label="Hora (Chile)" type="time" value={hora} onChange={(e) => setHora(e.target.value)} error={error} />}
        <SubmitButton className="btn btn--secondary" busy={busy} disabled={!cambio}>
          Guardar recordatorio
        </SubmitButton>
      </div>
    </form>
  );
}
