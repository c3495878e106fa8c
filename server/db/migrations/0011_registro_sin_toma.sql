ALTER TYPE "public"."accion_intento" ADD VALUE 'registro';--> statement-breakpoint
ALTER TABLE "token_cuenta" ADD COLUMN "datos" jsonb;