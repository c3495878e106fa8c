CREATE TABLE "orden_por_confirmar" (
	"id" serial PRIMARY KEY NOT NULL,
	"cotizacion_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"correo" varchar(254) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"datos" jsonb NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"orden_id" integer,
	"confirmado_en" timestamp with time zone,
	CONSTRAINT "orden_por_confirmar_token_unico" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "orden_por_confirmar" ADD CONSTRAINT "orden_por_confirmar_cotizacion_id_cotizacion_id_fk" FOREIGN KEY ("cotizacion_id") REFERENCES "public"."cotizacion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_por_confirmar" ADD CONSTRAINT "orden_por_confirmar_orden_id_orden_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."orden"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orden_por_confirmar_correo_idx" ON "orden_por_confirmar" USING btree ("correo","vence_en");--> statement-breakpoint
CREATE INDEX "orden_por_confirmar_ip_idx" ON "orden_por_confirmar" USING btree ("ip","vence_en");--> statement-breakpoint
CREATE INDEX "orden_por_confirmar_cotizacion_idx" ON "orden_por_confirmar" USING btree ("cotizacion_id");