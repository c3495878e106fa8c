CREATE TABLE "linea_comparada" (
	"cotizacion_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"proveedores" integer[] NOT NULL,
	"precios" integer[] NOT NULL,
	"elegidos" integer[] DEFAULT '{}' NOT NULL,
	"precio_elegido" double precision,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "linea_comparada_cotizacion_id_producto_id_pk" PRIMARY KEY("cotizacion_id","producto_id")
);
--> statement-breakpoint
CREATE TABLE "empresa_proveedor" (
	"proveedor_id" integer PRIMARY KEY NOT NULL,
	"razon_social" varchar(150) NOT NULL,
	"nombre_fantasia" varchar(150) NOT NULL,
	"rut" varchar(12) NOT NULL,
	"giro" varchar(150) NOT NULL,
	"direccion" varchar(255) NOT NULL,
	"comuna_id" integer NOT NULL,
	"telefono" varchar(20) NOT NULL,
	"correo_ventas" varchar(254) NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_proveedor_rut" CHECK ("empresa_proveedor"."rut" ~ '^[1-9][0-9]{0,2}(\.[0-9]{3}){0,2}-[0-9K]$')
);
--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "empresa_proveedor" jsonb;--> statement-breakpoint
ALTER TABLE "empresa_proveedor" ADD CONSTRAINT "empresa_proveedor_proveedor_id_usuario_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa_proveedor" ADD CONSTRAINT "empresa_proveedor_comuna_id_comuna_id_fk" FOREIGN KEY ("comuna_id") REFERENCES "public"."comuna"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "linea_comparada_proveedores_idx" ON "linea_comparada" USING gin ("proveedores");--> statement-breakpoint
CREATE INDEX "linea_comparada_creado_idx" ON "linea_comparada" USING btree ("creado_en");
--> statement-breakpoint
-- A supplier's company decides what buyers see as its name and, with its delivery terms, whether its
-- offers enter comparisons (docs/decisions/024): a change notifies channel 'catalogo' with each
-- product it offers, through 0013's function, so each process's comparison cache forgets them.
CREATE TRIGGER empresa_proveedor_insert_notifica AFTER INSERT ON empresa_proveedor REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_condiciones();
--> statement-breakpoint
CREATE TRIGGER empresa_proveedor_update_notifica AFTER UPDATE ON empresa_proveedor REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_condiciones();
--> statement-breakpoint
CREATE TRIGGER empresa_proveedor_delete_notifica AFTER DELETE ON empresa_proveedor REFERENCING OLD TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_condiciones();
