// Types of carga-xlsx.mjs (plain JavaScript, run as it is by the parser's worker) for the TypeScript that tests it.
import type { EntradaZip } from './carga-archivo';

export class Excesivo extends Error {}
export function fechaDeSerial(v: number, fecha1904: boolean): string | number;
export function readXlsx(
  datos: Uint8Array,
  entradas: Array<Pick<EntradaZip, 'nombre' | 'metodo' | 'inicio' | 'comprimido'>>,
  opciones: { maxFilas: number; maxDescomprimido: number; alLeer: (filas: Array<Array<string | number | boolean | null>>, desde: number) => void },
): Promise<void>;
