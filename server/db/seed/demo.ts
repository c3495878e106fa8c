import { eq, sql } from 'drizzle-orm';
import { sumarDias } from '#common/fecha';
import { hashPassword } from '#server/modules/auth/seguridad/password';
import { findDirecciones } from '#server/modules/direcciones/direcciones.repository';
import { addDireccion } from '#server/modules/direcciones/direcciones.service';
import type { Db } from '../client';
import { categoria, type estadoModeracion, formato, marca, origen, producto, productoFormato, rangoPrecio, unidad } from '../schema/catalogo';
import { lote, proveedorProducto, proveedorProductoRango } from '../schema/proveedor';
import { usuario } from '../schema/usuario';
import { seedDemoCondiciones } from './demo-condiciones';
import { seedDemoEmpresas } from './demo-empresas';
import { seedDemoLista } from './demo-lista';
import { DEMO_CATALOGO, DEMO_CUENTAS, DEMO_PASSWORD, DEMO_PENDIENTES, DEMO_PROVEEDORES } from './demo-catalogo';

/** Small deterministic PRNG (mulberry32): the same demo on every machine. */
function createRandom(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const redondear = (clp: number) => Math.round(clp / 10) * 10;

/** The demo buyer's saved address, one active address as a buyer who has used the site has. */
const DEMO_DIRECCION = {
  nombre_contacto: 'Daniela Araya',
  correo_contacto: DEMO_CUENTAS.comprador.email,
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Providencia 1234',
  region: 13,
  comuna: 13123,
};

/**
 * Gives the demo buyer its active address when it has none, through the address API's own
 * service, so /mi-cuenta (usuario.direccion_envio) and /direcciones show the same one.
 * Databases seeded before this existed get it on their next start.
 */
async function seedDemoDireccion(db: Db): Promise<void> {
  const [comprador] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, DEMO_CUENTAS.comprador.email));
  if (!comprador || (await findDirecciones(db, comprador.id)).length > 0) return;
  await addDireccion(db, comprador.id, DEMO_DIRECCION);
}

/** Demo marketplace: accounts of every role, ≥120 approved products, 9 suppliers with differing offers, delivery terms and companies, the buyer's list 'Semana'. */
export async function seedDemo(db: Db, today = new Date()): Promise<boolean> {
  const existing = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, DEMO_PROVEEDORES[0]!.email));
  if (existing.length > 0) {
    await seedDemoDireccion(db);
    await seedDemoCondiciones(db);
    await seedDemoEmpresas(db);
    await seedDemoLista(db);
    return false;
  }

  const password = await hashPassword(DEMO_PASSWORD);
  const rnd = createRandom(20261122);

  await db.transaction(async (tx) => {
    const cuenta = { password, is_active: true, password_changed_at: new Date(0) };
    await tx.insert(usuario).values([
      { ...DEMO_CUENTAS.comprador, ...cuenta, is_comprador: true, telefono: '+56912345678', correo_contacto: DEMO_CUENTAS.comprador.email },
      { ...DEMO_CUENTAS.moderador, ...cuenta, is_comprador: false, is_moderador: true },
    ]);
    const proveedores = await tx
      .insert(usuario)
      .values(DEMO_PROVEEDORES.map((p) => ({ ...p, ...cuenta, is_comprador: false, is_proveedor: true, correo_contacto: p.email })))
      .returning({ id: usuario.id, email: usuario.email });

    const idsPor = async <T extends { id: number }>(rows: T[], key: keyof T) => new Map(rows.map((r) => [String(r[key]), r.id]));
    const categorias = await idsPor(await tx.select().from(categoria), 'nombre');
    const unidades = await idsPor(await tx.select().from(unidad), 'descripcion');
    const formatos = await idsPor(await tx.select().from(formato), 'descripcion');
    type Estado = (typeof estadoModeracion.enumValues)[number];
    const todas = Object.entries(DEMO_CATALOGO).flatMap(([cat, filas]) => filas.map((f) => ({ cat, f, estado: 'aprobado' as Estado })));
    todas.push(
      ...DEMO_PENDIENTES.map((f) => ({
        cat: f[0].startsWith('Queso') ? 'LACTEO' : f[0].startsWith('Longaniza') ? 'CERDO' : 'CARNE BOVINA',
        f,
        estado: 'pendiente' as Estado,
      })),
    );

    const origenes = await idsPor(
      await tx
        .insert(origen)
        .values([...new Set(todas.map((t) => t.f[1]))].map((descripcion) => ({ descripcion })))
        .onConflictDoNothing()
        .returning(),
      'descripcion',
    );
    const marcas = await idsPor(
      await tx
        .insert(marca)
        .values([...new Set(todas.map((t) => t.f[2]))].map((nombre) => ({ nombre })))
        .onConflictDoNothing()
        .returning(),
      'nombre',
    );

    const productos = await tx
      .insert(producto)
      .values(
        todas.map(({ cat, f, estado }) => ({
          nombre: f[0],
          categoria_id: categorias.get(cat)!,
          origen_id: origenes.get(f[1])!,
          marca_id: marcas.get(f[2])!,
          unidad_id: unidades.get(f[3])!,
          estado_moderacion: estado,
          creado_por: estado === 'pendiente' ? proveedores[0]!.id : null,
        })),
      )
      .returning({ id: producto.id, categoria_id: producto.categoria_id });
    await tx.insert(productoFormato).values(productos.flatMap((p, i) => todas[i]!.f[4].map((fmt) => ({ producto_id: p.id, formato_id: formatos.get(fmt)! }))));

    const rangos = await tx.select().from(rangoPrecio).orderBy(rangoPrecio.limite_inferior);
    const ofertas: (typeof proveedorProducto.$inferInsert & { base: number; estilo: number })[] = [];
    productos.forEach((p, i) => {
      const { estado, f } = todas[i]!;
      // Each approved product is offered by 2 to 5 suppliers; a pending one only by its proposer.
      const quienes = estado === 'pendiente' ? [0] : [...proveedores.keys()].sort(() => rnd.next() - 0.5).slice(0, 2 + Math.floor(rnd.next() * 4));
      for (const q of quienes) {
        const tarifa = redondear(f[5] * (0.88 + rnd.next() * 0.3));
        ofertas.push({
          proveedor_id: proveedores[q]!.id,
          producto_id: p.id,
          sku: `P${q + 1}-${String(p.id).padStart(4, '0')}`,
          tarifa,
          base: tarifa,
          estilo: q % 3,
        });
      }
    });
    const creadas = await tx.insert(proveedorProducto).values(ofertas).returning({ id: proveedorProducto.id, producto_id: proveedorProducto.producto_id });

    const categoriaDe = new Map(productos.map((p) => [p.id, p.categoria_id]));
    const preciosRango: (typeof proveedorProductoRango.$inferInsert)[] = [];
    const lotes: (typeof lote.$inferInsert)[] = [];
    creadas.forEach((o, i) => {
      const { base, estilo } = ofertas[i]!;
      const propios = rangos.filter((r) => r.categoria_id === categoriaDe.get(o.producto_id));
      // Style 0 prices every tier, style 1 only some (so an unpriced tier falls back), style 2 none.
      propios.forEach((r, k) => {
        if (estilo === 2 || (estilo === 1 && k % 2 === 0)) return;
        // Each tier cheaper than the one below it (docs/decisions/008, rangos que bajan con el volumen).
        const descuento = (k + 1) * 0.025 + rnd.next() * 0.015;
        preciosRango.push({ proveedor_producto_id: o.id, rango_precio_id: r.id, precio: redondear(base * (1 - descuento)) });
      });
      const nLotes = 1 + Math.floor(rnd.next() * 3);
      for (let k = 0; k < nLotes; k++) {
        const vence = sumarDias(isoDate(today), 7 + Math.floor(rnd.next() * 170));
        lotes.push({ proveedor_producto_id: o.id, cantidad: rnd.pick([40, 80, 150, 250, 400, 600, 900, 1200, 2000]), fecha_expiracion: vence });
      }
    });
    // One offer sold out, so 'Sin stock' shows in the supplier's list.
    lotes.splice(0, 1);
    await tx.insert(proveedorProductoRango).values(preciosRango);
    await tx.insert(lote).values(lotes);
  });
  await seedDemoDireccion(db);
  await seedDemoCondiciones(db);
  await seedDemoEmpresas(db);
  await seedDemoLista(db);
  await db.execute(sql`analyze`);
  return true;
}
