/**
 * A supplier's delivery terms and the rules every side applies to them: the
 * comparison's solver, actualizar and crear-orden on the server, the results screen as the buyer
 * changes the choice. One copy of each rule, here.
 */

import { formatClp, formatDiaLargo } from './format';
import { ahoraEnChile, diaUtc, sumarDias } from './fecha';

/** What decides what a supplier's part of an order costs delivered. Money is whole CLP. */
export interface TerminosDespacho {
  /** The supplier's part of an order must reach it (0: no minimum). */
  monto_minimo: number;
  costo_despacho: number;
  /** From this subtotal on the delivery is free; null: never free. */
  despacho_gratis_desde: number | null;
}

/** The delivery fee a supplier charges on a part of an order worth `subtotal` (0 when nothing is bought). */
export function costoDespacho(subtotal: number, t: TerminosDespacho): number {
  if (subtotal <= 0) return 0;
  if (t.despacho_gratis_desde !== null && subtotal >= t.despacho_gratis_desde) return 0;
  return t.costo_despacho;
}

/** How much a part of an order worth `subtotal` lacks to reach the supplier's minimum (0 when it does, or buys nothing). */
export const faltaParaMinimo = (subtotal: number, t: TerminosDespacho): number => (subtotal <= 0 ? 0 : Math.max(0, t.monto_minimo - subtotal));

/**
 * A supplier's whole set of delivery terms (docs/decisions/013): where, which
 * days and until when it takes orders, and what its part of an order costs delivered.
 */
export interface CondicionesDespacho extends TerminosDespacho {
  /** Ids of the comunas it delivers to (table comuna). */
  comunas: number[];
  /** ISO weekdays it delivers on, 1 = lunes … 7 = domingo, ascending. */
  dias_despacho: number[];
  /** An order for day D must be placed before hora_corte of day D − anticipacion_dias (0–14). */
  anticipacion_dias: number;
  /** 'HH:MM', Chile's time (America/Santiago). */
  hora_corte: string;
}

/**
 * What /mis-condiciones starts from, with every comuna, for a supplier that never saved its terms.
 * They rule nothing: such a supplier is not compared until it saves its own (docs/decisions/024).
 */
export const CONDICIONES_POR_DEFECTO: Omit<CondicionesDespacho, 'comunas'> = {
  dias_despacho: [1, 2, 3, 4, 5, 6],
  anticipacion_dias: 1,
  hora_corte: '18:00',
  monto_minimo: 0,
  costo_despacho: 0,
  despacho_gratis_desde: null,
};

/**
 * Terms that take nothing away: every day, the same day until 23:59, no minimum, free delivery.
 * The demo supplier account's (docs/decisions/013), and those of the suppliers the tests set up.
 */
export const CONDICIONES_ABIERTAS: Omit<CondicionesDespacho, 'comunas'> = {
  dias_despacho: [1, 2, 3, 4, 5, 6, 7],
  anticipacion_dias: 0,
  hora_corte: '23:59',
  monto_minimo: 0,
  costo_despacho: 0,
  despacho_gratis_desde: null,
};

export const ANTICIPACION_MAXIMA_DIAS = 14;

/** Weekday names by ISO number (index 0 is 1 = lunes). */
export const DIAS_SEMANA = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

/** The ISO weekday of a calendar day 'YYYY-MM-DD' (1 = lunes … 7 = domingo). */
export const diaSemanaIso = (fecha: string): number => ((diaUtc(fecha).getUTCDay() + 6) % 7) + 1;

const minutoDeHora = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/**
 * The supplier delivers on `fecha` ('YYYY-MM-DD') when that weekday is one of its
 * days and the order is placed (at `ahora`) before hora_corte, Chile's time, of the day
 * fecha − anticipacion_dias. A day already past is never possible.
 */
export function puedeDespachar(c: Pick<CondicionesDespacho, 'dias_despacho' | 'anticipacion_dias' | 'hora_corte'>, fecha: string, ahora: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha)) return false;
  if (!c.dias_despacho.includes(diaSemanaIso(fecha))) return false;
  const limite = sumarDias(fecha, -c.anticipacion_dias);
  const { hoy, minuto } = ahoraEnChile(ahora);
  return hoy < limite || (hoy === limite && minuto < minutoDeHora(c.hora_corte));
}

/** The first day from today (Chile) the supplier can deliver an order placed at `ahora`. */
export function primerDiaDespacho(c: Pick<CondicionesDespacho, 'dias_despacho' | 'anticipacion_dias' | 'hora_corte'>, ahora: Date): string {
  const { hoy } = ahoraEnChile(ahora);
  // Past the anticipation, one more day for today's cut-off and a whole week find any weekday.
  for (let i = 0; i <= ANTICIPACION_MAXIMA_DIAS + 8; i++) {
    const fecha = sumarDias(hoy, i);
    if (puedeDespachar(c, fecha, ahora)) return fecha;
  }
  throw new Error('Condiciones sin días de despacho');
}

/** 'a', 'a y b', 'a, b y c'. */
const listaEs = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`);

/**
 * The sentence the supplier reads under its terms: 'Despachas martes y jueves en 52 comunas;
 * pedido mínimo $50.000; despacho $8.990, gratis desde $150.000'. `totalComunas`: how many
 * comunas Chile has (all of them reads 'en todas las comunas').
 */
export function resumenCondiciones(c: CondicionesDespacho, totalComunas: number): string {
  const dias = [...new Set(c.dias_despacho)].sort((a, b) => a - b);
  const cuando = dias.length === 7 ? 'todos los días' : listaEs(dias.map((d) => DIAS_SEMANA[d - 1] ?? String(d)));
  const n = new Set(c.comunas).size;
  const donde = n >= totalComunas ? 'en todas las comunas' : n === 1 ? 'en 1 comuna' : `en ${n} comunas`;
  const minimo = c.monto_minimo > 0 ? `pedido mínimo ${formatClp(c.monto_minimo)}` : 'sin pedido mínimo';
  const despacho =
    c.costo_despacho === 0
      ? 'despacho gratis'
      : `despacho ${formatClp(c.costo_despacho)}${c.despacho_gratis_desde !== null ? `, gratis desde ${formatClp(c.despacho_gratis_desde)}` : ''}`;
  return `Despachas ${cuando} ${donde}; ${minimo}; ${despacho}`;
}

/** Under that sentence, the cut-off it is easiest to get wrong: until when an order for a delivery day is taken. */
export function plazoCondiciones(c: Pick<CondicionesDespacho, 'anticipacion_dias' | 'hora_corte'>): string {
  const antes =
    c.anticipacion_dias === 0
      ? 'del mismo día de la entrega'
      : c.anticipacion_dias === 1
        ? 'del día anterior a la entrega'
        : `, ${c.anticipacion_dias} días antes de la entrega`;
  // puedeDespachar takes an order strictly before the cut-off.
  return `Recibes pedidos antes de las ${c.hora_corte}${c.anticipacion_dias > 1 ? '' : ' '}${antes}.`;
}

/** Why a supplier's offers did not count for a quotation, as the comparison says it. */
export const mensajesDespacho = {
  noDespachaComuna: (proveedor: string, comuna: string) => `${proveedor} no despacha a ${comuna}`,
  noAlcanzaMinimo: (proveedor: string, monto: number) => `${proveedor} no alcanza el pedido mínimo de ${formatClp(monto)}`,
  noDespachaDia: (proveedor: string, fecha: string) => `${proveedor} no despacha el ${formatDiaLargo(fecha)}`,
};
