-- The request limit counted by every process on this database (limiteSolicitud in
-- schema/usuario.ts); UNLOGGED: no WAL per request, and a crash that empties it only resets counts.
CREATE UNLOGGED TABLE "limite_solicitud" (
	"clave" varchar(200) PRIMARY KEY NOT NULL,
	"ventana_inicio" timestamp with time zone NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- Each process keeps the session columns of the users it has seen in memory (the token check of
-- every request); a change to a user notifies channel 'sesion' with its id, so every process
-- forgets it at once: a password change (token_version), a deactivation or a role change reaches
-- all of them before the next request. Only when a session column changed: a login (last_login)
-- notifies nobody.
CREATE FUNCTION notificar_sesion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('sesion', v.id::text) FROM viejas v;
  ELSE
    PERFORM pg_notify('sesion', n.id::text)
    FROM nuevas n JOIN viejas v ON v.id = n.id
    WHERE (n.email, n.email_pendiente, n.first_name, n.last_name, n.empresa, n.telefono, n.fecha_nacimiento, n.is_active,
           n.is_comprador, n.is_proveedor, n.is_moderador, n.correo_contacto, n.direccion_envio, n.ofrece_credito, n.token_version)
      IS DISTINCT FROM
          (v.email, v.email_pendiente, v.first_name, v.last_name, v.empresa, v.telefono, v.fecha_nacimiento, v.is_active,
           v.is_comprador, v.is_proveedor, v.is_moderador, v.correo_contacto, v.direccion_envio, v.ofrece_credito, v.token_version);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usuario_update_notifica_sesion AFTER UPDATE ON usuario REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION notificar_sesion();
--> statement-breakpoint
CREATE TRIGGER usuario_delete_notifica_sesion AFTER DELETE ON usuario REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION notificar_sesion();
