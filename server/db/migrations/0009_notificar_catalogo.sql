-- Every change to what a comparison shows of a product (the product, its offers, their tiers and
-- lots, its suppliers' names) notifies channel 'catalogo' with the product's id, at commit, to
-- every process listening: each keeps those products in memory (docs/decisions/010). Statement
-- triggers with transition tables: an upload that writes 50.000 lots runs one query, not one per
-- row, and PostgreSQL sends each distinct id of a transaction once.
CREATE FUNCTION notificar_catalogo_producto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogo', f.id::text) FROM (SELECT DISTINCT id FROM filas) f;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notificar_catalogo_oferta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogo', f.producto_id::text) FROM (SELECT DISTINCT producto_id FROM filas) f;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notificar_catalogo_de_oferta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogo', f.producto_id::text)
  FROM (SELECT DISTINCT pp.producto_id FROM filas JOIN proveedor_producto pp ON pp.id = filas.proveedor_producto_id) f;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notificar_catalogo_proveedor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogo', f.producto_id::text)
  FROM (SELECT DISTINCT producto_id FROM proveedor_producto WHERE proveedor_id = NEW.id) f;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER producto_insert_notifica AFTER INSERT ON producto REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_producto();
--> statement-breakpoint
CREATE TRIGGER producto_update_notifica AFTER UPDATE ON producto REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_producto();
--> statement-breakpoint
CREATE TRIGGER producto_delete_notifica AFTER DELETE ON producto REFERENCING OLD TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_producto();
--> statement-breakpoint
CREATE TRIGGER proveedor_producto_insert_notifica AFTER INSERT ON proveedor_producto REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_oferta();
--> statement-breakpoint
-- An update notifies the product before and after it: an offer could be moved to another product.
CREATE TRIGGER proveedor_producto_update_notifica_antes AFTER UPDATE ON proveedor_producto REFERENCING OLD TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_oferta();
--> statement-breakpoint
CREATE TRIGGER proveedor_producto_update_notifica AFTER UPDATE ON proveedor_producto REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_oferta();
--> statement-breakpoint
CREATE TRIGGER proveedor_producto_delete_notifica AFTER DELETE ON proveedor_producto REFERENCING OLD TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_oferta();
--> statement-breakpoint
CREATE TRIGGER proveedor_producto_rango_insert_notifica AFTER INSERT ON proveedor_producto_rango REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_de_oferta();
--> statement-breakpoint
CREATE TRIGGER proveedor_producto_rango_update_notifica AFTER UPDATE ON proveedor_producto_rango REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_de_oferta();
--> statement-breakpoint
CREATE TRIGGER proveedor_producto_rango_delete_notifica AFTER DELETE ON proveedor_producto_rango REFERENCING OLD TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_de_oferta();
--> statement-breakpoint
CREATE TRIGGER lote_insert_notifica AFTER INSERT ON lote REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_de_oferta();
--> statement-breakpoint
CREATE TRIGGER lote_update_notifica AFTER UPDATE ON lote REFERENCING NEW TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_de_oferta();
--> statement-breakpoint
CREATE TRIGGER lote_delete_notifica AFTER DELETE ON lote REFERENCING OLD TABLE AS filas FOR EACH STATEMENT EXECUTE FUNCTION notificar_catalogo_de_oferta();
--> statement-breakpoint
-- A comparison names each offer's supplier by these (comparacion.repository.ts findOfertas).
CREATE TRIGGER usuario_nombre_notifica AFTER UPDATE OF empresa, first_name, last_name ON usuario
  FOR EACH ROW WHEN (OLD.empresa IS DISTINCT FROM NEW.empresa OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION notificar_catalogo_proveedor();
