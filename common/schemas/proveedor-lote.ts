import { leerFechaTexto } from '../fecha';
import { z } from '../zod-es';
import { errorStock, FECHA_FORMATO, FECHA_REQUERIDA, noEsNumero, STOCK_MAXIMO } from './proveedor-carga';
import { CANTIDAD_DECIMALES, comoTexto, leerCantidad } from './proveedor-productos';

/**
 * POST /api/productos/proveedoresproductos/{id}/lotes/ ('Agregar lote', docs/producto.md §17): one
 * stock lot of an own offer, checked by the Excel upload's row rules (proveedor-carga's errorStock
 * and errorFechaVencimiento, with their messages), so a lot typed on a phone and a lot uploaded
 * are held to one rule. Answers 201 with the lot as the product list reads it (loteSchema).
 */

// Ours, beyond the upload's: a form's empty field, and a lot that adds nothing.
export const LOTE_CANTIDAD_REQUERIDA = 'Ingresa la cantidad del lote.';
export const LOTE_VACIO = 'La cantidad del lote debe ser mayor a 0.';

/** Quantity in kg or boxes, a number or the text typed ('12,5'), two decimals at most (numeric(12,2), as the inline edit). */
const cantidadSchema = z.preprocess(
  comoTexto,
  z
    .string({ error: LOTE_CANTIDAD_REQUERIDA })
    .min(1, LOTE_CANTIDAD_REQUERIDA)
    .max(20, STOCK_MAXIMO)
    .transform((s, ctx) => {
      const n = leerCantidad(s);
      const error = Number.isNaN(n)
        ? noEsNumero('La cantidad')
        : (errorStock(n) ?? (/[.,]\d{3,}$/.test(s) ? CANTIDAD_DECIMALES : n === 0 ? LOTE_VACIO : undefined));
      if (error) ctx.addIssue({ code: 'custom', message: error });
      return n;
    }),
);

/**
 * 'YYYY-MM-DD' or 'DD-MM-AAAA' (the upload's text dates), as 'YYYY-MM-DD'. That it is after today
 * in Chile is the server's check (errorFechaVencimiento with its clock) and the form's, not the
 * schema's: a schema has no clock.
 */
const fechaSchema = z.preprocess(
  comoTexto,
  z
    .string({ error: FECHA_REQUERIDA })
    .max(20, FECHA_FORMATO)
    .transform((s, ctx) => {
      const fecha = leerFechaTexto(s);
      if (fecha === null) ctx.addIssue({ code: 'custom', message: FECHA_REQUERIDA });
      else if (fecha === 'invalido') ctx.addIssue({ code: 'custom', message: FECHA_FORMATO });
      return fecha ?? '';
    }),
);

export const loteNuevoSchema = z.object({ cantidad: cantidadSchema, fecha_expiracion: fechaSchema });
export type LoteNuevoInput = z.input<typeof loteNuevoSchema>;
export type LoteNuevoData = z.output<typeof loteNuevoSchema>;
