import { digitoVerificador, formatRut } from '#common/chile/rut';
import { empresaSchema } from '#common/schemas/empresa';
import { saveEmpresa } from '#server/modules/empresa/empresa.service';
import type { Db } from '../client';
import { empresaProveedor } from '../schema/proveedor';
import { DEMO_PROVEEDORES } from './demo-catalogo';
import { findDemoProveedoresSin } from './demo-proveedores';

/** A company RUT from its body, with its check digit computed (common/chile/rut.ts). */
const rut = (cuerpo: number) => formatRut(`${cuerpo}${digitoVerificador(String(cuerpo))}`);

interface DatosEmpresa {
  razon_social: string;
  rut: string;
  giro: string;
  direccion: string;
  region: number;
  comuna: number;
  telefono: string;
}

/**
 * The demo suppliers' companies, by e-mail (docs/decisions/024): each buyers know by the name of
 * DEMO_PROVEEDORES (its nombre de fantasía), with a legal name, RUT, giro and an address in a comuna
 * it delivers from. Its sales e-mail is its account's: the 'Nuevo pedido' e-mail then says which demo
 * account to log in as (README, Pedidos).
 */
export const DEMO_EMPRESAS: Record<string, DatosEmpresa> = {
  'proveedor@abastece.cl': {
    razon_social: 'Comercializadora de Carnes del Maule SpA',
    rut: rut(76086428),
    giro: 'Venta al por mayor de carnes',
    direccion: 'Av. San Miguel 2450',
    region: 7,
    comuna: 7101,
    telefono: '+56 71 261 4400',
  },
  'ventas@frigorificolosandes.cl': {
    razon_social: 'Frigorífico Los Andes Limitada',
    rut: rut(78452190),
    giro: 'Matanza de ganado y procesamiento de carnes',
    direccion: 'Camino Internacional 1820',
    region: 5,
    comuna: 5301,
    telefono: '+56 34 242 1100',
  },
  'contacto@distribuidoraaustral.cl': {
    razon_social: 'Distribuidora Austral SpA',
    rut: rut(76543987),
    giro: 'Venta al por mayor de alimentos',
    direccion: 'Ruta 5 Sur km 1025, Bodega 4',
    region: 10,
    comuna: 10101,
    telefono: '+56 65 225 3300',
  },
  'pedidos@comercialpacifico.cl': {
    razon_social: 'Comercial Pacífico Limitada',
    rut: rut(77218654),
    giro: 'Venta al por mayor de productos del mar y abarrotes',
    direccion: 'Av. Libertad 1348, oficina 21',
    region: 5,
    comuna: 5109,
    telefono: '+56 32 268 9900',
  },
  'ventas@alimentosdelvalle.cl': {
    razon_social: 'Alimentos del Valle SpA',
    rut: rut(76912305),
    giro: 'Venta al por mayor de frutas, verduras y abarrotes',
    direccion: 'Av. Presidente Eduardo Frei Montalva 9950',
    region: 13,
    comuna: 13125,
    telefono: '+56 2 2738 5500',
  },
  'mayorista@importadoracordillera.cl': {
    razon_social: 'Importadora y Exportadora Cordillera Limitada',
    rut: rut(79875430),
    giro: 'Importación y venta al por mayor de alimentos',
    direccion: 'Av. Américo Vespucio 1501, Bodega 12',
    region: 13,
    comuna: 13124,
    telefono: '+56 2 2599 7200',
  },
  'ventas@lacteosbiobio.cl': {
    razon_social: 'Sociedad Lácteos Biobío SpA',
    rut: rut(76334521),
    giro: 'Elaboración y venta al por mayor de productos lácteos',
    direccion: 'Av. Alemania 1045',
    region: 8,
    comuna: 8301,
    telefono: '+56 43 231 6600',
  },
  'pedidos@mayoristasantaelena.cl': {
    razon_social: 'Mayorista Santa Elena Limitada',
    rut: rut(77604118),
    giro: 'Venta al por mayor de abarrotes y productos de consumo masivo',
    direccion: 'Av. Libertador Bernardo O’Higgins 3870',
    region: 13,
    comuna: 13106,
    telefono: '+56 9 8123 4567',
  },
  'ventas@congeladospatagonia.cl': {
    razon_social: 'Congelados Patagonia SpA',
    rut: rut(76781239),
    giro: 'Venta al por mayor de productos congelados',
    direccion: 'Av. Presidente Manuel Bulnes 05672',
    region: 12,
    comuna: 12101,
    telefono: '+56 61 221 0800',
  },
};

/**
 * Gives each demo supplier without a company its own, through the company's own service and
 * schema (the RUT normalised, the phone in E.164): databases seeded before companies existed get
 * them on their next start, and their offers keep entering comparisons; companies saved since stay.
 */
export async function seedDemoEmpresas(db: Db): Promise<void> {
  for (const p of await findDemoProveedoresSin(db, empresaProveedor, empresaProveedor.proveedor_id)) {
    const datos = DEMO_EMPRESAS[p.email];
    const nombre = DEMO_PROVEEDORES.find((d) => d.email === p.email)?.empresa;
    if (!datos || !nombre) continue;
    await saveEmpresa(db, p.id, empresaSchema.parse({ ...datos, nombre_fantasia: nombre, correo_ventas: p.email }));
  }
}
