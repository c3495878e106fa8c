import { type SQL, sql } from 'drizzle-orm';
import { producto } from './schema/catalogo';
import { proveedorProducto } from './schema/proveedor';

// What buyers may see and buy, in one place for every query that asks (catalogue, request,
// comparison and its cache, order, upload). docs/producto.md §3 (Catálogo) and §4.5: a product
// shows once a moderator approves it, until it is archived; an archived offer is gone for all but
// the quotations and orders that copied it (docs/decisions/004).

/** A product in the catalogue: approved and not archived. */
export const productoVisible: SQL = sql`(${producto.estado_moderacion} = 'aprobado' and ${producto.archivado_en} is null)`;

/** An offer still on sale: not archived (its product's own state is productoVisible's). */
export const ofertaVisible: SQL = sql`(${proveedorProducto.archivado_en} is null)`;
