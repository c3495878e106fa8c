CREATE TYPE "public"."accion_intento" AS ENUM('login', 'activacion', 'reset');--> statement-breakpoint
ALTER TYPE "public"."proposito_token" ADD VALUE 'cambio_correo';--> statement-breakpoint
ALTER TABLE "intento_login" ADD COLUMN "accion" "accion_intento" DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "email_pendiente" varchar(254);--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "empresa" varchar(150) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Data: suppliers registered with the company in brackets after their last name ("Fuentes
-- (Carnes del Maule)", as the first demo did) get it in its own field, so the account can be
-- saved unchanged under the Chilean-name rule.
UPDATE "usuario"
SET "empresa" = substring("last_name" from '\(([^()]+)\)\s*$'),
    "last_name" = btrim(regexp_replace("last_name", '\s*\([^()]+\)\s*$', ''))
WHERE "is_proveedor" AND "empresa" = '' AND "last_name" ~ '\S\s*\([^()]+\)\s*$';
