import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { metodoPago, rubro } from '../../db/schema/ordenes';

export const findRubros = (db: Db) => db.select({ id: rubro.id, nombre: rubro.nombre }).from(rubro).orderBy(asc(rubro.id));
export const findMetodosPago = (db: Db) => db.select({ id: metodoPago.id, nombre: metodoPago.nombre }).from(metodoPago).orderBy(asc(metodoPago.id));
