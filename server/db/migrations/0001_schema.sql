CREATE TYPE "public"."estado_moderacion" AS ENUM('aprobado', 'pendiente', 'rechazado');--> statement-breakpoint
CREATE TYPE "public"."estado_opcion" AS ENUM('seleccionado', 'adicional');--> statement-breakpoint
CREATE TYPE "public"."proposito_token" AS ENUM('activacion', 'reset');--> statement-breakpoint
CREATE TABLE "categoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	CONSTRAINT "categoria_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "formato" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" varchar(50) NOT NULL,
	CONSTRAINT "formato_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "marca" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	CONSTRAINT "marca_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "origen" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" varchar(100) NOT NULL,
	CONSTRAINT "origen_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "producto" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"categoria_id" integer NOT NULL,
	"origen_id" integer NOT NULL,
	"marca_id" integer NOT NULL,
	"unidad_id" integer NOT NULL,
	"estado_moderacion" "estado_moderacion" DEFAULT 'pendiente' NOT NULL,
	"creado_por" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"moderado_por" integer,
	"moderado_en" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "producto_formato" (
	"producto_id" integer NOT NULL,
	"formato_id" integer NOT NULL,
	CONSTRAINT "producto_formato_producto_id_formato_id_pk" PRIMARY KEY("producto_id","formato_id")
);
--> statement-breakpoint
CREATE TABLE "rango_precio" (
	"id" serial PRIMARY KEY NOT NULL,
	"categoria_id" integer NOT NULL,
	"nombre" varchar(50) NOT NULL,
	"limite_inferior" numeric(12, 2) NOT NULL,
	CONSTRAINT "rango_precio_categoria_limite" UNIQUE("categoria_id","limite_inferior")
);
--> statement-breakpoint
CREATE TABLE "unidad" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" varchar(20) NOT NULL,
	CONSTRAINT "unidad_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "cotizacion" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"cotizante_id" integer,
	"usuario_id" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cotizante" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"nombre_contacto" varchar(150) NOT NULL,
	"correo_contacto" varchar(254) NOT NULL,
	"telefono_contacto" varchar(20) NOT NULL,
	"direccion_envio" varchar(255) DEFAULT '' NOT NULL,
	"region_id" smallint,
	"comuna_id" integer,
	"fecha_entrega" date,
	"solicitud_id" integer,
	"activa" boolean DEFAULT false NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opcion" (
	"id" serial PRIMARY KEY NOT NULL,
	"cotizacion_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"proveedor_producto_id" integer NOT NULL,
	"cantidad_solicitada" numeric(12, 2) NOT NULL,
	"cantidad_proveida" numeric(12, 2) NOT NULL,
	"precio" integer NOT NULL,
	"estado" "estado_opcion" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitud" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitud_detalle" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metodo_pago" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	CONSTRAINT "metodo_pago_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "orden" (
	"id" serial PRIMARY KEY NOT NULL,
	"cotizacion_id" integer NOT NULL,
	"cotizante_id" integer,
	"usuario_id" integer,
	"rut_facturacion" varchar(12) DEFAULT '' NOT NULL,
	"razon_social" varchar(200) DEFAULT '' NOT NULL,
	"giro_comercial" varchar(200) DEFAULT '' NOT NULL,
	"direccion_facturacion" varchar(255) DEFAULT '' NOT NULL,
	"telefono_facturacion" varchar(20) DEFAULT '' NOT NULL,
	"email_facturacion" varchar(254) DEFAULT '' NOT NULL,
	"region_id" smallint,
	"comuna_id" integer,
	"rubro_id" integer,
	"metodo_pago_id" integer,
	"total" integer NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_linea" (
	"id" serial PRIMARY KEY NOT NULL,
	"orden_id" integer NOT NULL,
	"proveedor_producto_id" integer,
	"proveedor_id" integer,
	"producto_nombre" varchar(200) NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	"precio" integer NOT NULL,
	"subtotal" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rubro" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	CONSTRAINT "rubro_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "lote" (
	"id" serial PRIMARY KEY NOT NULL,
	"proveedor_producto_id" integer NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	"fecha_expiracion" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proveedor_producto" (
	"id" serial PRIMARY KEY NOT NULL,
	"proveedor_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"sku" varchar(60) NOT NULL,
	"tarifa" integer NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proveedor_producto_sku" UNIQUE("proveedor_id","sku")
);
--> statement-breakpoint
CREATE TABLE "proveedor_producto_rango" (
	"proveedor_producto_id" integer NOT NULL,
	"rango_precio_id" integer NOT NULL,
	"precio" integer NOT NULL,
	CONSTRAINT "proveedor_producto_rango_proveedor_producto_id_rango_precio_id_pk" PRIMARY KEY("proveedor_producto_id","rango_precio_id")
);
--> statement-breakpoint
CREATE TABLE "comuna" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"provincia_id" smallint NOT NULL,
	"region_id" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provincia" (
	"id" smallint PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"region_id" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "region" (
	"id" smallint PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"nombre_corto" varchar(60) NOT NULL,
	"abreviatura" varchar(10) NOT NULL,
	"codigo_iso" varchar(6) NOT NULL,
	"orden" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "correo_saliente" (
	"id" serial PRIMARY KEY NOT NULL,
	"para" varchar(254) NOT NULL,
	"asunto" text NOT NULL,
	"texto" text NOT NULL,
	"html" text NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_error" text,
	"enviado_en" timestamp with time zone,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intento_login" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_cuenta" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"proposito" "proposito_token" NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"usado_en" timestamp with time zone,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password" text NOT NULL,
	"first_name" varchar(150) NOT NULL,
	"last_name" varchar(150) NOT NULL,
	"telefono" varchar(20) DEFAULT '' NOT NULL,
	"fecha_nacimiento" date,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_comprador" boolean DEFAULT true NOT NULL,
	"is_proveedor" boolean DEFAULT false NOT NULL,
	"is_moderador" boolean DEFAULT false NOT NULL,
	"correo_contacto" varchar(254) DEFAULT '' NOT NULL,
	"direccion_envio" varchar(255) DEFAULT '' NOT NULL,
	"ofrece_credito" boolean DEFAULT false NOT NULL,
	"last_login" timestamp with time zone,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_categoria_id_categoria_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categoria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_origen_id_origen_id_fk" FOREIGN KEY ("origen_id") REFERENCES "public"."origen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_marca_id_marca_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marca"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_unidad_id_unidad_id_fk" FOREIGN KEY ("unidad_id") REFERENCES "public"."unidad"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_creado_por_usuario_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_moderado_por_usuario_id_fk" FOREIGN KEY ("moderado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_formato" ADD CONSTRAINT "producto_formato_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_formato" ADD CONSTRAINT "producto_formato_formato_id_formato_id_fk" FOREIGN KEY ("formato_id") REFERENCES "public"."formato"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rango_precio" ADD CONSTRAINT "rango_precio_categoria_id_categoria_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categoria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotizacion" ADD CONSTRAINT "cotizacion_solicitud_id_solicitud_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitud"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotizacion" ADD CONSTRAINT "cotizacion_cotizante_id_cotizante_id_fk" FOREIGN KEY ("cotizante_id") REFERENCES "public"."cotizante"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotizacion" ADD CONSTRAINT "cotizacion_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotizante" ADD CONSTRAINT "cotizante_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotizante" ADD CONSTRAINT "cotizante_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotizante" ADD CONSTRAINT "cotizante_comuna_id_comuna_id_fk" FOREIGN KEY ("comuna_id") REFERENCES "public"."comuna"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotizante" ADD CONSTRAINT "cotizante_solicitud_id_solicitud_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitud"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opcion" ADD CONSTRAINT "opcion_cotizacion_id_cotizacion_id_fk" FOREIGN KEY ("cotizacion_id") REFERENCES "public"."cotizacion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opcion" ADD CONSTRAINT "opcion_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opcion" ADD CONSTRAINT "opcion_proveedor_producto_id_proveedor_producto_id_fk" FOREIGN KEY ("proveedor_producto_id") REFERENCES "public"."proveedor_producto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud" ADD CONSTRAINT "solicitud_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_detalle" ADD CONSTRAINT "solicitud_detalle_solicitud_id_solicitud_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitud"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_detalle" ADD CONSTRAINT "solicitud_detalle_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_cotizacion_id_cotizacion_id_fk" FOREIGN KEY ("cotizacion_id") REFERENCES "public"."cotizacion"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_cotizante_id_cotizante_id_fk" FOREIGN KEY ("cotizante_id") REFERENCES "public"."cotizante"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_comuna_id_comuna_id_fk" FOREIGN KEY ("comuna_id") REFERENCES "public"."comuna"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_rubro_id_rubro_id_fk" FOREIGN KEY ("rubro_id") REFERENCES "public"."rubro"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden" ADD CONSTRAINT "orden_metodo_pago_id_metodo_pago_id_fk" FOREIGN KEY ("metodo_pago_id") REFERENCES "public"."metodo_pago"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD CONSTRAINT "orden_linea_orden_id_orden_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."orden"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD CONSTRAINT "orden_linea_proveedor_producto_id_proveedor_producto_id_fk" FOREIGN KEY ("proveedor_producto_id") REFERENCES "public"."proveedor_producto"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_linea" ADD CONSTRAINT "orden_linea_proveedor_id_usuario_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote" ADD CONSTRAINT "lote_proveedor_producto_id_proveedor_producto_id_fk" FOREIGN KEY ("proveedor_producto_id") REFERENCES "public"."proveedor_producto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedor_producto" ADD CONSTRAINT "proveedor_producto_proveedor_id_usuario_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedor_producto" ADD CONSTRAINT "proveedor_producto_producto_id_producto_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedor_producto_rango" ADD CONSTRAINT "proveedor_producto_rango_proveedor_producto_id_proveedor_producto_id_fk" FOREIGN KEY ("proveedor_producto_id") REFERENCES "public"."proveedor_producto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedor_producto_rango" ADD CONSTRAINT "proveedor_producto_rango_rango_precio_id_rango_precio_id_fk" FOREIGN KEY ("rango_precio_id") REFERENCES "public"."rango_precio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comuna" ADD CONSTRAINT "comuna_provincia_id_provincia_id_fk" FOREIGN KEY ("provincia_id") REFERENCES "public"."provincia"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comuna" ADD CONSTRAINT "comuna_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provincia" ADD CONSTRAINT "provincia_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_cuenta" ADD CONSTRAINT "token_cuenta_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "producto_estado_idx" ON "producto" USING btree ("estado_moderacion");--> statement-breakpoint
CREATE INDEX "producto_categoria_idx" ON "producto" USING btree ("categoria_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cotizante_una_activa" ON "cotizante" USING btree ("usuario_id") WHERE "cotizante"."activa";--> statement-breakpoint
CREATE INDEX "cotizante_usuario_idx" ON "cotizante" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "opcion_cotizacion_idx" ON "opcion" USING btree ("cotizacion_id");--> statement-breakpoint
CREATE INDEX "lote_proveedor_producto_idx" ON "lote" USING btree ("proveedor_producto_id");--> statement-breakpoint
CREATE INDEX "proveedor_producto_producto_idx" ON "proveedor_producto" USING btree ("producto_id");--> statement-breakpoint
CREATE INDEX "intento_login_email_idx" ON "intento_login" USING btree ("email","creado_en");--> statement-breakpoint
CREATE INDEX "intento_login_ip_idx" ON "intento_login" USING btree ("ip","creado_en");--> statement-breakpoint
CREATE UNIQUE INDEX "token_cuenta_hash_unique" ON "token_cuenta" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_email_lower_unique" ON "usuario" USING btree (lower("email"));