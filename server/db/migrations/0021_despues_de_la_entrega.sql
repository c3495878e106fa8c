CREATE TYPE "public"."estado_reclamo" AS ENUM('abierto', 'aceptado', 'rechazado');--> statement-breakpoint
CREATE TYPE "public"."problema_recepcion" AS ENUM('faltante', 'dañado', 'vencido', 'otro');--> statement-breakpoint
CREATE TYPE "public"."tipo_evento_pedido" AS ENUM('estado', 'recepcion', 'reclamo_aceptado', 'reclamo_rechazado', 'factura', 'pago');--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "cantidad_confirmada" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "cantidad_recibida" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "problema" "problema_recepcion";--> statement-breakpoint
ALTER TABLE "orden_linea" ADD COLUMN "comentario" varchar(500);--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "recibido_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "reclamo_estado" "estado_reclamo";--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "reclamo_monto" integer;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "monto_credito" integer;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "reclamo_motivo" varchar(500);--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "reclamo_resuelto_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "factura_numero" varchar(40);--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "factura_fecha" date;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "pagado_el" date;--> statement-breakpoint
ALTER TABLE "pedido_evento" ADD COLUMN "tipo" "tipo_evento_pedido" DEFAULT 'estado' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD CONSTRAINT "orden_linea_confirmada_hasta_pedida" CHECK ("orden_linea"."cantidad_confirmada" is null or ("orden_linea"."cantidad_confirmada" >= 0 and "orden_linea"."cantidad_confirmada" <= "orden_linea"."cantidad"));--> statement-breakpoint
ALTER TABLE "pedido" ADD CONSTRAINT "pedido_credito_hasta_reclamo" CHECK ("pedido"."monto_credito" is null or ("pedido"."monto_credito" >= 0 and "pedido"."monto_credito" <= "pedido"."reclamo_monto"));