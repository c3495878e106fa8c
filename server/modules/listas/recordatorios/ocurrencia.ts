import { ahoraEnChile, diaUtc, sumarDias } from '#common/fecha';
import type { Recordatorio } from '#common/schemas/listas';

/**
 * When a weekly reminder falls due (docs/decisions/021-recordatorios.md): at its day and hour on
 * Chile's clock, summer time included, whatever the server's time zone.
 */

/** How late an occurrence may still be prepared: a server down for a day does not send Monday's list on Wednesday. */
export const GRACIA_MS = 6 * 60 * 60 * 1000;

const MINUTO_MS = 60_000;

/** Minutes since midnight of 'HH:MM' (or the database's 'HH:MM:SS'). */
const minutosDe = (hora: string) => Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));

/** ISO day of the week of 'YYYY-MM-DD': 1 lunes … 7 domingo. */
const diaSemana = (fecha: string) => ((diaUtc(fecha).getUTCDay() + 6) % 7) + 1;

/**
 * The instant Chile's clock reads `fecha` at `minutos` past midnight. A time the clock skips (the
 * hour lost when summer time begins) is the instant the clock jumps to plus those minutes, as if
 * the old offset went on; a time it shows twice (the hour repeated when it ends) is the first.
 */
export function instanteEnChile(fecha: string, minutos: number): Date {
  const pared = diaUtc(fecha).getTime() + minutos * MINUTO_MS;
  const lee = (t: number) => {
    const r = ahoraEnChile(new Date(t));
    return diaUtc(r.hoy).getTime() + r.minuto * MINUTO_MS === pared;
  };
  // Chile is 4 hours behind UTC in winter and 3 in summer; the clock skips an hour only going from
  // −4 to −3, so a skipped time is read with −4; a repeated one (−3 then −4) is the first.
  const invierno = pared + 4 * 60 * MINUTO_MS;
  const verano = pared + 3 * 60 * MINUTO_MS;
  return new Date(lee(verano) ? verano : invierno);
}

/** The latest instant at or before `ahora` when Chile's clock read the reminder's day and hour. */
export function ultimaOcurrencia(r: Recordatorio, ahora: Date): Date {
  const { hoy, minuto } = ahoraEnChile(ahora);
  const minutos = minutosDe(r.hora);
  let atras = (diaSemana(hoy) - r.dia + 7) % 7;
  if (atras === 0 && minutos > minuto) atras = 7;
  const t = instanteEnChile(sumarDias(hoy, -atras), minutos);
  // Within the minute the clock reads it, the instant is its first second: due from then on.
  return t.getTime() <= ahora.getTime() ? t : instanteEnChile(sumarDias(hoy, -atras - 7), minutos);
}

/**
 * The occurrence of a reminder that is due at `ahora`, if any: its instant has passed, less than
 * GRACIA_MS ago, and not before the minute the reminder was set in (`desde`: setting 'lunes 08:00'
 * on Monday at 09:00 waits for next Monday; setting it at 08:00:20 fires now).
 */
export function ocurrenciaPendiente(r: Recordatorio, desde: Date, ahora: Date): Date | undefined {
  const t = ultimaOcurrencia(r, ahora);
  if (ahora.getTime() - t.getTime() > GRACIA_MS) return undefined;
  if (t.getTime() < Math.floor(desde.getTime() / MINUTO_MS) * MINUTO_MS) return undefined;
  return t;
}

/** The days of the week an occurrence within GRACIA_MS of `ahora` may fall on: today's and yesterday's in Chile. */
export function diasPosibles(ahora: Date): number[] {
  const hoy = ahoraEnChile(ahora).hoy;
  return [diaSemana(hoy), diaSemana(sumarDias(hoy, -1))];
}
