import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TerminosDespacho } from '#common/despacho';
import type { LineaCanasta } from '#server/modules/comparacion/canasta/canasta';

/**
 * The public ISHOP-U instances (../shared/bench/ishop-u/, its README: Ornelas et al. 2022, 2025)
 * as delivered baskets. One CSV per instance: products and quantities, stores and delivery
 * prices, a stores × products matrix of prices (0.0: not sold) and one of units available.
 *
 * Two forms, both with the integer prices of optimos.json (round(100 × price), round(100 × delivery)):
 * - `unidades`: one unit is one unit; the basket's optimum is `optimo`.
 * - `kilos`: one unit is 100 kg, as a quotation line through the API needs at least 100 kg:
 *   quantity and stock × 100, the price per kg, the fee × 100; the optimum is 100 × `optimo`.
 * Store s is proveedor_id s + 1; each supplier has only a fee (no minimum, never free).
 */

const BENCH = fileURLToPath(new URL('../../../shared/bench/ishop-u/', import.meta.url));
/** The benchmark beside the repository; in a clone without it, the two instances copied in fixtures/ishop-u. */
export const ISHOP_U_DIR = fs.existsSync(BENCH) ? BENCH : fileURLToPath(new URL('./fixtures/ishop-u/', import.meta.url));

export interface InstanciaIshopU {
  nombre: string;
  productos: number;
  tiendas: number;
  cantidades: number[];
  /** Per store, in whole pesos. */
  despachos: number[];
  /** precios[store][product], whole pesos per unit; 0 = not sold. */
  precios: number[][];
  /** unidades[store][product]: units available. */
  unidades: number[][];
}

export interface OptimoIshopU {
  productos: number;
  tiendas: number;
  ofertas: number;
  optimo: number;
  probado: boolean;
  tiendas_usadas: number;
}

/** Every instance name with its optimum, from optimos.json ('GaussianL1', …). */
export function optimosIshopU(dir = ISHOP_U_DIR): Record<string, OptimoIshopU> {
  return JSON.parse(fs.readFileSync(path.join(dir, 'optimos.json'), 'utf8'));
}

/** 'UniformS3' → …/Uniform/Small/UniformS3.csv */
export function rutaIshopU(nombre: string, dir = ISHOP_U_DIR): string {
  const variante = nombre.startsWith('Gaussian') ? 'Gaussian' : 'Uniform';
  const talla = { S: 'Small', M: 'Medium', L: 'Large' }[nombre.at(-2)!]!;
  return path.join(dir, variante, talla, `${nombre}.csv`);
}

export function leerIshopU(nombre: string, dir = ISHOP_U_DIR): InstanciaIshopU {
  const filas = fs
    .readFileSync(rutaIshopU(nombre, dir), 'utf8')
    .split('\n')
    .map((f) => f.trim())
    .filter((f) => f !== '' && !f.startsWith('#'));
  // Rows end in a comma: empty fields are not values.
  const numeros = (fila: string) =>
    fila
      .split(',')
      .filter((x) => x.trim() !== '')
      .map(Number);
  let i = 0;
  const [productos, tiendas] = numeros(filas[i++]!) as [number, number];
  const cantidades = Array.from({ length: productos }, () => numeros(filas[i++]!)[1]!);
  const despachos = Array.from({ length: tiendas }, () => Math.round(100 * numeros(filas[i++]!)[1]!));
  const precios = Array.from({ length: tiendas }, () => numeros(filas[i++]!).map((p) => Math.round(100 * p)));
  const unidades = Array.from({ length: tiendas }, () => numeros(filas[i++]!).map((u) => Math.floor(u)));
  return { nombre, productos, tiendas, cantidades, despachos, precios, unidades };
}

/** The instance as the solver's input: one line per product, one offer per store that sells it with units. */
export function canastaIshopU(inst: InstanciaIshopU, forma: 'unidades' | 'kilos') {
  const escala = forma === 'kilos' ? 100 : 1;
  const lineas: LineaCanasta[] = inst.cantidades.map((cantidad, j) => ({
    cantidad: cantidad * escala,
    ofertas: inst.precios.flatMap((fila, s) =>
      fila[j]! > 0 && inst.unidades[s]![j]! > 0
        ? [
            {
              proveedor_producto_id: s * inst.productos + j + 1,
              proveedor_id: s + 1,
              tarifa: fila[j]!,
              rangos: [],
              stock: inst.unidades[s]![j]! * escala,
              fecha_vencimiento: '2027-12-31',
            },
          ]
        : [],
    ),
  }));
  const terminos = new Map<number, TerminosDespacho>(
    inst.despachos.map((d, s) => [s + 1, { monto_minimo: 0, costo_despacho: d * escala, despacho_gratis_desde: null }]),
  );
  return { lineas, terminos };
}
