import { sql } from 'drizzle-orm';
import { CONDICIONES_ABIERTAS } from '#common/despacho';
import type { Db } from '#server/db/client';
import { condicionesProveedor, empresaProveedor } from '#server/db/schema/proveedor';
import { proveedorNombre, usuario } from '#server/db/schema/usuario';
import { EMPRESA_BODY } from './bodies';
import { ENTREGA } from './entrega';
import type { TestApp } from './test-app';

/**
 * A supplier's offers are compared only once it saved its company data and its delivery terms
 * (docs/decisions/024, 'Visibilidad'). The builders that make or use a supplier (createUser,
 * createOfertaDePrueba) set it up with this, so every test written before that rule means the
 * same: its company is named as buyers saw it (nombre_fantasia = the account's name, as for
 * accounts that never saved one) and its terms take away nothing the old 'no terms' did: every
 * day, no anticipation, cut-off 23:59, every comuna, no minimum, no fee. A test about other terms
 * saves its own (PUT /api/proveedor/condiciones/ replaces these).
 */
export const CONDICIONES_DE_PRUEBA = { todas_las_comunas: true, ...CONDICIONES_ABIERTAS };

/**
 * Gives supplier `proveedorId` a company row and terms where it has none (what it saved stays):
 * `empresa` / `condiciones` false leaves that one out, for a supplier half set up.
 */
export async function prepararProveedor(db: Db, proveedorId: number, { empresa = true, condiciones = true } = {}): Promise<void> {
  if (empresa) {
    await db.execute(sql`insert into ${empresaProveedor} (proveedor_id, razon_social, nombre_fantasia, rut, giro, direccion, comuna_id, telefono, correo_ventas)
      select ${usuario.id}, ${proveedorNombre()}, ${proveedorNombre()}, '76.086.428-5', 'Venta al por mayor de alimentos', ${ENTREGA.direccion_envio},
        ${ENTREGA.comuna}, ${ENTREGA.telefono_contacto}, ${usuario.email}
      from ${usuario} where ${usuario.id} = ${proveedorId}
      on conflict do nothing`);
  }
  if (condiciones) {
    await db
      .insert(condicionesProveedor)
      .values({ proveedor_id: proveedorId, ...CONDICIONES_DE_PRUEBA })
      .onConflictDoNothing();
  }
}

/**
 * Saves a supplier's company through PUT /api/proveedor/empresa/, as it would: EMPRESA_BODY with
 * `cambios`. Throws on any answer but 200 (no test runner imported here: bench/ reads this file too).
 */
export async function guardarEmpresa(t: TestApp, token: string, cambios: Partial<typeof EMPRESA_BODY> = {}): Promise<void> {
  const res = await t.request({ method: 'PUT', url: '/api/proveedor/empresa/', token, payload: { ...EMPRESA_BODY, ...cambios } });
  if (res.statusCode !== 200) throw new Error(`PUT /api/proveedor/empresa/ answered ${res.statusCode}: ${res.body}`);
}

/** Saves a supplier's delivery terms through PUT /api/proveedor/condiciones/: open ones (CONDICIONES_ABIERTAS), to ENTREGA's comuna only. */
export async function guardarCondiciones(t: TestApp, token: string): Promise<void> {
  const res = await t.request({
    method: 'PUT',
    url: '/api/proveedor/condiciones/',
    token,
    payload: { ...CONDICIONES_ABIERTAS, comunas: [ENTREGA.comuna] },
  });
  if (res.statusCode !== 200) throw new Error(`PUT /api/proveedor/condiciones/ answered ${res.statusCode}: ${res.body}`);
}
