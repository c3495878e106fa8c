import { eq, sql } from 'drizzle-orm';
import type { Empresa, EmpresaData } from '#common/schemas/empresa';
import type { Db } from '#server/db/client';
import { empresaProveedor } from '#server/db/schema/proveedor';
import { comuna, region } from '#server/db/schema/ubicacion';
import { proveedorNombre, usuario } from '#server/db/schema/usuario';

/**
 * A supplier's company as GET /api/proveedor/empresa/ answers it, in one read: the saved row, or
 * before it is saved the name buyers see today and the account's e-mail (docs/decisions/024).
 * Undefined only when the account does not exist.
 */
export async function findEmpresa(db: Db, proveedorId: number): Promise<Empresa | undefined> {
  const [fila] = await db
    .select({
      guardada: sql<boolean>`${empresaProveedor.proveedor_id} is not null`,
      razon_social: sql<string>`coalesce(${empresaProveedor.razon_social}, '')`,
      nombre_fantasia: proveedorNombre(),
      rut: sql<string>`coalesce(${empresaProveedor.rut}, '')`,
      giro: sql<string>`coalesce(${empresaProveedor.giro}, '')`,
      direccion: sql<string>`coalesce(${empresaProveedor.direccion}, '')`,
      region: comuna.region_id,
      comuna: comuna.id,
      region_nombre: region.nombre,
      comuna_nombre: comuna.nombre,
      telefono: sql<string>`coalesce(${empresaProveedor.telefono}, '')`,
      correo_ventas: sql<string>`coalesce(${empresaProveedor.correo_ventas}, ${usuario.email})`,
    })
    .from(usuario)
    .leftJoin(empresaProveedor, eq(empresaProveedor.proveedor_id, usuario.id))
    .leftJoin(comuna, eq(comuna.id, empresaProveedor.comuna_id))
    .leftJoin(region, eq(region.id, comuna.region_id))
    .where(eq(usuario.id, proveedorId));
  return fila;
}

/** Writes the supplier's whole company in one statement: a second save replaces the first. */
export async function upsertEmpresa(db: Db, proveedorId: number, data: EmpresaData): Promise<void> {
  const { region: _, comuna: comunaId, ...campos } = data;
  const fila = { ...campos, comuna_id: comunaId, actualizado_en: new Date() };
  await db
    .insert(empresaProveedor)
    .values({ proveedor_id: proveedorId, ...fila })
    .onConflictDoUpdate({ target: empresaProveedor.proveedor_id, set: fila });
}

/**
 * What a purchase order prints of its supplier (docs/decisions/024): its legal data as saved now,
 * with its comuna and región named; undefined for a supplier that never saved its company.
 */
export async function findDatosLegales(db: Db, proveedorId: number) {
  const [fila] = await db
    .select({
      razon_social: empresaProveedor.razon_social,
      rut: empresaProveedor.rut,
      giro: empresaProveedor.giro,
      direccion: empresaProveedor.direccion,
      comuna_nombre: comuna.nombre,
      region_nombre: region.nombre,
      telefono: empresaProveedor.telefono,
      correo_ventas: empresaProveedor.correo_ventas,
    })
    .from(empresaProveedor)
    .innerJoin(comuna, eq(comuna.id, empresaProveedor.comuna_id))
    .innerJoin(region, eq(region.id, comuna.region_id))
    .where(eq(empresaProveedor.proveedor_id, proveedorId));
  return fila;
}
