-- Orders held for confirmation and never confirmed, by when they lapsed: each new one deletes those
-- lapsed over a day ago (docs/decisions/007, 'Órdenes sin cuenta').
CREATE INDEX "orden_por_confirmar_sin_confirmar_idx" ON "orden_por_confirmar" USING btree ("vence_en") WHERE "orden_por_confirmar"."confirmado_en" is null;
