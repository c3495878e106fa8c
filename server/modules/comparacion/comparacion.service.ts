import {
  type CompararPrecios,
  type CompararPreciosData,
  mensajesComparacion,
  type Opcion,
  type ResultadoComparacion,
} from '../../../common/schemas/comparacion';
import { ahoraEnChile, erroresFila, mensajesFila, minimosPorCategoria } from '../../../common/schemas/cotizaciones';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findRangosPrecios } from '../catalogo/catalogo.repository';
import type { Llamante } from '../cotizaciones/clave';
import { findSolicitudTenencia } from '../cotizaciones/cotizaciones.repository';
import { hold, SOLICITUD_NO_ENCONTRADA } from '../cotizaciones/cotizaciones.service';
import {
  findOfertasVivas,
  findProductosComparables,
  findUltimoCotizante,
  insertCotizacion,
  insertOpciones,
  type OfertaViva,
  type OpcionNueva,
  type ProductoComparable,
} from './comparacion.repository';
import { type Asignacion, compararLinea, mensajeFaltante, mensajeSugerencia, type ResultadoLinea } from './engine';

type Filas = CompararPreciosData['productos'];
type OfertaComparada = OfertaViva & { fecha_vencimiento: string };

/**
 * SPEC §5 Quotation rules that hold for a comparison as for the request it compares: a product
 * once, and at least its category's minimum. A product the catalogue does not know or no longer
 * offers is no error here: it is reported as unidentified (SPEC §8 Results).
 */
async function assertFilas(db: Db, filas: Filas, productos: Map<number, ProductoComparable>): Promise<void> {
  const minimos = minimosPorCategoria(await findRangosPrecios(db));
  const vistos = new Set<number>();
  const errores = filas.flatMap((fila, i) => {
    const p = productos.get(fila.producto);
    if (!p?.disponible) return [];
    if (vistos.has(p.id)) return [mensajesFila.productoRepetido(i + 1, p.nombre)];
    vistos.add(p.id);
    return erroresFila(fila, i + 1, { campos: ['cantidad'], minimo: minimos.get(p.categoria_id) }).map((e) => e.mensaje);
  });
  if (errores.length > 0) throw new AppError(400, { productos: errores });
}

/**
 * Compares prices for the rows of a request the caller holds (SPEC §4 Quotation flow 3) and keeps
 * the result as a cotizacion with its opcion rows, which actualizar and crear-orden read. The
 * delivery date is that of the request's newest delivery record, today in Chile when it has none.
 */
export async function compararPrecios(db: Db, llamante: Llamante, data: CompararPreciosData, ahora: Date): Promise<CompararPrecios> {
  return db.transaction(async (tx) => {
    await hold(tx, await findSolicitudTenencia(tx, data.solicitudId), llamante, SOLICITUD_NO_ENCONTRADA);
    const ids = [...new Set(data.productos.map((f) => f.producto))];
    const productos = new Map((await findProductosComparables(tx, ids)).map((p) => [p.id, p]));
    await assertFilas(tx, data.productos, productos);

    const cotizante = await findUltimoCotizante(tx, data.solicitudId);
    const fecha = cotizante?.fecha_entrega ?? ahoraEnChile(ahora).hoy;
    const disponibles = ids.filter((id) => productos.get(id)?.disponible);
    const ofertasDe = new Map<number, OfertaComparada[]>();
    for (const o of await findOfertasVivas(tx, disponibles, fecha)) {
      // The option reports its first usable lot: the order takes stock first-expired-first-out.
      ofertasDe.set(o.producto_id, [...(ofertasDe.get(o.producto_id) ?? []), { ...o, fecha_vencimiento: o.lotes[0]!.fecha_expiracion }]);
    }

    const lineas = data.productos.flatMap((fila) => {
      const producto = productos.get(fila.producto);
      return producto?.disponible ? [{ fila, producto, resultado: compararLinea(fila.cantidad, ofertasDe.get(producto.id) ?? []) }] : [];
    });
    const cotizacionId = await insertCotizacion(tx, {
      solicitud_id: data.solicitudId,
      cotizante_id: cotizante?.id ?? null,
      usuario_id: llamante.usuarioId ?? null,
    });
    const filasOpcion = lineas.flatMap(({ fila, producto, resultado }) => opcionesDe(fila.cantidad, producto, resultado));
    const opcionIds = await insertOpciones(
      tx,
      cotizacionId,
      filasOpcion.map(({ nueva }) => nueva),
    );
    const opciones = filasOpcion.map(({ vista }, k) => ({ ...vista, opcion_id: opcionIds[k]! }));

    let siguiente = 0;
    const resultados = lineas.map(({ fila, producto, resultado }): ResultadoComparacion => {
      const propias = opciones.slice(siguiente, siguiente + resultado.seleccionadas.length + resultado.adicionales.length);
      siguiente += propias.length;
      const sinOfertas = propias.length === 0;
      return {
        producto: producto.id,
        nombre: producto.nombre,
        unidad: producto.unidad,
        cantidad_solicitada: fila.cantidad,
        opciones_seleccionadas: propias.filter((o) => o.estado === 'seleccionado'),
        opciones_adicionales: propias.filter((o) => o.estado === 'adicional'),
        mensaje: sinOfertas
          ? mensajesComparacion.sinOfertas(producto.nombre)
          : resultado.faltante > 0
            ? mensajeFaltante(resultado.faltante, producto.unidad)
            : null,
        productos_inexistentes: sinOfertas ? [producto.nombre] : [],
        sugerencia: resultado.sugerencia && { ...resultado.sugerencia, mensaje: mensajeSugerencia(resultado.sugerencia, producto.unidad) },
      };
    });
    const productos_no_identificados = data.productos.flatMap((fila) => {
      const p = productos.get(fila.producto);
      if (p?.disponible) return [];
      return [{ producto: fila.producto, mensaje: p ? mensajesComparacion.noDisponible(p.nombre) : mensajesComparacion.noIdentificado(fila.producto) }];
    });
    return { cotizacion_id: cotizacionId, fecha_entrega: fecha, resultados, productos_no_identificados };
  });
}

/** The opcion rows of one line, selected first, each with what the answer shows of it. */
function opcionesDe(cantidad: number, producto: ProductoComparable, r: ResultadoLinea<OfertaComparada>) {
  const fila = (a: Asignacion<OfertaComparada>, estado: Opcion['estado']) => {
    const nueva: OpcionNueva = {
      producto_id: producto.id,
      proveedor_producto_id: a.oferta.proveedor_producto_id,
      cantidad_solicitada: cantidad,
      cantidad_proveida: a.cantidad,
      precio: a.precio,
      estado,
    };
    const vista: Omit<Opcion, 'opcion_id'> = {
      proveedor_producto_id: a.oferta.proveedor_producto_id,
      producto_id: producto.id,
      producto: producto.nombre,
      marca: producto.marca,
      categoria: producto.categoria,
      origen: producto.origen,
      unidad: producto.unidad,
      proveedor: a.oferta.proveedor,
      cantidad_solicitada: cantidad,
      cantidad_proveida: a.cantidad,
      precio: a.precio,
      subtotal: a.subtotal,
      stock_disponible: a.oferta.stock,
      fecha_vencimiento: a.oferta.fecha_vencimiento,
      estado,
    };
    return { nueva, vista };
  };
  return [...r.seleccionadas.map((a) => fila(a, 'seleccionado')), ...r.adicionales.map((a) => fila(a, 'adicional'))];
}
