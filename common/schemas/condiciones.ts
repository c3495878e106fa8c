import { ANTICIPACION_MAXIMA_DIAS } from '../despacho';
import { formatClp } from '../format';
import { ENTERO_MAXIMO, idSchema, leerPesos, PESOS_MAXIMO, pesosComoTexto } from '../numeros';
import { z } from '../zod-es';

// The messages of a supplier's delivery terms, one per field.
export const ELIGE_COMUNA = 'Elige al menos una comuna.';
export const COMUNA_DESCONOCIDA = 'Elige comunas de la lista: alguna de las elegidas no existe.';
export const ELIGE_DIA = 'Elige al menos un día de despacho.';
export const DIA_INVALIDO = 'Los días de despacho van de 1 (lunes) a 7 (domingo).';
export const ANTICIPACION_INVALIDA = `La anticipación debe ser un número entero entre 0 y ${ANTICIPACION_MAXIMA_DIAS} días.`;
export const HORA_CORTE_INVALIDA = 'La hora de corte debe tener el formato HH:MM.';
export const MINIMO_INVALIDO = 'El pedido mínimo debe ser un número entero mayor o igual a 0.';
export const COSTO_INVALIDO = 'El costo de despacho debe ser un número entero mayor o igual a 0.';
export const GRATIS_DESDE_INVALIDO = 'El monto para despacho gratis debe ser un número entero mayor o igual a 0.';
/** A fee adds into every total of the supplier's orders: bounded as prices are (common/numeros PESOS_MAXIMO). */
export const COSTO_DEMASIADO_ALTO = `El costo de despacho no puede superar ${formatClp(PESOS_MAXIMO)}.`;
/** Free from the minimum or less: every order it accepts would travel free, and the fee never apply. */
export const gratisBajoMinimo = (minimo: number) =>
  `El despacho gratis debe empezar sobre tu pedido mínimo (${formatClp(minimo)}): desde menos, todo pedido llegaría gratis. Si tu despacho siempre es gratis, deja el costo en 0.`;

/** 'HH:MM', 00:00 to 23:59. */
const HORA_CORTE_REGEX = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A small whole number as JSON gives it or a form writes it ('3'); anything else stays as it came, to fail. */
const digitos = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v);
const vacio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const pesosValidos = (n: number) => Number.isInteger(n) && n >= 0 && n <= ENTERO_MAXIMO;

/**
 * Whole pesos ≥ 0, as JSON gives them or a person in Chile types them ('50.000', '$ 8.990'); with
 * `maximo`, at most that (a fee), else what the column holds (a threshold, compared and never added).
 */
const pesosSchema = (mensaje: string, maximo?: { pesos: number; mensaje: string }) =>
  z.preprocess(
    pesosComoTexto,
    z
      .string({ error: mensaje })
      .min(1, mensaje)
      .max(20, mensaje)
      .transform(leerPesos)
      .superRefine((n, ctx) => {
        // Too large is said as such (2,147,483,647 was accepted as a fee and overflowed the total).
        if (maximo && Number.isInteger(n) && n > maximo.pesos) ctx.addIssue({ code: 'custom', message: maximo.mensaje });
        else if (!pesosValidos(n)) ctx.addIssue({ code: 'custom', message: mensaje });
      }),
  );

const ordenados = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

/**
 * Body of PUT /api/proveedor/condiciones/ and the /mis-condiciones form:
 * the calling supplier's whole set of terms. Whether every comuna exists is the server's check.
 */
export const condicionesSchema = z
  .object({
    comunas: z.array(idSchema(COMUNA_DESCONOCIDA), { error: ELIGE_COMUNA }).min(1, ELIGE_COMUNA).max(2_000, COMUNA_DESCONOCIDA).transform(ordenados),
    dias_despacho: z
      .array(z.preprocess(digitos, z.number({ error: DIA_INVALIDO }).int(DIA_INVALIDO).min(1, DIA_INVALIDO).max(7, DIA_INVALIDO)), { error: ELIGE_DIA })
      .min(1, ELIGE_DIA)
      .max(50, DIA_INVALIDO)
      .transform(ordenados),
    anticipacion_dias: z.preprocess(
      digitos,
      z.number({ error: ANTICIPACION_INVALIDA }).int(ANTICIPACION_INVALIDA).min(0, ANTICIPACION_INVALIDA).max(ANTICIPACION_MAXIMA_DIAS, ANTICIPACION_INVALIDA),
    ),
    hora_corte: z.string({ error: HORA_CORTE_INVALIDA }).trim().regex(HORA_CORTE_REGEX, HORA_CORTE_INVALIDA),
    monto_minimo: pesosSchema(MINIMO_INVALIDO),
    costo_despacho: pesosSchema(COSTO_INVALIDO, { pesos: PESOS_MAXIMO, mensaje: COSTO_DEMASIADO_ALTO }),
    /** Empty or null: the delivery is never free. */
    despacho_gratis_desde: z.preprocess((v) => (vacio(v) ? null : v), pesosSchema(GRATIS_DESDE_INVALIDO).nullable()),
  })
  .superRefine((c, ctx) => {
    // Only between amounts that are valid on their own (a field's error says enough).
    const validos = [c.monto_minimo, c.costo_despacho, c.despacho_gratis_desde].every((n) => n === null || pesosValidos(n));
    if (validos && c.costo_despacho > 0 && c.despacho_gratis_desde !== null && c.despacho_gratis_desde <= c.monto_minimo) {
      ctx.addIssue({ code: 'custom', path: ['despacho_gratis_desde'], message: gratisBajoMinimo(c.monto_minimo) });
    }
  });
export type CondicionesInput = z.input<typeof condicionesSchema>;
export type CondicionesData = z.output<typeof condicionesSchema>;

/** The answer of GET and PUT: the supplier's terms, its defaults when it never set them (common/despacho.ts). */
export const condicionesSchemaOut = z.object({
  /**
   * False until the supplier saves its terms: until then the comparison applies none (every comuna,
   * any day, no minimum, no fee; docs/decisions/013), and the fields are the defaults to start from.
   */
  guardadas: z.boolean(),
  comunas: z.array(z.number().int()),
  dias_despacho: z.array(z.number().int()),
  anticipacion_dias: z.number().int(),
  hora_corte: z.string(),
  monto_minimo: z.number().int(),
  costo_despacho: z.number().int(),
  despacho_gratis_desde: z.number().int().nullable(),
});
export type CondicionesOut = z.infer<typeof condicionesSchemaOut>;
