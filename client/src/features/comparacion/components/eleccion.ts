import { mensajesComparacion, type Opcion, type ResultadoComparacion } from '../../../../../common/schemas/comparacion';

// The buyer's changes on the results screen (SPEC §4 Quotation flow 4–5), as pure functions over
// the comparison's items: each returns new items and never touches the ones it was given.

/** Quantities are kg or boxes with at most two decimals, as the server keeps them. */
const redondear = (v: number) => Math.round(v * 100) / 100;

export const subtotal = (o: Opcion) => Math.round(o.precio * o.cantidad_proveida);
export const proveido = (r: ResultadoComparacion) => redondear(r.opciones_seleccionadas.reduce((s, o) => s + o.cantidad_proveida, 0));
/** SPEC §4.4: what the selected options leave uncovered (requested − supplied). */
export const faltante = (r: ResultadoComparacion) => Math.max(0, redondear(r.cantidad_solicitada - proveido(r)));
export const total = (resultados: readonly ResultadoComparacion[]) =>
  resultados.reduce((s, r) => s + r.opciones_seleccionadas.reduce((t, o) => t + subtotal(o), 0), 0);

/** The shortfall as the server words it ('Stock insuficiente: faltan 20 kg'), for the choice as it stands now. */
export const mensajeFaltante = (r: ResultadoComparacion) => {
  const n = faltante(r);
  return n > 0 ? mensajesComparacion.faltante(n, r.unidad) : null;
};

/** SPEC §4.5: swapping to an option whose stock is below what the replaced one supplies asks first. */
export const pideConfirmarStock = (actual: Opcion, alternativa: Opcion) => alternativa.stock_disponible < actual.cantidad_proveida;

function cambiar(resultados: readonly ResultadoComparacion[], producto: number, cambio: (r: ResultadoComparacion) => ResultadoComparacion) {
  return resultados.map((r) => (r.producto === producto ? cambio(r) : r));
}

/**
 * SPEC §4.4–4.5: the alternative takes the place of a selected option (their estados toggle) and
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

/** SPEC §4.4: another supplier covers the missing quantity, as much of it as its stock allows. */
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
