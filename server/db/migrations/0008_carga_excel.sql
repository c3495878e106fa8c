-- The product name as the Excel upload matches it (docs/decisions/008): accents and case folded,
-- anything but letters and digits a space, a pack size ('10kg', '500 g') and unit and filler words
-- (kg, kilo, caja, de, con…) dropped, spaces collapsed. IMMUTABLE (unaccent named with its
-- dictionary and schema) so that a generated column and its trigram index can use it.
CREATE OR REPLACE FUNCTION normalizar_nombre(nombre text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN btrim(regexp_replace(
    regexp_replace(
      regexp_replace(regexp_replace(
        regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, nombre)), '[^a-z0-9]+', ' ', 'g'),
        '([0-9])([a-z])', '\1 \2', 'g'), '([a-z])([0-9])', '\1 \2', 'g'),
      '\m([0-9]+ )?(kg|kgs|kilo|kilos|k|gr|grs|g|gramos|lt|lts|litro|litros|cc|ml)\M|\m(caja|cajas|cj|un|und|unid|unidad|unidades|de|del|la|el|los|las|con|en|al|y|x)\M', ' ', 'g'),
    '\s+', ' ', 'g'));
--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "nombre_normalizado" text GENERATED ALWAYS AS (normalizar_nombre(nombre)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "producto_nombre_trgm_idx" ON "producto" USING gin ("nombre_normalizado" gin_trgm_ops);