-- Pedidos placed before 0015 delivered on their order's day: they keep it as their own, so every
-- reader takes the pedido's day alone.
UPDATE "pedido" SET "fecha_entrega" = "orden"."fecha_entrega" FROM "orden" WHERE "pedido"."orden_id" = "orden"."id" AND "pedido"."fecha_entrega" IS NULL;
