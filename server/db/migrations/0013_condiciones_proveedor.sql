CREATE TABLE "condiciones_proveedor" (
	"proveedor_id" integer PRIMARY KEY NOT NULL,
	"todas_las_comunas" boolean DEFAULT true NOT NULL,
	"dias_despacho" smallint[] NOT NULL,
	"anticipacion_dias" smallint NOT NULL,
	"hora_corte" varchar(5) NOT NULL,
	"monto_minimo" integer NOT NULL,
	"costo_despacho" integer NOT NULL,
	"despacho_gratis_desde" integer,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condiciones_proveedor_anticipacion" CHECK ("condiciones_proveedor"."anticipacion_dias" between 0 and 14),
	CONSTRAINT "condiciones_proveedor_hora_corte" CHECK ("condiciones_proveedor"."hora_corte" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "condiciones_proveedor_dias" CHECK (cardinality("condiciones_proveedor"."dias_despacho") between 1 and 7 and "condiciones_proveedor"."dias_despacho" <@ '{1,2,3,4,5,6,7}'::smallint[]),
	CONSTRAINT "condiciones_proveedor_montos" CHECK ("condiciones_proveedor"."monto_minimo" >= 0 and "condiciones_proveedor"."costo_despacho" >= 0 and coalesce("condiciones_proveedor"."despacho_gratis_desde", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "condiciones_proveedor_comuna" (
	"proveedor_id" integer NOT NULL,
	"comuna_id" integer NOT NULL,
	CONSTRAINT "condiciones_proveedor_comuna_proveedor_id_comuna_id_pk" PRIMARY KEY("proveedor_id","comuna_id")
);
--> statement-breakpoint
ALTER TABLE "condiciones_proveedor" ADD CONSTRAINT "condiciones_proveedor_proveedor_id_usuario_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condiciones_proveedor_comuna" ADD CONSTRAINT "condiciones_proveedor_comuna_proveedor_id_condiciones_proveedor_proveedor_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."condiciones_proveedor"("proveedor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condiciones_proveedor_comuna" ADD CONSTRAINT "condiciones_proveedor_comuna_comuna_id_comuna_id_fk" FOREIGN KEY ("comuna_id") REFERENCES "public"."comuna"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- pedido.costo_despacho (each pedido carries its delivery fee) exists since 0010_pedidos.
-- A supplier's delivery terms decide which of its offers a comparison may use (docs/decisions/013):
-- a change to them notifies channel 'catalogo' with the id of every product the supplier offers,
-- as 0009's triggers do for the offers themselves, so each process's comparison cache forgets them.
CREATE FUNCTION notificar_catalogo_condiciones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogo', f.producto_id::text)
  FROM (SELECT DISTINCT pp.producto_id FROM proveedor_producto pp WHERE pp.proveedor_id IN (SELECT DISTINCT proveedor_id FROM filas)) f;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER condiciones_proveedor_insert_notifica AFTER INSERT ON condiciones_proveedor REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_condiciones();
--> statement-breakpoint
CREATE TRIGGER condiciones_proveedor_update_notifica AFTER UPDATE ON condiciones_proveedor REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_condiciones();
--> statement-breakpoint
CREATE TRIGGER condiciones_proveedor_delete_notifica AFTER DELETE ON condiciones_proveedor REFERENCING OLD TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_condiciones();
--> statement-breakpoint
CREATE TRIGGER condiciones_proveedor_comuna_insert_notifica AFTER INSERT ON condiciones_proveedor_comuna REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_condiciones();
--> statement-breakpoint
CREATE TRIGGER condiciones_proveedor_comuna_delete_notifica AFTER DELETE ON condiciones_proveedor_comuna REFERENCING OLD TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_condiciones();
