CREATE TYPE "public"."accion_intento" AS ENUM('login', 'activacion', 'reset');--> statement-breakpoint
ALTER TYPE "public"."proposito_token" ADD VALUE 'cambio_correo';--> statement-breakpoint
ALTER TABLE "intento_login" ADD COLUMN "accion" "accion_intento" DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "email_pendiente" varchar(254);--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "empresa" varchar(150) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;