import { claveRango, limiteDeRango, nombreRango } from '#common/constants';
import { formatCantidad } from '#common/format';
import { hoyEnChile } from '#common/fecha';
import {
  FECHA_VENCIMIENTO_FUTURA,
  type ProveedorProducto,
  erroresRangosCrecientes,
  type ProveedorProductoEditData,
  rangoDesconocido,
  STOCK_CAMBIO,
  type Lote,
} from '#common/schemas/proveedor-productos';
import { errorFechaVencimiento, errorStock } from '#common/schemas/proveedor-carga';
import type { LoteNuevoData } from '#common/schemas/proveedor-lote';
import { redondearCentesimas } from '#common/numeros';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { archiveProveedorProducto } from './proveedor.repository';
import {
  deleteLoteById,
  findProveedorProductos,
  findRangosDeCategoria,
  lockLote,
  lockOfertaPropia,
  setRangos,
  updateLote,
  insertLote,
  lockLoteDeFecha,
  updateTarifa,
  upsertLote,
} from './proveedor-productos.repository';

/** One answer for another supplier's offer, an archived one and a missing one: nothing says which. */
export const OFERTA_NO_ENCONTRADA = 'Producto no encontrado.';
export const LOTE_NO_ENCONTRADO = 'Lote no encontrado.';

/**
 * The inline edit of one row (docs/producto.md §4 Supplier product editing, §5): the offer's price and tier
 * prices, and the row's lot (quantity and expiry), in ONE transaction with the offer and the lot
 * locked. `lote.cantidad` is the stock left after orders (docs/decisions/007); what the supplier
 * edits is that stock on hand, never below 0 (the schema), and never over an order it did not see:
 * when the form's quantity was not changed the lot keeps whatever it holds now, and when it was
 * changed from a quantity an order has since taken from, the edit is refused (docs/decisions/009).
 */
export async function updateProveedorProducto(
  db: Db,
  proveedorId: number,
  id: number,
  data: ProveedorProductoEditData,
  ahora: Date,
): Promise<ProveedorProducto> {
  const hoy = hoyEnChile(ahora);
  await db.transaction(async (tx) => {
    const oferta = await lockOfertaPropia(tx, proveedorId, id);
    if (!oferta) throw notFound(OFERTA_NO_ENCONTRADA);

    // A tier is named in kg (its key) or in the product's unit ('Desde 100 cajas', what the form shows).
    const rangos = Object.entries(data.rangos ?? {}).map(([nombre, precio]) => ({ nombre, clave: claveRango(nombre), precio }));
    const idDe = new Map((await findRangosDeCategoria(tx, oferta.categoria_id)).map((r) => [r.nombre, r.id]));
    const desconocido = rangos.find((r) => !idDe.has(r.clave));
    if (desconocido) throw new AppError(400, { rangos: [rangoDesconocido(desconocido.nombre)] });
    // An edit of the price or the tiers leaves them falling from the price on, the tiers not sent
    // kept as they are (docs/decisions/008, rangos que bajan con el volumen); a stock-only edit is not held to it.
    const [vigente] = await findProveedorProductos(tx, proveedorId, id);
    const unidad = vigente?.unidad ?? 'KILO';
    if (rangos.length > 0 || data.tarifa !== vigente?.tarifa) {
      const precios = new Map<string, number | null>(Object.entries(vigente?.rangos ?? {}));
      for (const r of rangos) precios.set(r.clave, r.precio);
      const crecientes = erroresRangosCrecientes(
        data.tarifa,
        [...precios].map(([clave, precio]) => {
          const limite = limiteDeRango(clave) ?? 0;
          return { limite, nombre: nombreRango(limite, unidad), precio };
        }),
      );
      if (crecientes.length > 0) throw new AppError(400, { rangos: crecientes.map((e) => e.mensaje) });
    }

    if (data.stock_id !== undefined) {
      const actual = await lockLote(tx, id, data.stock_id);
      if (!actual) throw notFound(LOTE_NO_ENCONTRADO);
      if (data.fecha_expiracion !== actual.fecha_expiracion && data.fecha_expiracion <= hoy) {
        throw new AppError(400, { fecha_expiracion: [FECHA_VENCIMIENTO_FUTURA] });
      }
      const tocada = data.cantidad !== undefined && data.cantidad !== data.cantidad_anterior;
      if (tocada && data.cantidad_anterior !== undefined && actual.cantidad !== data.cantidad_anterior) {
        throw new AppError(400, { cantidad: [STOCK_CAMBIO(formatCantidad(actual.cantidad, unidad))] });
      }
      await updateLote(tx, actual.id, { fecha_expiracion: data.fecha_expiracion, ...(tocada ? { cantidad: data.cantidad } : {}) });
    } else if (data.cantidad !== undefined && data.cantidad > 0) {
      // The row 'Sin stock' given a quantity: the lot of that expiry date, which must not be born
      // expired. Set, not added: the same edit sent twice (a retry, a double click) is one lot with
      // that quantity, as an upload's row is (it made two). The offer's lock orders them.
      if (data.fecha_expiracion <= hoy) throw new AppError(400, { fecha_expiracion: [FECHA_VENCIMIENTO_FUTURA] });
      await upsertLote(tx, id, data.cantidad, data.fecha_expiracion);
    }

    await updateTarifa(tx, id, data.tarifa);
    await setRangos(
      tx,
      id,
      rangos.map((r) => ({ rango_precio_id: idDe.get(r.clave)!, precio: r.precio })),
    );
  });
  const [actualizado] = await findProveedorProductos(db, proveedorId, id);
  return actualizado!;
}

/**
 * DELETE archives (DESIGN §2, docs/decisions/004): the offer leaves the supplier's list, the
 * comparisons and the upload's matching, while quotations, orders and lots keep pointing at it.
 * An offer already archived answers 404 like a missing one: for the API it is gone.
 */
export async function deleteProveedorProducto(db: Db, proveedorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockOfertaPropia(tx, proveedorId, id))) throw notFound(OFERTA_NO_ENCONTRADA);
    await archiveProveedorProducto(tx, proveedorId, id);
  });
}

/**
 * Removes one lot of one of the supplier's own offers ('Eliminar' on a lot's row
 * archived the whole offer with all its lots). The offer stays, with its other lots. The offer
 * and then the lot are locked, as the inline edit does, so an order taking stock from this lot
 * finishes first or waits. Another supplier's lot, a lot of another offer and a missing one answer
 * the same 404.
 */
export async function deleteLoteProveedorProducto(db: Db, proveedorId: number, ofertaId: number, loteId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockOfertaPropia(tx, proveedorId, ofertaId))) throw notFound(OFERTA_NO_ENCONTRADA);
    const actual = await lockLote(tx, ofertaId, loteId);
    if (!actual) throw notFound(LOTE_NO_ENCONTRADO);
    await deleteLoteById(tx, actual.id);
  });
}

/**
 * 'Agregar lote' (docs/producto.md §17): stock that arrived for one of the supplier's own offers. Its
 * expiry must be after today in Chile, the upload's rule and clock (errorFechaVencimiento,
 * hoyEnChile). A lot of an expiry date the offer already has is ADDED to that lot, not set and not
 * a second lot (docs/decisions/008, un producto o un lote a mano): the form asks what arrived, not
 * what the date now holds; the list keeps one row per date, as the upload does; the sum stays
 * within the upload's STOCK_TOPE. The offer and then the lot are locked, as the inline edit and
 * orders lock them. Another supplier's offer, an archived one and a missing one answer one 404.
 */
export async function createLote(db: Db, proveedorId: number, ofertaId: number, data: LoteNuevoData, ahora: Date): Promise<Lote> {
  // Checked on the offer found: another supplier's offer is a 404 whatever the date.
  const errorFecha = errorFechaVencimiento(data.fecha_expiracion, hoyEnChile(ahora));
  return db.transaction(async (tx) => {
    if (!(await lockOfertaPropia(tx, proveedorId, ofertaId))) throw notFound(OFERTA_NO_ENCONTRADA);
    if (errorFecha) throw new AppError(400, { fecha_expiracion: [errorFecha] });
    const existente = await lockLoteDeFecha(tx, ofertaId, data.fecha_expiracion);
    if (!existente) return insertLote(tx, ofertaId, data.cantidad, data.fecha_expiracion);
    const cantidad = redondearCentesimas(existente.cantidad + data.cantidad);
    const tope = errorStock(cantidad);
    if (tope) throw new AppError(400, { cantidad: [tope] });
    await updateLote(tx, existente.id, { cantidad, fecha_expiracion: data.fecha_expiracion });
    return { id: existente.id, cantidad, fecha_expiracion: data.fecha_expiracion };
  });
}
