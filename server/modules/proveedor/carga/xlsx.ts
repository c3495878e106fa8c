// Reads the first sheet of an .xlsx as rows of cells, streaming, without a spreadsheet library
// (docs/decisions/008: SheetJS built the whole workbook, ~4–6 s and ~200 MB for 50,000 rows).
// Only the parts a sheet's values need are inflated: workbook.xml and its .rels (which sheet is
// first, 1900 or 1904 dates), styles.xml (which cells show dates), sharedStrings.xml, and the
// sheet itself, inflated and scanned in chunks that stop once enough rows are read. Every byte
// inflated counts against one cap, whatever the zip declared. Formulas are never evaluated: a
// formula cell is the value the file stored for it, or empty.
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import type { EntradaZip } from './archivo';
import { fechaDeSerial } from './fecha-serial';
import type { AlLeerFilas, CeldaCruda } from './parser';
import { Cursor, normalizeSaltos, readEstilosFecha, readLibro, readRelaciones, readSharedStrings } from './xml';

/** A zip entry as archivo.ts lists it: where its bytes start, how many, and how compressed. */
export type EntradaLeida = Pick<EntradaZip, 'nombre' | 'metodo' | 'inicio' | 'comprimido'>;

/** The zip inflates to more than allowed: the caller answers "too big once inflated". */
export class Excesivo extends Error {}

/** A row that long without ending is no spreadsheet row (Excel's cell holds 32,767 characters). */
const MAX_FILA_CARACTERES = 16 * 1024 * 1024;
const TROZO_BYTES = 256 * 1024;
const ATRIBUTOS_CELDA = ['r', 't', 's'];
/** Rows handed over at a time: the request thread reads them while this worker reads the next. */
const LOTE = 2000;

/** Inflates a zip's entries against a shared budget of real (not declared) bytes. */
function createZip(datos: Uint8Array, entradas: EntradaLeida[], maxDescomprimido: number) {
  let restante = maxDescomprimido;
  const porNombre = new Map(entradas.map((e) => [e.nombre.toLowerCase(), e]));
  const buscar = (nombre: string) => porNombre.get(nombre.toLowerCase());
  const comprimido = (e: EntradaLeida) => {
    if (e.metodo !== 0 && e.metodo !== 8) throw new Error(`método de compresión ${e.metodo}`);
    return datos.subarray(e.inicio, e.inicio + e.comprimido);
  };
  const gastar = (n: number) => {
    restante -= n;
    if (restante < 0) throw new Excesivo();
  };
  return {
    buscar,
    /** A whole (small) part as text, or undefined if the zip has no such entry. */
    leer(nombre: string) {
      const e = buscar(nombre);
      if (!e) return undefined;
      let bytes = comprimido(e);
      if (e.metodo === 8) {
        try {
          bytes = zlib.inflateRawSync(bytes, { maxOutputLength: Math.max(1, restante + 1) });
        } catch (error) {
          if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Excesivo();
          throw error;
        }
      }
      gastar(bytes.length);
      return new StringDecoder('utf8').end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    },
    /**
     * A part as text in chunks, inflated as they are asked for: a caller that stops early never
     * inflates the rest.
     */
    async *trozos(e: EntradaLeida) {
      const decoder = new StringDecoder('utf8');
      const bytes = comprimido(e);
      if (e.metodo === 0) {
        for (let i = 0; i < bytes.length; i += TROZO_BYTES) {
          const trozo = bytes.subarray(i, i + TROZO_BYTES);
          gastar(trozo.length);
          yield decoder.write(Buffer.from(trozo.buffer, trozo.byteOffset, trozo.length));
        }
        return;
      }
      const inflado = zlib.createInflateRaw({ chunkSize: TROZO_BYTES });
      inflado.end(bytes);
      try {
        // A stream without an encoding yields Buffers.
        for await (const trozo of inflado as AsyncIterable<Buffer>) {
          gastar(trozo.length);
          yield decoder.write(trozo);
        }
      } finally {
        inflado.destroy();
      }
    },
  };
}

/** 'xl/' + a relationship's target ('worksheets/sheet1.xml', '/xl/worksheets/sheet1.xml', '../x'). */
function rutaEnXl(destino: string) {
  const partes = destino.startsWith('/') ? [] : ['xl'];
  for (const p of destino.split('/')) {
    if (p === '..') partes.pop();
    else if (p !== '' && p !== '.') partes.push(p);
  }
  return partes.join('/');
}

/** 'B12' → 1 (the column, from 0); -1 without letters. */
function columnaDe(ref: string) {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 32;
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
  }
  return i === 0 ? -1 : col - 1;
}

const conValor = (c: CeldaCruda) => c !== null && (typeof c !== 'string' || c.trim() !== '');

/**
 * The rows of the first sheet, handed to `alLeer` in order as they are read, about LOTE at a time:
 * `desde` is the sheet index of the first one (0 is row 1), each row an array of cells by column
 * (null where there is none), an empty array for a row with none. Stops after `maxFilas` rows
 * with a value (the header included): the caller says "too many" from there without the rest
 * being read or inflated.
 */
export async function readXlsx(
  datos: Uint8Array,
  entradas: EntradaLeida[],
  { maxFilas, maxDescomprimido, alLeer }: { maxFilas: number; maxDescomprimido: number; alLeer: AlLeerFilas },
): Promise<void> {
  const zip = createZip(datos, entradas, maxDescomprimido);
  const libro = readLibro(zip.leer('xl/workbook.xml') ?? '');
  const relaciones = readRelaciones(zip.leer('xl/_rels/workbook.xml.rels') ?? '');
  const destino = (tipo: string, omision: string) => rutaEnXl(relaciones.find((r) => r.tipo.endsWith(`/${tipo}`))?.destino ?? omision);
  const hojaRel = relaciones.find((r) => r.id === libro.primeraHoja);
  if (!hojaRel) return;
  const hoja = zip.buscar(rutaEnXl(hojaRel.destino));
  if (!hoja) throw new Error('la primera hoja no está en el archivo');
  const estilosFecha = readEstilosFecha(zip.leer(destino('styles', 'styles.xml')) ?? '');
  const textos = readSharedStrings(zip.leer(destino('sharedStrings', 'sharedStrings.xml')) ?? '');

  // Rows read and not yet handed over; `base` is the sheet index of the first.
  let filas: CeldaCruda[][] = [];
  let base = 0;
  const entregar = () => {
    if (filas.length === 0) return;
    alLeer(filas, base);
    base += filas.length;
    filas = [];
  };
  let conDatos = 0;
  let enHoja = false;
  let fila: CeldaCruda[] = [];
  let filaTieneValor = false;
  let numeroFila = -1;
  let col = -1;
  let tipo = '';
  let estilo = -1;
  let valor: string | undefined;
  let enTextoEnLinea = false;
  let enFonetica = false;
  let textoEnLinea = '';
  const fechas = new Map<number, string | number>();
  const atributosCelda: Array<string | undefined> = [undefined, undefined, undefined];

  const cerrarCelda = () => {
    let v: CeldaCruda = null;
    if (tipo === 'inlineStr') v = normalizeSaltos(textoEnLinea);
    else if (valor !== undefined) {
      if (tipo === 's') v = textos[Number.parseInt(valor, 10)] ?? null;
      else if (tipo === 'str') v = normalizeSaltos(valor);
      else if (tipo === 'b') v = valor === '1' || valor.toLowerCase() === 'true';
      else if (tipo === 'd') v = /^\d{4}-\d{2}-\d{2}/.exec(valor)?.[0] ?? null;
      else if (tipo === 'n' || tipo === '') {
        const n = Number.parseFloat(valor);
        if (!Number.isFinite(n)) v = null;
        else if (!estilosFecha[estilo]) v = n;
        else {
          // Lots of one file share a handful of dates: each serial is converted once. Out of
          // Excel's dates (negative, past 9999-12-31) the number stays a number.
          v = fechas.get(n) ?? fechaDeSerial(n, libro.fecha1904) ?? n;
          fechas.set(n, v);
        }
      }
      // 'e' (an error such as #N/A) is no value.
    }
    if (v !== null && col >= 0) {
      while (fila.length < col) fila.push(null);
      fila[col] = v;
      if (!filaTieneValor) filaTieneValor = conValor(v);
    }
  };
  const cerrarFila = () => {
    // Rows come in ascending order (ECMA-376 18.3.1.73); one going back is no sheet we can read.
    if (numeroFila < base + filas.length) throw new Error(`fila ${numeroFila + 1} fuera de orden`);
    while (base + filas.length < numeroFila) filas.push([]);
    filas.push(fila);
    if (filaTieneValor) conDatos++;
  };

  /** Scans a chunk of whole tags; true once there is nothing more to read. */
  const leerBloque = (s: string) => {
    const c = new Cursor(s);
    while (c.next()) {
      if (!enHoja) {
        enHoja = c.es('sheetData') && !c.cierre && !c.vacia;
        continue;
      }
      if (c.es('c')) {
        if (c.cierre) cerrarCelda();
        else {
          c.atributos(ATRIBUTOS_CELDA, atributosCelda);
          const [ref, t, indiceEstilo] = atributosCelda;
          col = ref === undefined ? col + 1 : columnaDe(ref);
          tipo = t ?? '';
          estilo = indiceEstilo === undefined ? -1 : Number(indiceEstilo);
          valor = undefined;
          textoEnLinea = '';
          if (c.vacia) cerrarCelda();
        }
      } else if (c.es('v')) {
        if (!c.cierre && !c.vacia) valor = c.texto();
      } else if (c.es('t')) {
        if (enTextoEnLinea && !enFonetica && !c.cierre && !c.vacia) textoEnLinea += c.texto();
      } else if (c.es('is')) enTextoEnLinea = !c.cierre && !c.vacia;
      else if (c.es('rPh')) enFonetica = !c.cierre && !c.vacia;
      else if (c.es('row')) {
        if (!c.cierre) {
          const r = c.atributo('r');
          numeroFila = r === undefined ? numeroFila + 1 : Number(r) - 1;
          if (!Number.isInteger(numeroFila) || numeroFila < 0 || numeroFila > 1_048_575) throw new Error(`fila ${r}`);
          fila = [];
          filaTieneValor = false;
          col = -1;
        }
        if (c.cierre || c.vacia) {
          cerrarFila();
          if (conDatos >= maxFilas) return true;
        }
      } else if (c.es('sheetData') && c.cierre) return true;
    }
    return false;
  };

  // Chunks are cut after a closing or self-closing tag, so no tag and no text we read is split.
  let pendiente: string[] = [];
  let largoPendiente = 0;
  for await (const trozo of zip.trozos(hoja)) {
    const corte = finDeCierre(trozo);
    if (corte < 0) {
      pendiente.push(trozo);
      largoPendiente += trozo.length;
      if (largoPendiente > MAX_FILA_CARACTERES) throw new Excesivo();
      continue;
    }
    pendiente.push(trozo.slice(0, corte));
    const terminada = leerBloque(pendiente.join(''));
    if (terminada || filas.length >= LOTE) entregar();
    if (terminada) return;
    const resto = trozo.slice(corte);
    pendiente = [resto];
    largoPendiente = resto.length;
  }
  leerBloque(pendiente.join(''));
  entregar();
}

/**
 * Just after the last closing or self-closing tag of a chunk; -1 if it has none. A '>' is a
 * tag's end only if no other '>' stands between it and the '<' before it: text may hold a raw
 * '>' (even '/>'), never a raw '<'.
 */
function finDeCierre(s: string) {
  let gt = s.lastIndexOf('>');
  while (gt > 0) {
    const lt = s.lastIndexOf('<', gt);
    if (lt < 0) return -1;
    const esEtiqueta = s.lastIndexOf('>', gt - 1) < lt;
    if (esEtiqueta && (s.charCodeAt(lt + 1) === 47 || s.charCodeAt(gt - 1) === 47)) return gt + 1;
    gt = s.lastIndexOf('>', esEtiqueta ? lt : gt - 1);
  }
  return -1;
}
