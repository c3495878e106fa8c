import { cantidadEs, formatCantidad } from '#common/format';
import {
  type ActualizarCotizacionData,
  type CompararPrecios,
  type CompararPreciosData,
  mensajesComparacion,
  type Opcion,
  TOTAL_EXCESIVO,
  type ResultadoComparacion,
  type Tope,
} from '#common/schemas/comparacion';
import type { CondicionesDespacho } from '#common/despacho';
import { centesimas, ENTERO_MAXIMO } from '#common/numeros';
import { precioUnitario, subtotal } from '#common/precio';
import { erroresMinimo, totalEntregado } from '#common/total-entregado';
import type { UltimoPrecio } from '#common/ultima-vez';
import { conIva } from '#common/iva';
import { findCondicionesDefinidas } from '#server/modules/condiciones/condiciones.repository';
import { findRangosPrecios } from '#server/modules/catalogo/catalogo.repository';
import { hoyEnChile } from '#common/fecha';
import { erroresFila, mensajesFila, minimosPorCategoria } from '#common/schemas/cotizaciones';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { type Caller, holdOf } from '#server/http/caller';
import { findCotizante } from '#server/modules/cotizaciones/cotizaciones.repository';
import { findUltimosPrecios } from '#server/modules/pedidos/pedidos.repository';
import { holdTakesOver, requireHold, SOLICITUD_NO_ENCONTRADA } from '#server/modules/cotizaciones/cotizaciones.service';
import {
  findCotizacionHold,
  findDetallesSolicitud,
  findNombresOfertas,
  findOfertas,
  findOpciones,
  findOrdenIdDeCotizacion,
  findProductosComparables,
  findSolicitudAComparar,
  insertCotizacionConOpciones,
  type LineaComparadaNueva,
  type OpcionElegida,
  type OpcionNueva,
  type ProductoComparable,
  replaceSeleccion,
} from './comparacion.repository';
import { type Asignacion, type ResultadoLinea, mensajeSugerencia, resultadoLinea } from './motor/engine';
import type { CanastaThread } from './canasta/thread';
import type { Canasta, LineaCanasta } from './canasta/canasta';
import { despachoDeCanasta } from './despacho-respuesta';
import { type Comprador, createEntregas } from './motor/elegibles';
import type { ComparacionCache } from './cache/comparacion-cache';
import type { OfertaViva } from './motor/ofertas-vivas';

type Filas = CompararPreciosData['productos'];
interface Linea {
  fila: Filas[number];
  producto: ProductoComparable;
  resultado: ResultadoLinea<OfertaViva>;
}

/**
 * docs/producto.md §5 Quotation rules that hold for a comparison as for the request it compares: a product
 * once, and at least its category's minimum. A product the catalogue does not know or no longer
 * offers is no error here: it is reported as unidentified (docs/producto.md §8 Results).
 */
function assertFilas(filas: Filas, productos: Map<number, ProductoComparable>, minimos: ReturnType<typeof minimosPorCategoria>): void {
  const vistos = new Set<number>();
  const errores = filas.flatMap((fila, i) => {
    const p = productos.get(fila.producto);
    if (!p?.disponible) return [];
    if (vistos.has(p.id)) return [mensajesFila.productoRepetido(i + 1, p.nombre)];
    vistos.add(p.id);
    return erroresFila(fila, i + 1, { campos: ['cantidad'], minimo: minimos.get(p.categoria_id), unidad: p.unidad }).map((e) => e.mensaje);
  });
  if (errores.length > 0) throw new AppError(400, { productos: errores });
}

/**
 * Compares prices for the rows of a request the caller holds (docs/producto.md §4 Quotation flow 3) and keeps
 * the result as a cotizacion with its selected opcion rows, which actualizar and crear-orden read.
 * The delivery date is that of the request's newest delivery record; with none, each supplier's first
 * possible day (elegibles.ts), and today in Chile for a supplier without terms.
 *
 * Where the time went (docs/decisions/006, 010), and what this does about it:
 * - the catalogue's side (the products, their offers, the tiers) comes from the comparison cache
 *   (comparacion-cache.ts), read from the database only for products it does not hold or held
 *   too long; the buyer's side (the request's holder and delivery record) is one query, and a
 *   logged-in caller's last prices another (docs/decisions/023), both run alongside; ownership is
 *   still decided first, before anything is validated, shown or written;
 * - only the SELECTED options are stored: inserting ~1,500 additional rows (three foreign keys
 *   each) was the largest cost. actualizar accepts any live offer of the quotation's products
 *   and prices it again, so it never needed them; an additional option is answered with
 *   opcion_id = −proveedor_producto_id, unique in the answer (the screens use opcion_id only as
 *   a key there) and never taken for a stored row;
 * - the quotation, its options and its lines with the suppliers they weighed (linea_comparada) are one statement;
 * - the answer (a CompararPrecios) is returned as JSON in UTF-8 bytes, its additional options
 *   written out while the database writes the quotation.
 */
export async function compararPrecios(
  { db, cache, solver }: { db: Db; cache: ComparacionCache; solver: Pick<CanastaThread, 'solve'> },
  caller: Caller,
  data: CompararPreciosData,
  ahora: Date,
): Promise<Buffer> {
  const ids = [...new Set(data.productos.map((f) => f.producto))];
  // What the caller's account paid last time (docs/decisions/023) is read alongside: only its own
  // orders, and shown only once the request is known to be its own.
  const [held, catalogo, rangos, ultimos] = await Promise.all([
    findSolicitudAComparar(db, data.solicitudId),
    cache.find(ids),
    cache.findRangos(),
    caller.usuarioId === undefined ? new Map<number, UltimoPrecio>() : findUltimosPrecios(db, caller.usuarioId, ids),
  ]);
  // Ownership first: 404, as for a request that does not exist, before anything is validated or shown.
  if (!held || !holdOf(held, caller)) throw notFound(SOLICITUD_NO_ENCONTRADA);
  const productos = new Map<number, ProductoComparable>();
  for (const { producto } of catalogo.values()) if (producto) productos.set(producto.id, producto);
  assertFilas(data.productos, productos, minimosPorCategoria(rangos));

  const { cotizante } = held;
  const hoy = hoyEnChile(ahora);
  const comprador: Comprador = { comuna: cotizante?.comuna ?? null, fecha: cotizante?.fecha_entrega ?? null, hoy, ahora };
  const fecha = comprador.fecha ?? hoy;
  const condiciones = new Map<number, CondicionesDespacho>();
  for (const valor of catalogo.values()) for (const [id, c] of valor.condiciones) condiciones.set(id, c);
  const entregas = createEntregas(comprador, (id) => condiciones.get(id));
  const preparadas = data.productos.flatMap((fila) => {
    const producto = productos.get(fila.producto);
    if (!producto?.disponible) return [];
    return [{ fila, producto, ...entregas.elegibles(catalogo.get(producto.id)!.ofertas) }];
  });
  const { canasta, tope } = await canastaConTope(
    solver,
    preparadas.map((p) => ({ cantidad: p.fila.cantidad, ofertas: p.vivas })),
    condiciones,
    data.max_proveedores ?? null,
  );
  const lineas = preparadas.map(
    ({ fila, producto, vivas }, i): Linea => ({
      fila,
      producto,
      resultado: resultadoLinea(fila.cantidad, vivas, canasta.cantidades[i]!, canasta.optimo, 0),
    }),
  );
  const despacho = despachoDeCanasta({ preparadas, canasta, condiciones, entregas, fecha });
  const seleccionadas = lineas.flatMap(({ fila, producto, resultado }) =>
    resultado.seleccionadas.map(
      (a): OpcionNueva => ({
        producto_id: producto.id,
        proveedor_producto_id: a.oferta.proveedor_producto_id,
        cantidad_solicitada: fila.cantidad,
        cantidad_proveida: a.cantidad,
        precio: a.precio,
        estado: 'seleccionado',
      }),
    ),
  );
  const guardar = (tx: Db) =>
    insertCotizacionConOpciones(
      tx,
      { solicitud_id: data.solicitudId, cotizante_id: cotizante?.id ?? null, usuario_id: caller.usuarioId ?? null },
      seleccionadas,
      comparadas(lineas),
    );
  // A logged-in caller sending the clave claims the clave's records in requireHold(): in the writing
  // transaction, with the quotation, so a rejected comparison above wrote nothing (docs/decisions/005).
  // Otherwise the quotation and its options are one statement, atomic alone: no BEGIN and COMMIT
  // round trips (~1 ms of the 15 ms target).
  const guardado = holdTakesOver(held, caller)
    ? db.transaction(async (tx) => {
        await requireHold(tx, held, caller, SOLICITUD_NO_ENCONTRADA);
        return guardar(tx);
      })
    : guardar(db);

  // While the database writes the quotation (its rows, their foreign-key checks, the COMMIT: ~4 ms
  // on PostgreSQL), the additional options are written out: ~97 % of the answer, no stored id in them.
  const [{ cotizacionId, opcionIds }, adicionales] = await Promise.all([guardado, adicionalesJson(lineas)]);

  let siguiente = 0;
  const resultados = lineas.map((linea, k): string[] => {
    const { fila, producto, resultado } = linea;
    const sinOfertas = resultado.seleccionadas.length + resultado.adicionales.length === 0;
    const item: Omit<ResultadoComparacion, 'opciones_adicionales'> = {
      producto: producto.id,
      nombre: producto.nombre,
      unidad: producto.unidad,
      cantidad_solicitada: fila.cantidad,
      opciones_seleccionadas: resultado.seleccionadas.map((a) => opcionDe(linea, a, 'seleccionado', opcionIds[siguiente++]!)),
      mensaje: sinOfertas
        ? mensajesComparacion.sinOfertas(producto.nombre)
        : resultado.faltante > 0
          ? mensajesComparacion.faltante(resultado.faltante, producto.unidad)
          : null,
      productos_inexistentes: sinOfertas ? [producto.nombre] : [],
      sugerencia: resultado.sugerencia && { ...resultado.sugerencia, mensaje: mensajeSugerencia(resultado.sugerencia, producto.unidad) },
      avisos: despacho.avisos[k]!,
      ultimo_precio: ultimos.get(producto.id) ?? null,
    };
    return [k === 0 ? '' : ',', abrirMiembro(item, 'opciones_adicionales'), adicionales[k]!, '}'];
  });
  const productos_no_identificados = data.productos.flatMap((fila) => {
    const p = productos.get(fila.producto);
    if (p?.disponible) return [];
    return [{ producto: fila.producto, mensaje: p ? mensajesComparacion.noDisponible(p.nombre) : mensajesComparacion.noIdentificado(fila.producto) }];
  });
  const respuesta: Omit<CompararPrecios, 'resultados'> = {
    cotizacion_id: cotizacionId,
    fecha_entrega: fecha,
    productos_no_identificados,
    optimo: canasta.optimo,
    diferencia_maxima: canasta.diferencia_maxima,
    total_productos: canasta.total_productos,
    total_despacho: canasta.total_despacho,
    total: canasta.total,
    ...conIva(canasta.total),
    ...despacho.respuesta,
    tope,
  };
  return utf8([abrirMiembro(respuesta, 'resultados'), '[', ...resultados.flat(), ']}']);
}

/** The units a basket covers (its suppliers, each one truck, are its `proveedores`). */
const coberturaDe = (c: Canasta) => c.cantidades.reduce((t, linea) => t + linea.reduce((u, q) => u + q, 0), 0);

/**
 * The basket to answer, under the buyer's cap on suppliers when there is one ('Menos proveedores',
 * docs/decisions/014): the basket without the cap first, for what the cap costs; only when it uses
 * more suppliers than the cap, the basket under it (the solver's exact cheapest with at most that
 * many, most coverage first). A cap the basket already keeps changes nothing: tope says so (mensaje null).
 */
async function canastaConTope(
  solver: Pick<CanastaThread, 'solve'>,
  lineas: readonly LineaCanasta[],
  condiciones: ReadonlyMap<number, CondicionesDespacho>,
  maxProveedores: number | null,
): Promise<{ canasta: Canasta; tope: Tope | null }> {
  const libre = await solver.solve(lineas, condiciones);
  if (maxProveedores === null) return { canasta: libre, tope: null };
  const sinTope = libre.proveedores.length;
  const base = { max_proveedores: maxProveedores, proveedores_sin_tope: sinTope, total_sin_tope: libre.total };
  if (sinTope <= maxProveedores) return { canasta: libre, tope: { ...base, proveedores: sinTope, diferencia: 0, mensaje: null } };
  const canasta = await solver.solve(lineas, condiciones, { maxProveedores });
  const conTope = canasta.proveedores.length;
  const diferencia = canasta.total - libre.total;
  return {
    canasta,
    tope: {
      ...base,
      proveedores: conTope,
      diferencia,
      mensaje: mensajesComparacion.tope(diferencia, conTope, sinTope, coberturaDe(canasta) < coberturaDe(libre)),
    },
  };
}

/**
 * Each line with the suppliers the comparison weighed there, selected or additional, each at its
 * cheapest unit price for what it could sell of the quantity asked (min(asked, its stock): the price
 * the buyer saw for an additional option). The options keep only what was selected; these lines keep
 * who else was in the running, for the supplier's panel (docs/decisions/025). A line no supplier
 * could serve weighed nobody: no row.
 */
function comparadas(lineas: readonly Linea[]): LineaComparadaNueva[] {
  return lineas.flatMap(({ fila, producto, resultado }) => {
    const precios = new Map<number, number>();
    for (const asignaciones of [resultado.seleccionadas, resultado.adicionales]) {
      for (const { oferta } of asignaciones) {
        const precio = precioUnitario(oferta, Math.min(fila.cantidad, oferta.stock));
        const antes = precios.get(oferta.proveedor_id);
        if (antes === undefined || precio < antes) precios.set(oferta.proveedor_id, precio);
      }
    }
    if (precios.size === 0) return [];
    // Its outcome as the options will store it: what replaceSeleccion computes again from them.
    const elegidos = new Set<number>();
    let monto = 0;
    let cantidad = 0;
    for (const a of resultado.seleccionadas) {
      elegidos.add(a.oferta.proveedor_id);
      monto += a.precio * a.cantidad;
      cantidad += a.cantidad;
    }
    return [
      {
        producto_id: producto.id,
        proveedores: [...precios.keys()],
        precios: [...precios.values()],
        elegidos: [...elegidos],
        precio_elegido: cantidad > 0 ? monto / cantidad : null,
      },
    ];
  });
}

const opcionDe = (linea: Linea, a: Asignacion<OfertaViva>, estado: Opcion['estado'], opcion_id: number): Opcion => ({
  opcion_id,
  proveedor_producto_id: a.oferta.proveedor_producto_id,
  proveedor_id: a.oferta.proveedor_id,
  producto: linea.producto.nombre,
  marca: linea.producto.marca,
  categoria: linea.producto.categoria,
  origen: linea.producto.origen,
  unidad: linea.producto.unidad,
  proveedor: a.oferta.proveedor,
  cantidad_solicitada: linea.fila.cantidad,
  cantidad_proveida: a.cantidad,
  precio: a.precio,
  subtotal: a.subtotal,
  stock_disponible: a.oferta.stock,
  fecha_vencimiento: a.oferta.fecha_vencimiento,
  estado,
});

/** Each line's additional options as JSON text. An additional option is not stored: its opcion_id is −proveedor_producto_id. */
async function adicionalesJson(lineas: readonly Linea[]): Promise<string[]> {
  // The pool hands its connection over on the next tick: let the INSERT go out before this work.
  await new Promise(setImmediate);
  return lineas.map((linea) => JSON.stringify(linea.resultado.adicionales.map((a) => opcionDe(linea, a, 'adicional', -a.oferta.proveedor_producto_id))));
}

/** `valor` (an object with members) as JSON, open for one more member whose value follows: `{…,"clave":`. */
const abrirMiembro = (valor: object, clave: string) => `${JSON.stringify(valor).slice(0, -1)},${JSON.stringify(clave)}:`;

/**
 * Parts of a text, encoded one by one into one buffer. Joining them as strings first made a rope
 * that V8 flattened to measure and encode it: ~5.5 ms for the ~580 KB answer, against ~1.2 ms part
 * by part (docs/decisions/010).
 */
function utf8(partes: readonly string[]): Buffer {
  const bytes = Buffer.allocUnsafe(partes.reduce((n, p) => n + Buffer.byteLength(p), 0));
  let escritos = 0;
  for (const p of partes) escritos += bytes.write(p, escritos);
  return bytes;
}

// PUT actualizar: the buyer's final choice on the results. crear-orden names a quotation and an
// offer in its messages the same way (ordenes.service).

export const COTIZACION_NO_ENCONTRADA = 'Cotización no encontrada.';
export const YA_ORDENADA = 'Esta cotización ya tiene una orden de compra: no se puede cambiar.';

export type NombreOferta = { producto_nombre: string; proveedor_nombre: string; unidad: string };
/** How a buyer recognises an offer in a message: the product and who sells it. */
export const nombreOferta = (o: NombreOferta) => `"${o.producto_nombre}" de ${o.proveedor_nombre}`;

/** Row errors of a change of choice, numbered from 1 as the body's items (like a request's rows). */
export const mensajesEleccion = {
  ajena: (n: number, id: number) => `Fila ${n}: La oferta ${id} no es una opción de esta cotización.`,
  repetida: (n: number, o: NombreOferta) => `Fila ${n}: ${nombreOferta(o)} ya está en otra fila.`,
  noDisponible: (n: number, o: NombreOferta) => `Fila ${n}: ${nombreOferta(o)} ya no está disponible.`,
  /** Its supplier does not deliver to the quotation's comuna or on its day ('Carnes del Sur no despacha a Puerto Montt'). */
  noDespacha: (n: number, aviso: string) => `Fila ${n}: ${aviso}.`,
  /** Under the category's minimum when the offers the buyer can receive hold less: all of it, then. */
  minimoSinStock: (n: number, minimo: number, stock: number, unidad: string) =>
    `Fila ${n}: La cantidad mínima debe ser de ${formatCantidad(minimo, unidad)}; como solo quedan ${formatCantidad(stock, unidad)}, elige todo lo disponible.`,
  sinStock: (n: number, o: NombreOferta, stock: number, cantidad: number) =>
    `Fila ${n}: Solo quedan ${formatCantidad(stock, o.unidad)} de ${nombreOferta(o)}; elegiste ${cantidadEs(cantidad)}.`,
};

/**
 * Who receives a quotation, for its delivery terms: its delivery record's comuna and date (none:
 * no comuna to check, each supplier's first day).
 */
async function compradorDe(db: Db, cotizanteId: number | null, ahora: Date): Promise<Comprador> {
  const entrega = cotizanteId === null ? undefined : await findCotizante(db, cotizanteId);
  const comuna = entrega?.comuna != null && entrega.comuna_nombre != null ? { id: entrega.comuna, nombre: entrega.comuna_nombre } : null;
  return { comuna, fecha: entrega?.fecha_entrega ?? null, hoy: hoyEnChile(ahora), ahora };
}

/**
 * The offers of these products a buyer can receive (its supplier delivers to its comuna on its
 * day, with lots that outlive that day), why the others cannot, and the terms of their suppliers:
 * actualizar checks a choice with these, and crear-orden checks it again before charging the fees.
 */
export async function findOfertasRecibibles(db: Db, productoIds: readonly number[], cotizanteId: number | null, ahora: Date) {
  const ofertas = await findOfertas(db, productoIds);
  const condiciones = await findCondicionesDefinidas(db, [...new Set(ofertas.map((o) => o.proveedor_id))]);
  const entregas = createEntregas(await compradorDe(db, cotizanteId, ahora), (id) => condiciones.get(id));
  const { vivas, excluidas } = entregas.elegibles(ofertas);
  /** The day a supplier of these offers delivers (the date asked, else its first possible day), if it does. */
  const diaDe = (proveedorId: number): string | undefined => {
    const e = entregas.entregaDe(proveedorId, '');
    return 'dia' in e ? e.dia : undefined;
  };
  return { vivas, excluidas, condiciones, diaDe };
}

/**
 * docs/producto.md §5's minimum holds for the choice as for the request: what is bought of each product, summed
 * over its suppliers, reaches its category's minimum, written in the product's unit; or, when the
 * offers the buyer can receive hold less than that, all they hold (the comparison offered no more).
 * The message goes on the first row of that product (docs/decisions/006, cantidades y unidades).
 */
async function erroresCantidadMinima(
  db: Db,
  items: ActualizarCotizacionData['productos'],
  elegidas: readonly OpcionElegida[],
  vivas: readonly OfertaViva[],
): Promise<string[]> {
  const total = new Map<number, number>();
  for (const e of elegidas) total.set(e.producto_id, (total.get(e.producto_id) ?? 0) + e.cantidad_proveida);
  const productos = await findProductosComparables(db, [...total.keys()]);
  const minimos = minimosPorCategoria(await findRangosPrecios(db));
  const disponible = new Map<number, number>();
  for (const v of vivas) disponible.set(v.producto_id, (disponible.get(v.producto_id) ?? 0) + v.stock);
  const productoDe = new Map(elegidas.map((e) => [e.proveedor_producto_id, e.producto_id]));
  return productos
    .flatMap((p) => {
      const minimo = minimos.get(p.categoria_id);
      // Hundredths: a sum of two-decimal quantities compared without float noise.
      if (minimo === undefined) return [];
      const elegido = centesimas(total.get(p.id)!);
      const stock = centesimas(disponible.get(p.id) ?? 0);
      if (elegido >= Math.min(centesimas(minimo), stock)) return [];
      const fila = items.findIndex((i) => productoDe.get(i.proveedor_producto_id) === p.id) + 1;
      const mensaje =
        stock < centesimas(minimo) ? mensajesEleccion.minimoSinStock(fila, minimo, stock / 100, p.unidad) : mensajesFila.cantidadMinima(fila, minimo, p.unidad);
      return [{ fila, mensaje }];
    })
    .sort((a, b) => a.fila - b.fila)
    .map((e) => e.mensaje);
}

/**
 * The buyer's final choice (docs/producto.md §4.4–4.6: swaps, an added supplier, the stock confirmation):
 * each item becomes a selected option, every other option an additional one. The unit price is
 * computed again here with the one pricing rule for the quantity chosen; the body's `precio` is
 * never read. An item must be an offer of this quotation's products that can still sell that
 * quantity for its delivery day; every row's problem is answered at once (400, under productos).
 */
export async function updateSeleccion(db: Db, caller: Caller, cotizacionId: number, data: ActualizarCotizacionData, ahora: Date): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const cotizacion = await findCotizacionHold(tx, cotizacionId, { lock: true });
    await requireHold(tx, cotizacion, caller, COTIZACION_NO_ENCONTRADA);
    // The order copied the choice; changing it now would make the quotation say what was not bought.
    if ((await findOrdenIdDeCotizacion(tx, cotizacionId)) !== undefined) throw new AppError(409, { detail: YA_ORDENADA });

    // One after the other: a transaction is one connection.
    const opciones = await findOpciones(tx, cotizacionId);
    const detalles = await findDetallesSolicitud(tx, cotizacion!.solicitud_id);
    const solicitado = new Map(detalles.map((d) => [d.producto_id, d.cantidad]));
    const productoIds = [...new Set([...detalles.map((d) => d.producto_id), ...opciones.map((o) => o.producto_id)])];
    const recibibles = await findOfertasRecibibles(tx, productoIds, cotizacion!.cotizante_id, ahora);
    const vivas = new Map(recibibles.vivas.map((o) => [o.proveedor_producto_id, o]));
    const fuera = new Map(recibibles.excluidas.map((e) => [e.proveedor_producto_id, e.aviso]));
    const opcionDe = new Map(opciones.map((o) => [o.proveedor_producto_id, o]));
    const nombres = new Map(
      (
        await findNombresOfertas(
          tx,
          data.productos.map((p) => p.proveedor_producto_id),
        )
      ).map((n) => [n.id, n]),
    );

    const elegidas: OpcionElegida[] = [];
    const vistas = new Set<number>();
    const errorDe = (id: number, cantidad: number, n: number): string | undefined => {
      const viva = vivas.get(id);
      const nombre = nombres.get(id);
      // comparar-precios stores only the selected options: an additional one the buyer saw is an
      // offer of the quotation's products, and if it is gone it is 'ya no está disponible'.
      if (!nombre || (!viva && !opcionDe.has(id) && !productoIds.includes(nombre.producto_id))) return mensajesEleccion.ajena(n, id);
      if (vistas.has(id)) return mensajesEleccion.repetida(n, nombre);
      vistas.add(id);
      const aviso = fuera.get(id);
      if (aviso) return mensajesEleccion.noDespacha(n, aviso);
      if (!viva) return mensajesEleccion.noDisponible(n, nombre);
      if (cantidad > viva.stock) return mensajesEleccion.sinStock(n, nombre, viva.stock, cantidad);
      elegidas.push({
        opcion_id: opcionDe.get(id)?.id,
        producto_id: viva.producto_id,
        proveedor_producto_id: id,
        cantidad_solicitada: opcionDe.get(id)?.cantidad_solicitada ?? solicitado.get(viva.producto_id) ?? cantidad,
        cantidad_proveida: cantidad,
        precio: precioUnitario(viva, cantidad),
      });
      return undefined;
    };
    const errores = data.productos.flatMap((p, i) => errorDe(p.proveedor_producto_id, p.cantidad, i + 1) ?? []);
    if (errores.length > 0) throw new AppError(400, { productos: errores });
    const bajoCantidadMinima = await erroresCantidadMinima(tx, data.productos, elegidas, recibibles.vivas);
    if (bajoCantidadMinima.length > 0) throw new AppError(400, { productos: bajoCantidadMinima });
    const partes = elegidas.map((e) => {
      const viva = vivas.get(e.proveedor_producto_id)!;
      return { proveedor_id: viva.proveedor_id, proveedor: viva.proveedor, subtotal: subtotal(e.cantidad_proveida, e.precio) };
    });
    const bajoMinimo = erroresMinimo(partes, (id) => recibibles.condiciones.get(id));
    if (bajoMinimo.length > 0) throw new AppError(400, { productos: bajoMinimo });
    // The order copies this choice into integer columns: a total beyond them is refused here, before
    // billing, not by the order (docs/decisions/013, montos que se suman).
    const { total } = totalEntregado(partes, (id) => recibibles.condiciones.get(id));
    if (total > ENTERO_MAXIMO) throw new AppError(400, { productos: [TOTAL_EXCESIVO] });
    await replaceSeleccion(tx, cotizacionId, elegidas);
  });
  return { id: cotizacionId };
}
