import { relations } from 'drizzle-orm';
import { producto } from './catalogo';
import { cotizacion, opcion, solicitud, solicitudDetalle } from './cotizaciones';
import { orden, ordenLinea, ordenLineaLote } from './ordenes';
import { lote, proveedorProducto, proveedorProductoRango } from './proveedor';

// Relations for `db.query.<table>.findMany({ with: … })`; they add no column or constraint.

export const solicitudRelations = relations(solicitud, ({ many }) => ({ detalles: many(solicitudDetalle) }));
export const solicitudDetalleRelations = relations(solicitudDetalle, ({ one }) => ({
  solicitud: one(solicitud, { fields: [solicitudDetalle.solicitud_id], references: [solicitud.id] }),
}));

export const cotizacionRelations = relations(cotizacion, ({ many }) => ({ opciones: many(opcion) }));
export const opcionRelations = relations(opcion, ({ one }) => ({
  cotizacion: one(cotizacion, { fields: [opcion.cotizacion_id], references: [cotizacion.id] }),
  oferta: one(proveedorProducto, { fields: [opcion.proveedor_producto_id], references: [proveedorProducto.id] }),
}));

export const proveedorProductoRelations = relations(proveedorProducto, ({ one, many }) => ({
  producto: one(producto, { fields: [proveedorProducto.producto_id], references: [producto.id] }),
  rangos: many(proveedorProductoRango),
  lotes: many(lote),
}));
export const proveedorProductoRangoRelations = relations(proveedorProductoRango, ({ one }) => ({
  oferta: one(proveedorProducto, { fields: [proveedorProductoRango.proveedor_producto_id], references: [proveedorProducto.id] }),
}));
export const loteRelations = relations(lote, ({ one }) => ({
  oferta: one(proveedorProducto, { fields: [lote.proveedor_producto_id], references: [proveedorProducto.id] }),
}));

export const ordenRelations = relations(orden, ({ many }) => ({ lineas: many(ordenLinea) }));
export const ordenLineaRelations = relations(ordenLinea, ({ one, many }) => ({
  orden: one(orden, { fields: [ordenLinea.orden_id], references: [orden.id] }),
  lotes: many(ordenLineaLote),
}));
export const ordenLineaLoteRelations = relations(ordenLineaLote, ({ one }) => ({
  linea: one(ordenLinea, { fields: [ordenLineaLote.orden_linea_id], references: [ordenLinea.id] }),
  lote: one(lote, { fields: [ordenLineaLote.lote_id], references: [lote.id] }),
}));
