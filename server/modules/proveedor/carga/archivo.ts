import { ARCHIVO_DESCOMPRIMIDO_EXCESIVO, ARCHIVO_ILEGIBLE, ARCHIVO_TIPO_INVALIDO } from '#common/schemas/proveedor-carga';

/**
 * What an uploaded file is, from its first bytes (DESIGN §4: never from its name alone) and, for
 * an .xlsx, from its zip central directory, read BEFORE any parser inflates a byte: a zip bomb
 * declares its sizes there. A liar that declares small sizes is still stopped by the parser
 * worker's memory limit and timer (parser.ts).
 */

/** Bounds of an .xlsx as a zip: ours has ~12 entries and 50,000 rows inflate to ~40 MB (docs/decisions/008). */
export const MAX_ENTRADAS_ZIP = 256;
export const MAX_DESCOMPRIMIDO_BYTES = 120 * 1024 * 1024;

const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
// Compound File Binary: the container of the .xls (BIFF8) format.
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type TipoArchivo = 'xlsx' | 'xls';

/** Why a file cannot be parsed: the Spanish message the 400 carries. */
export class ArchivoInvalido extends Error {}

const EOCD_FIRMA = 0x06054b50;
const CENTRAL_FIRMA = 0x02014b50;
const EOCD_MIN = 22;

/** An entry of the zip: its name, the uncompressed size it declares, and where its compressed bytes are. */
export interface EntradaZip {
  nombre: string;
  descomprimido: number;
  metodo: number;
  inicio: number;
  comprimido: number;
}

const LOCAL_FIRMA = 0x04034b50;

/** Reads the central directory: entry names and the declared uncompressed size of each. */
export function leerDirectorioZip(buf: Buffer): EntradaZip[] {
  // The end record is within the last 22 + 65,535 (comment) bytes.
  let eocd = -1;
  for (let i = buf.length - EOCD_MIN; i >= Math.max(0, buf.length - EOCD_MIN - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD_FIRMA) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ArchivoInvalido(ARCHIVO_ILEGIBLE);
  const total = buf.readUInt16LE(eocd + 10);
  const inicio = buf.readUInt32LE(eocd + 16);
  // ZIP64 markers: no 5 MB spreadsheet needs them, and they would hide the real sizes.
  if (total === 0xffff || inicio === 0xffffffff) throw new ArchivoInvalido(ARCHIVO_DESCOMPRIMIDO_EXCESIVO);
  if (total > MAX_ENTRADAS_ZIP) throw new ArchivoInvalido(ARCHIVO_DESCOMPRIMIDO_EXCESIVO);
  const entradas: EntradaZip[] = [];
  let p = inicio;
  for (let n = 0; n < total; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL_FIRMA) throw new ArchivoInvalido(ARCHIVO_ILEGIBLE);
    const descomprimido = buf.readUInt32LE(p + 24);
    if (descomprimido === 0xffffffff || buf.readUInt32LE(p + 20) === 0xffffffff) throw new ArchivoInvalido(ARCHIVO_DESCOMPRIMIDO_EXCESIVO);
    const largoNombre = buf.readUInt16LE(p + 28);
    const nombre = buf.toString('utf8', p + 46, Math.min(buf.length, p + 46 + largoNombre));
    const local = buf.readUInt32LE(p + 42);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL_FIRMA) throw new ArchivoInvalido(ARCHIVO_ILEGIBLE);
    const inicio = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const comprimido = buf.readUInt32LE(p + 20);
    if (inicio + comprimido > buf.length) throw new ArchivoInvalido(ARCHIVO_ILEGIBLE);
    entradas.push({ nombre, descomprimido, metodo: buf.readUInt16LE(p + 10), inicio, comprimido });
    p += 46 + largoNombre + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entradas;
}

/**
 * The file's kind, or ArchivoInvalido with docs/producto.md §5's message (not an Excel) or ours (too big
 * once inflated, not a workbook). An .xlsx must be a zip holding xl/workbook.xml within the
 * declared bounds; its entries are returned so that the worker checks the REAL inflated sizes
 * (a liar's) before the parser inflates anything.
 */
export function inspectArchivo(buf: Buffer): { tipo: TipoArchivo; entradas: EntradaZip[] } {
  if (buf.length >= CFB.length && buf.subarray(0, CFB.length).equals(CFB)) return { tipo: 'xls', entradas: [] };
  // Named .xlsx or .xls (the route checked) but neither a zip nor an old Excel file: a damaged or
  // mislabelled file, which the supplier is told could not be read, not that its kind is wrong.
  if (buf.length < EOCD_MIN + ZIP_LOCAL.length || !buf.subarray(0, ZIP_LOCAL.length).equals(ZIP_LOCAL)) throw new ArchivoInvalido(ARCHIVO_ILEGIBLE);
  const entradas = leerDirectorioZip(buf);
  const total = entradas.reduce((s, e) => s + e.descomprimido, 0);
  if (total > MAX_DESCOMPRIMIDO_BYTES) throw new ArchivoInvalido(ARCHIVO_DESCOMPRIMIDO_EXCESIVO);
  // A zip that is not a workbook (an .ods, a .docx, any archive renamed .xlsx).
  if (!entradas.some((e) => e.nombre === 'xl/workbook.xml')) throw new ArchivoInvalido(ARCHIVO_TIPO_INVALIDO);
  return { tipo: 'xlsx', entradas };
}
