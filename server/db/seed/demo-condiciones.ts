import { CONDICIONES_ABIERTAS } from '#common/despacho';
import type { CondicionesData } from '#common/schemas/condiciones';
import { saveCondiciones } from '#server/modules/condiciones/condiciones.service';
import type { Db } from '../client';
import { condicionesProveedor } from '../schema/proveedor';
import { comuna } from '../schema/ubicacion';
import { findDemoProveedoresSin } from './demo-proveedores';

/** Where a demo supplier delivers: every comuna, or those of some regions (INE codes). */
type Cobertura = 'todas' | number[];
type Terminos = Omit<CondicionesData, 'comunas'> & { cobertura: Cobertura };

const RM = 13;
const lunesAViernes = [1, 2, 3, 4, 5];

/**
 * Varied, realistic delivery terms of the demo suppliers, by e-mail. Every one has terms: a
 * supplier's offers are compared only once it saved them (docs/decisions/024). Carnes del Maule,
 * the demo supplier account, delivers any day of the week, same day, until 23:59, everywhere, with
 * no minimum and free: the demo and the e2e journeys buy from it for any date and amount.
 */
export const DEMO_CONDICIONES: Record<string, Terminos> = {
  'proveedor@abastece.cl': { cobertura: 'todas', ...CONDICIONES_ABIERTAS },
  'ventas@frigorificolosandes.cl': {
    cobertura: 'todas',
    dias_despacho: lunesAViernes,
    anticipacion_dias: 1,
    hora_corte: '17:00',
    monto_minimo: 50_000,
    costo_despacho: 7_990,
    despacho_gratis_desde: 150_000,
  },
  'contacto@distribuidoraaustral.cl': {
    cobertura: [14, 10, 11, 12],
    dias_despacho: [1, 3, 5],
    anticipacion_dias: 2,
    hora_corte: '16:00',
    monto_minimo: 80_000,
    costo_despacho: 9_990,
    despacho_gratis_desde: 200_000,
  },
  'pedidos@comercialpacifico.cl': {
    cobertura: [5, RM],
    dias_despacho: [1, 2, 3, 4, 5, 6],
    anticipacion_dias: 1,
    hora_corte: '18:00',
    monto_minimo: 30_000,
    costo_despacho: 4_990,
    despacho_gratis_desde: 100_000,
  },
  'ventas@alimentosdelvalle.cl': {
    cobertura: [RM],
    dias_despacho: lunesAViernes,
    anticipacion_dias: 0,
    hora_corte: '11:00',
    monto_minimo: 0,
    costo_despacho: 5_990,
    despacho_gratis_desde: 120_000,
  },
  'mayorista@importadoracordillera.cl': {
    cobertura: 'todas',
    dias_despacho: [2, 4],
    anticipacion_dias: 2,
    hora_corte: '15:00',
    monto_minimo: 60_000,
    costo_despacho: 0,
    despacho_gratis_desde: null,
  },
  'ventas@lacteosbiobio.cl': {
    cobertura: [16, 8, 9, RM],
    dias_despacho: [1, 3, 5],
    anticipacion_dias: 1,
    hora_corte: '18:00',
    monto_minimo: 40_000,
    costo_despacho: 6_990,
    despacho_gratis_desde: 150_000,
  },
  'pedidos@mayoristasantaelena.cl': {
    cobertura: [RM],
    dias_despacho: [1, 2, 3, 4, 5, 6],
    anticipacion_dias: 1,
    hora_corte: '20:00',
    monto_minimo: 0,
    costo_despacho: 4_990,
    despacho_gratis_desde: 100_000,
  },
  'ventas@congeladospatagonia.cl': {
    cobertura: [11, 12],
    dias_despacho: [2, 5],
    anticipacion_dias: 3,
    hora_corte: '12:00',
    monto_minimo: 70_000,
    costo_despacho: 9_990,
    despacho_gratis_desde: null,
  },
};

/**
 * Gives each demo supplier without terms its own, through the terms' own service: databases
 * seeded before delivery terms (or before Carnes del Maule had any) get them on their next start;
 * terms saved since stay.
 */
export async function seedDemoCondiciones(db: Db): Promise<void> {
  const faltan = await findDemoProveedoresSin(db, condicionesProveedor, condicionesProveedor.proveedor_id);
  if (faltan.length === 0) return;
  const comunas = await db.select({ id: comuna.id, region_id: comuna.region_id }).from(comuna);
  for (const p of faltan) {
    const terminos = DEMO_CONDICIONES[p.email];
    if (!terminos) continue;
    const { cobertura, ...resto } = terminos;
    const ids = comunas.filter((c) => cobertura === 'todas' || cobertura.includes(c.region_id)).map((c) => c.id);
    await saveCondiciones(db, p.id, { ...resto, comunas: ids });
  }
}
