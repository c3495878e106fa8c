CREATE TABLE "lista" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"recordatorio_dia" smallint,
	"recordatorio_hora" time,
	"recordatorio_desde" timestamp with time zone DEFAULT now() NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lista_recordatorio_completo" CHECK (("lista"."recordatorio_dia" is null) = ("lista"."recordatorio_hora" is null)),
	CONSTRAINT "lista_recordatorio_dia" CHECK ("lista"."recordatorio_dia" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "lista_producto" (
	"lista_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	"posicion" smallint NOT NULL,
	CONSTRAINT "lista_producto_lista_id_producto_id_pk" PRIMARY KEY("lista_id","producto_id")
);
--> statement-breakpoint
CREATE TABLE "recordatorio_envio" (
	"lista_id" integer NOT NULL,
	"ocurrencia" timestamp with time zone NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"reclamado_hasta" timestamp with time zone,
	"ultimo_error" text,
	"cotizacion_id" integer,
	"total" integer,
	"respuesta" text,
	"hecho_en" timestamp with time zone,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recordatorio_envio_lista_id_ocurrencia_pk" PRIMARY KEY("lista_id","ocurrencia")
);
--> statement-breakpoint
ALTER TABLE "cotizacion" ADD COLUMN "oculta_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "producto_id" integer;--> statement-breakpoint
ALTER TABLE "lista" ADD CONSTRAINT "lista_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_producto" ADD CONSTRAINT "lista_producto_lista_id_lista_id_fk" FOREIGN KEY ("lista_id") REFERENCES "public"."lista"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_producto" ADD CONSTRAINT "lista_producto_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorio_envio" ADD CONSTRAINT "recordatorio_envio_lista_id_lista_id_fk" FOREIGN KEY ("lista_id") REFERENCES "public"."lista"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorio_envio" ADD CONSTRAINT "recordatorio_envio_cotizacion_id_cotizacion_id_fk" FOREIGN KEY ("cotizacion_id") REFERENCES "public"."cotizacion"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lista_usuario_nombre" ON "lista" USING btree ("usuario_id",lower("nombre"));--> statement-breakpoint
CREATE INDEX "lista_usuario_idx" ON "lista" USING btree ("usuario_id","id");--> statement-breakpoint
CREATE INDEX "lista_recordatorio_idx" ON "lista" USING btree ("recordatorio_dia") WHERE "lista"."recordatorio_dia" is not null;--> statement-breakpoint
CREATE INDEX "recordatorio_envio_pendiente_idx" ON "recordatorio_envio" USING btree ("ocurrencia") WHERE "recordatorio_envio"."hecho_en" is null;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD CONSTRAINT "orden_linea_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cotizacion_usuario_idx" ON "cotizacion" USING btree ("usuario_id","id");--> statement-breakpoint
-- The lines placed before this column name their product through their offer, while it exists.
UPDATE "orden_linea" SET "producto_id" = "proveedor_producto"."producto_id" FROM "proveedor_producto" WHERE "proveedor_producto"."id" = "orden_linea"."proveedor_producto_id";
