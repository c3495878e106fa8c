CREATE TABLE "direccion" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"nombre_contacto" varchar(150) NOT NULL,
	"correo_contacto" varchar(254) NOT NULL,
	"telefono_contacto" varchar(20) NOT NULL,
	"direccion_envio" varchar(255) NOT NULL,
	"region_id" smallint,
	"comuna_id" integer,
	"activa" boolean DEFAULT false NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_linea_lote" (
	"orden_linea_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	CONSTRAINT "orden_linea_lote_orden_linea_id_lote_id_pk" PRIMARY KEY("orden_linea_id","lote_id"),
	CONSTRAINT "orden_linea_lote_cantidad_positiva" CHECK ("orden_linea_lote"."cantidad" > 0)
);
--> statement-breakpoint
ALTER TABLE "cotizante" DROP CONSTRAINT "cotizante_usuario_id_usuario_id_fk";
--> statement-breakpoint
ALTER TABLE "opcion" DROP CONSTRAINT "opcion_proveedor_producto_id_proveedor_producto_id_fk";
--> statement-breakpoint
ALTER TABLE "lote" DROP CONSTRAINT "lote_proveedor_producto_id_proveedor_producto_id_fk";
--> statement-breakpoint
ALTER TABLE "proveedor_producto" DROP CONSTRAINT "proveedor_producto_proveedor_id_usuario_id_fk";
--> statement-breakpoint
ALTER TABLE "proveedor_producto" DROP CONSTRAINT "proveedor_producto_producto_id_producto_id_fk";
--> statement-breakpoint
DROP INDEX "cotizante_una_activa";--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "archivado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "nombre_contacto" varchar(150) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "correo_contacto" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "telefono_contacto" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "direccion_envio" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "region_nombre" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "comuna_nombre" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "fecha_entrega" date;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "region_nombre_facturacion" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "comuna_nombre_facturacion" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "rubro_nombre" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "metodo_pago_nombre" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "proveedor_nombre" varchar(310) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "sku" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "categoria" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "marca" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "origen" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "unidad" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "proveedor_producto" ADD COLUMN "archivado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "direccion" ADD CONSTRAINT "direccion_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direccion" ADD CONSTRAINT "direccion_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direccion" ADD CONSTRAINT "direccion_comuna_id_comuna_id_fk" FOREIGN KEY ("comuna_id") REFERENCES "public"."comuna"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_linea_lote" ADD CONSTRAINT "orden_linea_lote_orden_linea_id_orden_linea_id_fk" FOREIGN KEY ("orden_linea_id") REFERENCES "public"."orden_linea"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_linea_lote" ADD CONSTRAINT "orden_linea_lote_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lote"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "direccion_una_activa" ON "direccion" USING btree ("usuario_id") WHERE "direccion"."activa";--> statement-breakpoint
CREATE INDEX "direccion_usuario_idx" ON "direccion" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "orden_linea_lote_lote_idx" ON "orden_linea_lote" USING btree ("lote_id");--> statement-breakpoint
ALTER TABLE "cotizante" ADD CONSTRAINT "cotizante_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opcion" ADD CONSTRAINT "opcion_proveedor_producto_id_proveedor_producto_id_fk" FOREIGN KEY ("proveedor_producto_id") REFERENCES "public"."proveedor_producto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote" ADD CONSTRAINT "lote_proveedor_producto_id_proveedor_producto_id_fk" FOREIGN KEY ("proveedor_producto_id") REFERENCES "public"."proveedor_producto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedor_producto" ADD CONSTRAINT "proveedor_producto_proveedor_id_usuario_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedor_producto" ADD CONSTRAINT "proveedor_producto_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cotizante_solicitud_idx" ON "cotizante" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "orden_linea_orden_idx" ON "orden_linea" USING btree ("orden_id");--> statement-breakpoint
-- Hand-written data migration (docs/decisions/004). Saved addresses (rows with a usuario_id,
-- which the address API listed) move to direccion KEEPING THEIR IDS: the address API and the
-- browsers' session storage know them as cotizante_id.
INSERT INTO "direccion" ("id", "usuario_id", "nombre_contacto", "correo_contacto", "telefono_contacto", "direccion_envio", "region_id", "comuna_id", "activa", "creado_en")
SELECT "id", "usuario_id", "nombre_contacto", "correo_contacto", "telefono_contacto", "direccion_envio", "region_id", "comuna_id", "activa", "creado_en"
FROM "cotizante" WHERE "usuario_id" IS NOT NULL;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('direccion', 'id'), coalesce((SELECT max("id") FROM "direccion"), 0) + 1, false);--> statement-breakpoint
-- A row a quotation or an order refers to stays a delivery record too (both copies exist);
-- a row that was only a saved address leaves cotizante.
DELETE FROM "cotizante" c
WHERE c."usuario_id" IS NOT NULL AND c."solicitud_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "cotizacion" q WHERE q."cotizante_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "orden" o WHERE o."cotizante_id" = c."id");--> statement-breakpoint
-- usuario.direccion_envio follows the active address; values written any other way (the old
-- demo seed wrote one with no saved address behind it) are recomputed from it.
UPDATE "usuario" u SET "direccion_envio" = coalesce(
  (SELECT d."direccion_envio" || coalesce(', ' || co."nombre", '') FROM "direccion" d LEFT JOIN "comuna" co ON co."id" = d."comuna_id"
   WHERE d."usuario_id" = u."id" AND d."activa"), '');--> statement-breakpoint
-- Orders placed before this migration get the copies they now keep, from what is there today.
UPDATE "orden" o SET
  "nombre_contacto" = c."nombre_contacto", "correo_contacto" = c."correo_contacto", "telefono_contacto" = c."telefono_contacto",
  "direccion_envio" = c."direccion_envio", "region_nombre" = coalesce(r."nombre", ''), "comuna_nombre" = coalesce(co."nombre", ''),
  "fecha_entrega" = c."fecha_entrega"
FROM "cotizante" c LEFT JOIN "region" r ON r."id" = c."region_id" LEFT JOIN "comuna" co ON co."id" = c."comuna_id"
WHERE c."id" = o."cotizante_id";--> statement-breakpoint
UPDATE "orden" o SET
  "region_nombre_facturacion" = coalesce((SELECT "nombre" FROM "region" WHERE "id" = o."region_id"), ''),
  "comuna_nombre_facturacion" = coalesce((SELECT "nombre" FROM "comuna" WHERE "id" = o."comuna_id"), ''),
  "rubro_nombre" = coalesce((SELECT "nombre" FROM "rubro" WHERE "id" = o."rubro_id"), ''),
  "metodo_pago_nombre" = coalesce((SELECT "nombre" FROM "metodo_pago" WHERE "id" = o."metodo_pago_id"), '');--> statement-breakpoint
UPDATE "orden_linea" l SET
  "sku" = pp."sku", "categoria" = ca."nombre", "marca" = m."nombre", "origen" = og."descripcion", "unidad" = un."descripcion"
FROM "proveedor_producto" pp
  JOIN "producto" p ON p."id" = pp."producto_id"
  JOIN "categoria" ca ON ca."id" = p."categoria_id"
  JOIN "marca" m ON m."id" = p."marca_id"
  JOIN "origen" og ON og."id" = p."origen_id"
  JOIN "unidad" un ON un."id" = p."unidad_id"
WHERE pp."id" = l."proveedor_producto_id";--> statement-breakpoint
UPDATE "orden_linea" l SET "proveedor_nombre" = trim(u."first_name" || ' ' || u."last_name")
FROM "usuario" u WHERE u."id" = l."proveedor_id";--> statement-breakpoint
ALTER TABLE "cotizante" DROP COLUMN "activa";