import { formatClp } from '../../../common/format';
import { precioUnitario, type Tarifario } from './precio';

/**
 * The price comparison of one requested line (DESIGN §3), a pure function over plain data: no
 * I/O, no clock. docs/decisions/006 explains the search and why it is exact.
 */

/** An offer as the engine needs it: its prices, its usable stock and the first expiry of that stock. */
export interface OfertaMotor extends Tarifario {
  proveedor_producto_id: number;
  stock: number;
  /** Expiry (YYYY-MM-DD) of the first lot the order would take (first-expired-first-out). */
  fecha_vencimiento: string;
}

export interface Asignacion<O extends OfertaMotor = OfertaMotor> {
  oferta: O;
  cantidad: number;
  /** Unit price for `cantidad` at this offer (precioUnitario). */
  precio: number;
  subtotal: number;
}

/** 'Agrega 20 kg y pagas $4.990/kg': a few more units reach a cheaper tier of one offer. */
export interface Sugerencia {
  proveedor_producto_id: number;
  cantidad_adicional: number;
  cantidad_total: number;
  precio: number;
  total: number;
}

export interface ResultadoLinea<O extends OfertaMotor = OfertaMotor> {
  seleccionadas: Asignacion<O>[];
  adicionales: Asignacion<O>[];
  /** Units of the request no offer can supply (0 when fully covered). */
  faltante: number;
  total: number;
  sugerencia: Sugerencia | null;
}

/** How far past the requested quantity the nudge looks: "a few more units". */
export const SUGERENCIA_MAXIMA = 0.2;

const asignar = <O extends OfertaMotor>(oferta: O, cantidad: number): Asignacion<O> => {
  const precio = precioUnitario(oferta, cantidad);
  return { oferta, cantidad, precio, subtotal: Math.round(cantidad * precio) };
};

/** Days since 1970 of a YYYY-MM-DD date: the expiry weight of the tie-break. */
const dias = (fecha: string) => Date.UTC(Number(fecha.slice(0, 4)), Number(fecha.slice(5, 7)) - 1, Number(fecha.slice(8, 10))) / 86_400_000;

/** A stretch of quantities [desde, hasta] of one offer that all pay the same unit price. */
interface Tramo {
  desde: number;
  hasta: number;
  precio: number;
}

/** The offer's price stretches for whole quantities 1..limite (limite ≤ its stock and the target). */
function tramosDe(oferta: Tarifario, limite: number): Tramo[] {
  const inicios = [1];
  for (const t of oferta.tramos) {
    const desde = Math.ceil(t.limite_inferior);
    if (t.precio > 0 && desde > 1 && desde <= limite && !inicios.includes(desde)) inicios.push(desde);
  }
  inicios.sort((a, b) => a - b);
  return inicios.map((desde, k) => ({ desde, hasta: k + 1 < inicios.length ? inicios[k + 1]! - 1 : limite, precio: precioUnitario(oferta, desde) }));
}

/** One choice for one offer in the search: a fixed quantity, or the single quantity left open. */
interface Eleccion {
  cantidad: number;
  precio: number;
  /** > 0 only for the open choice: how many units above `cantidad` it may still take. */
  holgura: number;
  abierta: boolean;
  /** Tells open choices apart in the memo of the search (0 for fixed ones). */
  id: number;
}

/**
 * The exact minimum-cost allocation of `objetivo` whole units across offers with whole-unit
 * capacities (objetivo ≤ Σ capacidades). Order: cost, then fewer suppliers, then more units of
 * later expiry (Σ qᵢ·expiryᵢ). Returns the quantity per offer, in input order.
 *
 * Branch and bound over the offers, cheapest reachable price first. Each offer takes 0, an end of
 * one of its price stretches, or, for at most ONE offer in the whole allocation, a quantity
 * strictly inside a stretch, left open until the others are fixed (it takes what remains). The
 * exchange argument of docs/decisions/006 shows an optimum of that form always exists. The bound
 * fills what remains at each remaining offer's cheapest reachable price.
 */
export function asignacionOptima(ofertas: ReadonlyArray<Tarifario & { stock: number; fecha_vencimiento: string }>, objetivo: number): number[] {
  const n = ofertas.length;
  const resultado = new Array<number>(n).fill(0);
  if (objetivo <= 0 || n === 0) return resultado;

  let eleccionesVistas = 0;
  const datos = ofertas.map((o, i) => {
    const capacidad = Math.min(Math.floor(o.stock), objetivo);
    const tramos = capacidad > 0 ? tramosDe(o, capacidad) : [];
    const elecciones: Eleccion[] = [];
    let minimo = Number.POSITIVE_INFINITY;
    tramos.forEach((t, k) => {
      // The first stretch costs q·tarifa from q = 0, so its lower end is 0 (the offer unused), not 1:
      // a single unit is no end of anything, and making it one would let the search try a unit here
      // and a unit there at every offer.
      const inicio = k === 0 ? 0 : t.desde;
      elecciones.push({ cantidad: t.hasta, precio: t.precio, holgura: 0, abierta: false, id: 0 });
      if (inicio > 0 && t.hasta > inicio) elecciones.push({ cantidad: inicio, precio: t.precio, holgura: 0, abierta: false, id: 0 });
      if (t.hasta - inicio >= 2) elecciones.push({ cantidad: inicio + 1, precio: t.precio, holgura: t.hasta - inicio - 2, abierta: true, id: ++eleccionesVistas });
      if (t.precio < minimo) minimo = t.precio;
    });
    return { i, capacidad, tramos, elecciones, minimo, vence: dias(o.fecha_vencimiento) };
  });
  const orden = datos.filter((d) => d.capacidad > 0).sort((a, b) => a.minimo - b.minimo || b.vence - a.vence || a.i - b.i);
  const m = orden.length;

  // Capacity from offer j on, to drop at once a branch that can no longer reach the target.
  const capDesde = new Float64Array(m + 1);
  for (let k = m - 1; k >= 0; k--) capDesde[k] = capDesde[k + 1]! + orden[k]!.capacidad;
  const precios = new Float64Array(m + 1);
  const capacidades = new Float64Array(m + 1);

  /**
   * Lower bound of filling `resto` units from offer j on (plus the open offer's room): every offer
   * at the cheapest price of the stretches it can reach with at most `resto` units, cheapest
   * first. Knowing `resto` keeps a 1.500-kg tier out of the bound once only 1.000 kg are left.
   */
  const cotaResto = (j: number, resto: number): number => {
    let c = 0;
    for (let k = j; k < m; k++) {
      const d = orden[k]!;
      const lim = d.capacidad < resto ? d.capacidad : resto;
      let p = Number.POSITIVE_INFINITY;
      for (const t of d.tramos) if (t.desde <= lim && t.precio < p) p = t.precio;
      // Insertion sort: the offers come sorted by their cheapest price, so this stays nearly linear.
      let x = c++;
      while (x > 0 && precios[x - 1]! > p) {
        precios[x] = precios[x - 1]!;
        capacidades[x] = capacidades[x - 1]!;
        x--;
      }
      precios[x] = p;
      capacidades[x] = lim;
    }
    if (abierta >= 0 && abiertaHolgura > 0) {
      let x = c++;
      while (x > 0 && precios[x - 1]! > abiertaPrecio) {
        precios[x] = precios[x - 1]!;
        capacidades[x] = capacidades[x - 1]!;
        x--;
      }
      precios[x] = abiertaPrecio;
      capacidades[x] = abiertaHolgura < resto ? abiertaHolgura : resto;
    }
    let falta = resto;
    let costo = 0;
    for (let x = 0; x < c && falta > 0; x++) {
      const q = capacidades[x]! < falta ? capacidades[x]! : falta;
      costo += q * precios[x]!;
      falta -= q;
    }
    return falta > 0 ? Number.POSITIVE_INFINITY : costo;
  };

  const actual = new Array<number>(n).fill(0);
  let mejorCosto = Number.POSITIVE_INFINITY;
  let mejorProveedores = Number.POSITIVE_INFINITY;
  let mejorVence = Number.NEGATIVE_INFINITY;
  // The open offer, while one is: its index in `orden`, its choice, price and room left.
  let abierta = -1;
  let abiertaId = 0;
  let abiertaPrecio = 0;
  let abiertaHolgura = 0;
  // Memo of the search states already entered: the rest of the search from (offer, units left,
  // open choice) is the same whatever came before, so an arrival no better in cost, suppliers and
  // expiry than an earlier one cannot lead anywhere better (sums of tier thresholds repeat often).
  const vistos = new Map<number, number>();
  const vistoCosto: number[] = [];
  const vistoProveedores: number[] = [];
  const vistoVence: number[] = [];

  const registrar = (costo: number, proveedores: number, vence: number, resto: number) => {
    if (costo > mejorCosto) return;
    if (costo === mejorCosto && (proveedores > mejorProveedores || (proveedores === mejorProveedores && vence <= mejorVence))) return;
    mejorCosto = costo;
    mejorProveedores = proveedores;
    mejorVence = vence;
    for (let k = 0; k < n; k++) resultado[k] = actual[k]!;
    if (abierta >= 0) resultado[orden[abierta]!.i]! += resto;
  };

  const buscar = (j: number, resto: number, costo: number, proveedores: number, vence: number): void => {
    if (resto === 0) {
      registrar(costo, proveedores, vence, 0);
      return;
    }
    if (abierta >= 0 && j === m) {
      if (resto <= abiertaHolgura) registrar(costo + resto * abiertaPrecio, proveedores, vence + resto * orden[abierta]!.vence, resto);
      return;
    }
    if (j === m) return;
    if (capDesde[j]! + (abierta >= 0 ? abiertaHolgura : 0) < resto) return;
    const cota = costo + cotaResto(j, resto);
    if (cota > mejorCosto) return;
    if (cota === mejorCosto) {
      const alMenosUnoMas = abierta >= 0 && resto <= abiertaHolgura ? 0 : 1;
      if (proveedores + alMenosUnoMas > mejorProveedores) return;
    }
    const clave = (abiertaId * (m + 1) + j) * (objetivo + 1) + resto;
    const k = vistos.get(clave);
    if (k === undefined) {
      vistos.set(clave, vistoCosto.length);
      vistoCosto.push(costo);
      vistoProveedores.push(proveedores);
      vistoVence.push(vence);
    } else {
      if (vistoCosto[k]! <= costo && vistoProveedores[k]! <= proveedores && vistoVence[k]! >= vence) return;
      if (costo <= vistoCosto[k]! && proveedores <= vistoProveedores[k]! && vence >= vistoVence[k]!) {
        vistoCosto[k] = costo;
        vistoProveedores[k] = proveedores;
        vistoVence[k] = vence;
      }
    }
    const d = orden[j]!;
    const visitar = (e: Eleccion | null) => {
      if (e === null) {
        actual[d.i] = 0;
        buscar(j + 1, resto, costo, proveedores, vence);
        return;
      }
      actual[d.i] = e.cantidad;
      if (e.abierta) {
        abierta = j;
        abiertaId = e.id;
        abiertaPrecio = e.precio;
        abiertaHolgura = e.holgura;
      }
      buscar(j + 1, resto - e.cantidad, costo + e.cantidad * e.precio, proveedores + 1, vence + e.cantidad * d.vence);
      if (e.abierta) {
        abierta = -1;
        abiertaId = 0;
      }
      actual[d.i] = 0;
    };
    // Children with the lowest bound first: the optimum is found early and its cost prunes the
    // rest (visiting the largest quantity first, 9.999 kg over 50 offers took 18.000 nodes; so, 100).
    const hijos: Array<{ e: Eleccion | null; cota: number }> = [{ e: null, cota: costo + cotaResto(j + 1, resto) }];
    for (const e of d.elecciones) {
      if (e.cantidad > resto || (e.abierta && abierta >= 0)) continue;
      if (e.abierta) {
        abierta = j;
        abiertaPrecio = e.precio;
        abiertaHolgura = e.holgura;
      }
      hijos.push({ e, cota: costo + e.cantidad * e.precio + cotaResto(j + 1, resto - e.cantidad) });
      if (e.abierta) abierta = -1;
    }
    hijos.sort((a, b) => a.cota - b.cota);
    for (const h of hijos) if (h.cota <= mejorCosto) visitar(h.e);
  };
  buscar(0, objetivo, 0, 0, 0);
  return resultado;
}

/**
 * One requested line: the selected options (the optimal allocation of the quantity, or all the
 * stock when there is less), every other offer as an additional option priced for what it could
 * supply, the shortfall, and the next-tier nudge.
 */
export function compararLinea<O extends OfertaMotor>(cantidad: number, ofertas: readonly O[]): ResultadoLinea<O> {
  const stockTotal = ofertas.reduce((s, o) => s + o.stock, 0);
  // Less stock than asked: everything there is, at the price of what each offer supplies.
  const cantidades =
    stockTotal <= cantidad ? ofertas.map((o) => o.stock) : asignacionOptima(ofertas, Math.min(cantidad, ofertas.reduce((s, o) => s + Math.floor(o.stock), 0)));
  const seleccionadas: Asignacion<O>[] = [];
  const adicionales: Asignacion<O>[] = [];
  ofertas.forEach((o, k) => {
    const q = cantidades[k]!;
    if (q > 0) seleccionadas.push(asignar(o, q));
    else adicionales.push(asignar(o, Math.min(cantidad, o.stock)));
  });
  seleccionadas.sort((a, b) => b.cantidad - a.cantidad || a.precio - b.precio);
  adicionales.sort((a, b) => a.precio - b.precio || b.cantidad - a.cantidad);
  const asignado = seleccionadas.reduce((s, a) => s + Math.round(a.cantidad * 100), 0) / 100;
  const total = seleccionadas.reduce((s, a) => s + a.subtotal, 0);
  const faltante = Math.max(0, Math.round((cantidad - asignado) * 100) / 100);
  return { seleccionadas, adicionales, faltante, total, sugerencia: faltante > 0 ? null : sugerenciaPara(cantidad, total, ofertas) };
}

/**
 * The next-tier nudge: a tier of one offer reachable with at most SUGERENCIA_MAXIMA more units
 * that lowers the line's total, or at least its unit price. A lower total wins, then the lower
 * unit price, then fewer units added.
 */
function sugerenciaPara(cantidad: number, total: number, ofertas: readonly OfertaMotor[]): Sugerencia | null {
  const tope = Math.floor(cantidad * (1 + SUGERENCIA_MAXIMA));
  const precioMedio = total / cantidad;
  let mejor: Sugerencia | null = null;
  for (const o of ofertas) {
    for (const t of o.tramos) {
      const nueva = Math.ceil(t.limite_inferior);
      if (t.precio <= 0 || nueva <= cantidad || nueva > tope || nueva > o.stock) continue;
      const precio = precioUnitario(o, nueva);
      const nuevoTotal = nueva * precio;
      if (!(nuevoTotal < total || precio < precioMedio)) continue;
      const s = { proveedor_producto_id: o.proveedor_producto_id, cantidad_adicional: nueva - cantidad, cantidad_total: nueva, precio, total: nuevoTotal };
      if (!mejor || esMejorSugerencia(s, mejor, total)) mejor = s;
    }
  }
  return mejor;
}

const esMejorSugerencia = (a: Sugerencia, b: Sugerencia, total: number) => {
  const baja = (s: Sugerencia) => (s.total < total ? 0 : 1);
  const orden = baja(a) - baja(b) || a.precio - b.precio || a.cantidad_adicional - b.cantidad_adicional || a.proveedor_producto_id - b.proveedor_producto_id;
  return orden < 0;
};

const numeroEs = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 });

/** The unit as a sentence says it: 'kg' for KILO, 'caja'/'cajas' for CAJA. */
export function unidadCorta(unidad: string, cantidad: number): string {
  if (unidad.toUpperCase() === 'CAJA') return cantidad === 1 ? 'caja' : 'cajas';
  return 'kg';
}

/** DESIGN §3.5: 'Stock insuficiente: faltan N kg'. */
export const mensajeFaltante = (faltante: number, unidad: string) => `Stock insuficiente: faltan ${numeroEs.format(faltante)} ${unidadCorta(unidad, faltante)}`;

/** The nudge: 'Agrega 20 kg y pagas $4.990/kg'. */
export const mensajeSugerencia = (s: Sugerencia, unidad: string) =>
  `Agrega ${numeroEs.format(s.cantidad_adicional)} ${unidadCorta(unidad, s.cantidad_adicional)} y pagas ${formatClp(s.precio)}/${unidadCorta(unidad, 1)}`;
