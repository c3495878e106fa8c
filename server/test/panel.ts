import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { cotizacion, lineaComparada } from '#server/db/schema/cotizaciones';
import { condicionesProveedor, empresaProveedor } from '#server/db/schema/proveedor';

let seq = 0;

/** The company data of a supplier, written straight to the database (the company's endpoint is another module's). */
export async function createEmpresaDePrueba(db: Db, proveedorId: number) {
  const n = seq++;
  await db.insert(empresaProveedor).values({
    proveedor_id: proveedorId,
    razon_social: `Distribuidora de prueba ${process.pid}-${n} SpA`,
    nombre_fantasia: `Distribuidora ${process.pid}-${n}`,
    rut: '76.086.428-5',
    giro: 'Venta de alimentos al por mayor',
    direccion: 'Av. Providencia 1234',
    comuna_id: 13123,
    telefono: '+56912345678',
    correo_ventas: `ventas.${process.pid}.${n}@prueba.cl`,
  });
}

/** Delivery terms that take any request: every comuna, every day, no notice, no minimum, no fee. */
export async function createCondicionesDePrueba(db: Db, proveedorId: number) {
  await db.insert(condicionesProveedor).values({
    proveedor_id: proveedorId,
    todas_las_comunas: true,
    dias_despacho: [1, 2, 3, 4, 5, 6, 7],
    anticipacion_dias: 0,
    hora_corte: '23:59',
    monto_minimo: 0,
    costo_despacho: 0,
  });
}

/** The suppliers a comparison weighed for one product, cheapest first: [proveedor_id, precio]. */
export async function proveedoresComparadosDe(db: Db, cotizacionId: number, productoId: number) {
  const [linea] = await db
    .select({ proveedores: lineaComparada.proveedores, precios: lineaComparada.precios })
    .from(lineaComparada)
    .where(and(eq(lineaComparada.cotizacion_id, cotizacionId), eq(lineaComparada.producto_id, productoId)));
  if (!linea) return [];
  return linea.proveedores.map((id, k) => [id, linea.precios[k]!] as const).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** Moves a quotation and its compared lines `dias` days into the past. */
export async function envejecerCotizacion(db: Db, cotizacionId: number, dias: number) {
  const hace = sql`now() - make_interval(days => ${dias})`;
  await db.update(cotizacion).set({ creado_en: hace }).where(eq(cotizacion.id, cotizacionId));
  await db.update(lineaComparada).set({ creado_en: hace }).where(eq(lineaComparada.cotizacion_id, cotizacionId));
}
