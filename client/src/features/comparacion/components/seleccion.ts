import { type CompararPrecios, type CondicionesProveedor, mensajesComparacion, type Opcion, type ResultadoComparacion } from '#common/schemas/comparacion';
import { costoDespacho, faltaParaMinimo, type TerminosDespacho } from '#common/despacho';
import { redondearCentesimas } from '#common/numeros';
import { subtotal } from '#common/precio';
import { type TotalEntregado, type TotalProveedor, totalEntregado } from '#common/total-entregado';

// The buyer's changes on the results screen (docs/producto.md §4 Quotation flow 4–5), as pure functions over
// the comparison's items: each returns new items and never touches the ones it was given.

/** Quantities are kg or boxes with at most two decimals, as the server keeps them. */
export const proveido = (r: ResultadoComparacion) => redondearCentesimas(r.opciones_seleccionadas.reduce((s, o) => s + o.cantidad_proveida, 0));
/** docs/producto.md §4.4: what the selected options leave uncovered (requested − supplied). */
export const faltante = (r: ResultadoComparacion) => Math.max(0, redondearCentesimas(r.cantidad_solicitada - proveido(r)));

/** The shortfall as the server words it ('Stock insuficiente: faltan 20 kg'), for the choice as it stands now. */
export const mensajeFaltante = (r: ResultadoComparacion) => {
  const n = faltante(r);
  return n > 0 ? mensajesComparacion.faltante(n, r.unidad) : null;
};

/** docs/producto.md §4.5: swapping to an option whose stock is below what the replaced one supplies asks first. */
export const pideConfirmarStock = (actual: Opcion, alternativa: Opcion) => alternativa.stock_disponible < actual.cantidad_proveida;

function cambiar(resultados: readonly ResultadoComparacion[], producto: number, cambio: (r: ResultadoComparacion) => ResultadoComparacion) {
  return resultados.map((r) => (r.producto === producto ? cambio(r) : r));
}

/**
 * docs/producto.md §4.4–4.5: the alternative takes the place of a selected option (their estados toggle) and
 * supplies what it supplied, or its whole stock when that is less (the stock confirmation's
 * min(stock, current)).
 */
export function swapOpcion(resultados: readonly ResultadoComparacion[], producto: number, actualId: number, alternativaId: number) {
  return cambiar(resultados, producto, (r) => {
    const actual = r.opciones_seleccionadas.find((o) => o.opcion_id === actualId);
    const alternativa = r.opciones_adicionales.find((o) => o.opcion_id === alternativaId);
    if (!actual || !alternativa) return r;
    const cantidad = Math.min(alternativa.stock_disponible, actual.cantidad_proveida);
    return {
      ...r,
      opciones_seleccionadas: r.opciones_seleccionadas.map((o) =>
        o === actual ? { ...alternativa, estado: 'seleccionado' as const, cantidad_proveida: cantidad } : o,
      ),
      opciones_adicionales: r.opciones_adicionales.map((o) => (o === alternativa ? { ...actual, estado: 'adicional' as const } : o)),
    };
  });
}

/** docs/producto.md §4.4: another supplier covers the missing quantity, as much of it as its stock allows. */
export function agregarProveedor(resultados: readonly ResultadoComparacion[], producto: number, opcionId: number) {
  return cambiar(resultados, producto, (r) => {
    const opcion = r.opciones_adicionales.find((o) => o.opcion_id === opcionId);
    const falta = faltante(r);
    if (!opcion || falta <= 0) return r;
    return {
      ...r,
      opciones_seleccionadas: [
        ...r.opciones_seleccionadas,
        { ...opcion, estado: 'seleccionado' as const, cantidad_proveida: Math.min(opcion.stock_disponible, falta) },
      ],
      opciones_adicionales: r.opciones_adicionales.filter((o) => o !== opcion),
    };
  });
}

/** A row of the results: one selected option of a product. */
export interface Fila {
  r: ResultadoComparacion;
  o: Opcion;
  /** The product's first row carries its notes and its 'Agregar proveedor' button. */
  primera: boolean;
}

/** One supplier of the choice as the screen shows it: its lines, its part, its fee and its minimum. */
export interface BloqueProveedor extends TotalProveedor {
  proveedor: string;
  fecha_entrega: string;
  monto_minimo: number;
  despacho_gratis_desde: number | null;
  filas: Fila[];
  /** Why this supplier has the small part of a product split with others, when it is its minimum or its free delivery. */
  repartos: string[];
}

export interface Entrega extends Omit<TotalEntregado, 'proveedores'> {
  /** One per supplier with a selected option, in the order its first line appears. */
  bloques: BloqueProveedor[];
}

/**
 * The choice as it stands now, grouped by supplier, with each supplier's fee and shortfall for
 * its minimum under the terms the comparison answered (common/total-entregado.ts: the one rule).
 * A supplier without terms in the answer has none (no minimum, no fee) and the quotation's delivery date.
 */
export function entregaDe(resultados: readonly ResultadoComparacion[], condiciones: readonly CondicionesProveedor[], fechaEntrega: string): Entrega {
  const terminos = new Map(condiciones.map((c) => [c.proveedor_id, c]));
  const opciones = resultados.flatMap((r) => r.opciones_seleccionadas.map((o) => ({ r, o })));
  const totales = totalEntregado(
    opciones.map(({ o }) => ({ proveedor_id: o.proveedor_id, subtotal: subtotal(o.cantidad_proveida, o.precio) })),
    (id) => terminos.get(id),
  );
  const porProveedor = new Map<number, { r: ResultadoComparacion; o: Opcion }[]>();
  for (const x of opciones) porProveedor.set(x.o.proveedor_id, [...(porProveedor.get(x.o.proveedor_id) ?? []), x]);
  // A product split between suppliers carries its notes on the row read first, in the first of its blocks.
  const vistos = new Set<number>();
  const conPrimera = (x: { r: ResultadoComparacion; o: Opcion }): Fila => {
    const primera = !vistos.has(x.r.producto);
    vistos.add(x.r.producto);
    return { ...x, primera };
  };
  const bloques = [...porProveedor].map(([proveedor_id, suyas]): BloqueProveedor => {
    const c = terminos.get(proveedor_id);
    const t = totales.proveedores.find((p) => p.proveedor_id === proveedor_id);
    return {
      proveedor_id,
      // The name its rows show.
      proveedor: suyas[0]!.o.proveedor,
      fecha_entrega: c?.fecha_entrega ?? fechaEntrega,
      monto_minimo: c?.monto_minimo ?? 0,
      despacho_gratis_desde: c?.despacho_gratis_desde ?? null,
      // A part worth nothing (no price) pays no fee and owes no minimum: totalEntregado leaves it out.
      subtotal: t?.subtotal ?? 0,
      costo_despacho: t?.costo_despacho ?? 0,
      falta_minimo: t?.falta_minimo ?? 0,
      filas: suyas.map(conPrimera),
      repartos: [],
    };
  });
  for (const b of bloques) {
    const t = terminos.get(b.proveedor_id);
    if (t) b.repartos = repartosDe(b, t);
  }
  return { total_productos: totales.total_productos, total_despacho: totales.total_despacho, total: totales.total, bloques };
}

/**
 * A product split between suppliers reads as a shortfall ('proveída 1 de 100') unless the screen
 * says why a supplier has the small part: without it, it would fall under its minimum, or pay its
 * fee. Only the smaller parts of a split product, and only those two reasons (stock and tiers
 * speak for themselves in the rows).
 */
function repartosDe(b: BloqueProveedor, t: TerminosDespacho): string[] {
  return b.filas.flatMap(({ r, o }) => {
    // Split with other suppliers, and not this supplier's larger part.
    const otras = r.opciones_seleccionadas.filter((p) => p.proveedor_id !== o.proveedor_id);
    if (otras.length === 0 || o.cantidad_proveida >= Math.max(...otras.map((p) => p.cantidad_proveida))) return [];
    // Without this part: still used (something else of it bought), and then under its minimum or paying its fee.
    const sin = b.subtotal - subtotal(o.cantidad_proveida, o.precio);
    if (sin <= 0) return [];
    if (faltaParaMinimo(b.subtotal, t) === 0 && faltaParaMinimo(sin, t) > 0)
      return [mensajesComparacion.repartoMinimo(o.cantidad_proveida, o.unidad, r.nombre, b.proveedor, t.monto_minimo)];
    if (costoDespacho(b.subtotal, t) === 0 && costoDespacho(sin, t) > 0)
      return [mensajesComparacion.repartoGratis(o.cantidad_proveida, o.unidad, r.nombre, b.proveedor, t.despacho_gratis_desde!)];
    return [];
  });
}

/** What the buyer reads before Comprar, one sentence per supplier of the choice under its minimum. */
export const mensajesBajoMinimo = (entrega: Entrega) =>
  entrega.bloques.filter((b) => b.falta_minimo > 0).map((b) => mensajesComparacion.bajoMinimo(b.proveedor, b.falta_minimo, b.monto_minimo));

/**
 * The server's free-delivery nudges that still hold: it priced them for its own selection, so they
 * count only while the choice is that one, for a supplier still in it and still paying a fee.
 */
export function sugerenciasDespachoVigentes(sugerencias: CompararPrecios['sugerencias_despacho'], entrega: Entrega, isEleccionDelServidor: boolean) {
  if (!isEleccionDelServidor) return [];
  return sugerencias.filter((s) => entrega.bloques.some((b) => b.proveedor_id === s.proveedor_id && b.costo_despacho > 0));
}
