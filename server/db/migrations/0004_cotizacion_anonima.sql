ALTER TABLE "cotizante" ADD COLUMN "clave_hash" char(64);--> statement-breakpoint
ALTER TABLE "solicitud" ADD COLUMN "clave_hash" char(64);--> statement-breakpoint
CREATE INDEX "solicitud_usuario_idx" ON "solicitud" USING btree ("usuario_id");--> statement-breakpoint
ALTER TABLE "solicitud_detalle" ADD CONSTRAINT "solicitud_detalle_producto" UNIQUE("solicitud_id","producto_id");