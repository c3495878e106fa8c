-- Trigram similarity and accent folding for matching uploaded product names (DESIGN §4).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
