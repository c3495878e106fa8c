import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { producto } from './schema/catalogo';
import { condicionesProveedor, empresaProveedor, proveedorProducto } from './schema/proveedor';

// What buyers may see and buy, in one place for every query that asks (catalogue, request,
// comparison and its cache, order, upload). docs/producto.md §3 (Catálogo) and §4.5: a product
// shows once a moderator approves it, until it is archived; an archived offer is gone for all but
// the quotations and orders that copied it (docs/decisions/004). A supplier's offers count once it
// is set up (docs/producto.md §17, docs/decisions/024).

/** A product in the catalogue: approved and not archived. */
export const productoVisible: SQL = sql`(${producto.estado_moderacion} = 'aprobado' and ${producto.archivado_en} is null)`;

/** An offer still on sale: not archived (its product's own state is productoVisible's). */
export const ofertaVisible: SQL = sql`(${proveedorProducto.archivado_en} is null)`;

/**
 * The supplier whose id is in `proveedorId` is set up: it saved its company data and its delivery
 * terms (docs/decisions/024, 'Visibilidad'). Until then buyers compare and order none of its
 * offers; its own list and uploads still show them. Two primary-key probes per supplier.
 */
export const proveedorListo = (proveedorId: AnyColumn | SQL): SQL =>
  sql`(exists (select 1 from ${empresaProveedor} where ${empresaProveedor.proveedor_id} = ${proveedorId})
    and exists (select 1 from ${condicionesProveedor} where ${condicionesProveedor.proveedor_id} = ${proveedorId}))`;
