import {
  type Moderacion,
  type ModerarProductoData,
  PRODUCTO_NO_ENCONTRADO,
  type ProductoAReenviar,
  type ProductoPendiente,
  type ReenviarProductoData,
  SOLO_RECHAZADO,
  YA_MODERADO,
  yaEnRevision,
} from '#common/schemas/moderacion';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { nameKey } from '#common/search-es';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { correoProductoAprobado, correoProductoRechazado } from '#server/mail/moderacion-templates';
import type { Mailer } from '#server/mail/mailer';
import type { CatalogoCache } from '#server/modules/catalogo/catalogo-cache';
import { ensureMarcas, ensureOrigenes, findReferencias, lockCargaDelProveedor } from '#server/modules/proveedor/carga/carga.repository';
import { findProveedorProductos } from '#server/modules/proveedor/proveedor-productos.repository';
import type { ConsolidatedData } from '#common/schemas/catalogo';
import {
  findPendientesDelProveedor,
  findProductoAReenviar,
  findProductosPendientes,
  findProponente,
  lockModeracion,
  lockProductoDeOferta,
  moveRangosDeCategoria,
  updateModeracion,
  updateProductoReenviado,
} from './moderacion.repository';
import { createIndiceDeParecidos } from './similares';

export interface ModeracionDeps {
  db: Db;
  catalogo: CatalogoCache;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * The catalogue's products by name, indexed once per copy of the catalogue the pickers serve
 * (its ETag says when it changed): the similar products compare against exactly what buyers see.
 */
export function createParecidos(catalogo: CatalogoCache) {
  let indice: { etag: string; parecidos: ReturnType<typeof createIndiceDeParecidos> } | undefined;
  return async () => {
    const { body, etag } = await catalogo.get();
    if (indice?.etag !== etag) {
      const { productos } = JSON.parse(body) as ConsolidatedData;
      indice = {
        etag,
        parecidos: createIndiceDeParecidos(productos.map((p) => ({ id: p.id, nombre: p.nombre, categoria: p.categoria.nombre, marca: p.marca.nombre }))),
      };
    }
    return indice.parecidos;
  };
}

/** Every pending product in full, each with the catalogue products whose names are closest (docs/decisions/009). */
export async function listPendientes(db: Db, parecidosDe: ReturnType<typeof createParecidos>): Promise<ProductoPendiente[]> {
  const [pendientes, parecidos] = await Promise.all([findProductosPendientes(db), parecidosDe()]);
  return pendientes.map((p) => ({ ...p, similares: parecidos(p.nombre) }));
}

/**
 * One moderator's decision on one product (docs/producto.md §4 Moderation; docs/decisions/009). Approving
 * makes the product and every offer of it visible to buyers (consolidated-data and comparisons
 * read only 'aprobado'); rejecting keeps them hidden and keeps the reason for the supplier's list.
 * The decision the product already has (same state, same reason) writes nothing, sends nothing and
 * answers the same: sending twice is harmless. Only a pending product can be decided (a 'rechazar'
 * sent for an approved product pulled it, and its offers, from every buyer): another decision on
 * one already decided is 409. The supplier who proposed it hears of it by e-mail, written in the
 * decision's transaction (the outbox, server/mail/mailer.ts): never lost, never sent for a decision undone.
 */
export async function moderarProducto(deps: ModeracionDeps, moderadorId: number, data: ModerarProductoData): Promise<Moderacion> {
  const { db, mailer, publicUrl } = deps;
  const decidida = await db.transaction(async (tx) => {
    const actual = await lockModeracion(tx, data.producto_id);
    if (!actual) throw notFound(PRODUCTO_NO_ENCONTRADO);
    const estado_moderacion = data.accion === 'aprobar' ? 'aprobado' : 'rechazado';
    // A reason belongs to a rejection only: approving clears an earlier one.
    const motivo_rechazo = data.accion === 'rechazar' ? (data.motivo ?? null) : null;
    if (actual.estado_moderacion === estado_moderacion && actual.motivo_rechazo === motivo_rechazo) return { moderacion: actual, escrita: false };
    if (actual.estado_moderacion !== 'pendiente') throw new AppError(409, { detail: YA_MODERADO[actual.estado_moderacion] });
    const moderacion = await updateModeracion(tx, data.producto_id, { estado_moderacion, motivo_rechazo, moderado_por: moderadorId });
    const proponente = await findProponente(tx, data.producto_id);
    if (proponente) {
      const p = { nombre: proponente.nombre, producto: proponente.producto, listo: proponente.tieneEmpresa && proponente.tieneCondiciones };
      const productos = `${publicUrl}/mis-productos-proovedor`;
      await mailer.enqueue(
        tx,
        estado_moderacion === 'aprobado'
          ? correoProductoAprobado(proponente.email, p, { productos, empresa: `${publicUrl}${proponente.tieneEmpresa ? '/mis-condiciones' : '/mi-empresa'}` })
          : correoProductoRechazado(proponente.email, p, motivo_rechazo, productos),
      );
    }
    return { moderacion, escrita: true };
  });
  if (decidida.escrita) void mailer.kick();
  return decidida.moderacion;
}

/** The product of a supplier's offer, if it may correct it: its own offer (else 404), a product it proposed that was rejected (else 400). */
async function lockRechazado(tx: Db, proveedorId: number, ofertaId: number) {
  const producto = await lockProductoDeOferta(tx, proveedorId, ofertaId);
  if (!producto) throw notFound(PRODUCTO_NO_ENCONTRADO);
  if (producto.estado_moderacion !== 'rechazado' || producto.creado_por !== proveedorId) throw new AppError(400, { detail: SOLO_RECHAZADO });
  return producto;
}

/** GET …/reenviar/: what the correction form starts from. */
export const getProductoAReenviar = (db: Db, proveedorId: number, ofertaId: number): Promise<ProductoAReenviar> =>
  db.transaction(async (tx) => findProductoAReenviar(tx, (await lockRechazado(tx, proveedorId, ofertaId)).producto_id));

/** Names compare as the supplier means them: without case, accents or extra spaces (as the upload's). */
const clave = (s: string) => nameKey(s).toUpperCase();

/**
 * 'Corregir y reenviar' (docs/decisions/009): the supplier's rejected product takes the corrected
 * data (an Excel exclusive row's fields and rules) and waits for a moderator again, its last
 * decision forgotten. Under the supplier's upload lock (carga.repository lockCargaDelProveedor), so
 * the name it takes cannot become a second pending one of the same supplier, whatever registers at
 * the same time. Answers the offer as the product list shows it.
 */
export async function reenviarProducto(db: Db, proveedorId: number, ofertaId: number, data: ReenviarProductoData): Promise<ProveedorProducto> {
  return db.transaction(async (tx) => {
    await lockCargaDelProveedor(tx, proveedorId);
    const producto = await lockRechazado(tx, proveedorId, ofertaId);
    const repetido = (await findPendientesDelProveedor(tx, proveedorId, producto.producto_id)).find((p) => clave(p.nombre) === clave(data.nombre));
    if (repetido) throw new AppError(400, { nombre: [yaEnRevision(repetido.nombre, repetido.sku)] });

    const refs = await findReferencias(tx);
    const porClave = <T extends { nombre: string }>(xs: T[], nombre: string) => xs.find((x) => clave(x.nombre) === clave(nombre));
    // The schema took these among the platform's own (docs/producto.md §9), which the seed always has.
    const categoria = porClave(refs.categorias, data.categoria)!;
    const unidad = porClave(refs.unidades, data.unidad)!;
    const formato = data.formato ? porClave(refs.formatos, data.formato)! : null;
    // A marca or origen new to the platform is created; an existing one is reused whatever its case.
    const marcaId = porClave(refs.marcas, data.marca)?.id ?? (await ensureMarcas(tx, [data.marca])).get(data.marca)!;
    const origenId = porClave(refs.origenes, data.origen)?.id ?? (await ensureOrigenes(tx, [data.origen])).get(data.origen)!;

    await updateProductoReenviado(tx, producto.producto_id, {
      nombre: data.nombre,
      categoria_id: categoria.id,
      unidad_id: unidad.id,
      marca_id: marcaId,
      origen_id: origenId,
      formatoId: formato?.id ?? null,
    });
    if (categoria.id !== producto.categoria_id) await moveRangosDeCategoria(tx, producto.producto_id, categoria.id);
    const [fila] = await findProveedorProductos(tx, proveedorId, ofertaId);
    return fila!;
  });
}
