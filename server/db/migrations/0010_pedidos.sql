CREATE TYPE "public"."estado_pedido" AS ENUM('pendiente', 'confirmado', 'rechazado', 'anulado', 'despachado', 'entregado');--> statement-breakpoint
CREATE TABLE "pedido" (
	"id" serial PRIMARY KEY NOT NULL,
	"orden_id" integer NOT NULL,
	"proveedor_id" integer,
	"proveedor_nombre" varchar(310) DEFAULT '' NOT NULL,
	"estado" "estado_pedido" DEFAULT 'pendiente' NOT NULL,
	"subtotal" integer NOT NULL,
	"costo_despacho" integer DEFAULT 0 NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedido_orden_proveedor" UNIQUE("orden_id","proveedor_id")
);
--> statement-breakpoint
CREATE TABLE "pedido_evento" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"estado" "estado_pedido" NOT NULL,
	"usuario_id" integer,
	"motivo" varchar(500),
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orden_linea_lote" DROP CONSTRAINT "orden_linea_lote_lote_id_lote_id_fk";
--> statement-breakpoint
ALTER TABLE "orden_linea_lote" DROP CONSTRAINT "orden_linea_lote_orden_linea_id_lote_id_pk";--> statement-breakpoint
ALTER TABLE "orden_linea_lote" ALTER COLUMN "lote_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "comprador" varchar(310) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "correo_comprador" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden" ADD COLUMN "seguimiento_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "pedido_id" integer;--> statement-breakpoint
ALTER TABLE "orden_linea_lote" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_linea_lote" ADD COLUMN "proveedor_producto_id" integer;--> statement-breakpoint
ALTER TABLE "orden_linea_lote" ADD COLUMN "fecha_expiracion" date;--> statement-breakpoint
ALTER TABLE "correo_saliente" ADD COLUMN "reclamado_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedido" ADD CONSTRAINT "pedido_orden_id_orden_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."orden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido" ADD CONSTRAINT "pedido_proveedor_id_usuario_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_evento" ADD CONSTRAINT "pedido_evento_pedido_id_pedido_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedido"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_evento" ADD CONSTRAINT "pedido_evento_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_proveedor_idx" ON "pedido" USING btree ("proveedor_id","id");--> statement-breakpoint
CREATE INDEX "pedido_proveedor_estado_idx" ON "pedido" USING btree ("proveedor_id","estado","id");--> statement-breakpoint
CREATE INDEX "pedido_evento_pedido_idx" ON "pedido_evento" USING btree ("pedido_id","id");--> statement-breakpoint
ALTER TABLE "orden_linea" ADD CONSTRAINT "orden_linea_pedido_id_pedido_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedido"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_linea_lote" ADD CONSTRAINT "orden_linea_lote_proveedor_producto_id_proveedor_producto_id_fk" FOREIGN KEY ("proveedor_producto_id") REFERENCES "public"."proveedor_producto"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_linea_lote" ADD CONSTRAINT "orden_linea_lote_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lote"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orden_usuario_idx" ON "orden" USING btree ("usuario_id","id");--> statement-breakpoint
CREATE INDEX "orden_linea_pedido_idx" ON "orden_linea" USING btree ("pedido_id");--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_seguimiento_unico" UNIQUE("seguimiento_hash");--> statement-breakpoint
ALTER TABLE "orden_linea_lote" ADD CONSTRAINT "orden_linea_lote_linea_lote" UNIQUE("orden_linea_id","lote_id");--> statement-breakpoint
-- The orders placed before pedidos existed are split like new ones, one pedido per
-- supplier of their lines, pending, with the order's time as their first event.
UPDATE "orden" o SET
  "comprador" = coalesce(
    nullif(trim(o."razon_social"), ''),
    nullif(trim(o."nombre_contacto"), ''),
    (SELECT nullif(trim(u."first_name" || ' ' || u."last_name"), '') FROM "usuario" u WHERE u."id" = o."usuario_id"),
    ''),
  "correo_comprador" = coalesce((SELECT u."email" FROM "usuario" u WHERE u."id" = o."usuario_id"), o."correo_contacto");--> statement-breakpoint
INSERT INTO "pedido" ("orden_id", "proveedor_id", "proveedor_nombre", "subtotal", "creado_en", "actualizado_en")
  SELECT l."orden_id", l."proveedor_id", min(l."proveedor_nombre"), sum(l."subtotal"), o."creado_en", o."creado_en"
  FROM "orden_linea" l JOIN "orden" o ON o."id" = l."orden_id"
  GROUP BY l."orden_id", l."proveedor_id", o."creado_en"
  ORDER BY l."orden_id", l."proveedor_id";--> statement-breakpoint
UPDATE "orden_linea" l SET "pedido_id" = p."id"
  FROM "pedido" p WHERE p."orden_id" = l."orden_id" AND p."proveedor_id" IS NOT DISTINCT FROM l."proveedor_id";--> statement-breakpoint
INSERT INTO "pedido_evento" ("pedido_id", "estado", "usuario_id", "creado_en")
  SELECT p."id", 'pendiente', o."usuario_id", p."creado_en" FROM "pedido" p JOIN "orden" o ON o."id" = p."orden_id" ORDER BY p."id";--> statement-breakpoint
UPDATE "orden_linea_lote" x SET "fecha_expiracion" = lo."fecha_expiracion", "proveedor_producto_id" = lo."proveedor_producto_id"
  FROM "lote" lo WHERE lo."id" = x."lote_id";--> statement-breakpoint
ALTER TABLE "orden_linea" ALTER COLUMN "pedido_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_linea_lote" ALTER COLUMN "fecha_expiracion" SET NOT NULL;
