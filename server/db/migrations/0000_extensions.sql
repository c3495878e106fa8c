-- Created pg_trgm and unaccent for matching uploaded product names (DESIGN §4). Matching moved into
-- the server (proveedor/carga/coincidencias.ts, docs/decisions/008) and nothing needs them any more
--: a new database no longer gets them, and 0012 drops them from one that has them.
SELECT 1;
