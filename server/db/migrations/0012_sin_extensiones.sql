-- pg_trgm and unaccent are no longer used: no index, column or function depends on them.
DROP EXTENSION IF EXISTS pg_trgm;--> statement-breakpoint
DROP EXTENSION IF EXISTS unaccent;
