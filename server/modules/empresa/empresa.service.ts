import type { Empresa, EmpresaData } from '#common/schemas/empresa';
import { COMUNA_DE_OTRA_REGION, SELECCIONE_COMUNA } from '#common/schemas/direcciones';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import { findRegionDeComuna } from '#server/modules/direcciones/direcciones.repository';
import { findEmpresa, upsertEmpresa } from './empresa.repository';

/** The calling supplier's company, or what it would start from (docs/decisions/024). */
export async function getEmpresa(db: Db, proveedorId: number): Promise<Empresa> {
  return (await findEmpresa(db, proveedorId))!;
}

/**
 * Saves the supplier's company whole. The comuna must exist and be of the región, as an address's
 * (the same field errors); nothing is written on a refusal.
 */
export async function saveEmpresa(db: Db, proveedorId: number, data: EmpresaData): Promise<Empresa> {
  const regionDeComuna = await findRegionDeComuna(db, data.comuna);
  if (regionDeComuna === undefined) throw new AppError(400, { comuna: [SELECCIONE_COMUNA] });
  if (regionDeComuna !== data.region) throw new AppError(400, { comuna: [COMUNA_DE_OTRA_REGION] });
  await upsertEmpresa(db, proveedorId, data);
  return getEmpresa(db, proveedorId);
}
