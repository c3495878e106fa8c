ALTER TABLE "proveedor_producto" ADD CONSTRAINT "proveedor_producto_oferta_de_producto" UNIQUE("id","producto_id");
--> statement-breakpoint
ALTER TABLE "opcion" DROP CONSTRAINT "opcion_producto_id_producto_id_fk";
--> statement-breakpoint
ALTER TABLE "opcion" DROP CONSTRAINT "opcion_proveedor_producto_id_proveedor_producto_id_fk";
--> statement-breakpoint
ALTER TABLE "opcion" ADD CONSTRAINT "opcion_oferta_de_producto_fk" FOREIGN KEY ("proveedor_producto_id","producto_id") REFERENCES "public"."proveedor_producto"("id","producto_id") ON DELETE no action ON UPDATE no action;
