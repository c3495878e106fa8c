// A small XML scanner for the parts of an .xlsx we read (xlsx.ts). Hand-written because
// the tokenizers on npm cost more than the whole read: saxes took 1.4 s just to emit the events
// of a 27 MB sheet, this one reads the same sheet into rows in a fraction of that
// (docs/decisions/008). It reads well-formed XML as spreadsheet writers produce it: tags with
// or without a namespace prefix, attributes in either quotes, comments, processing
// instructions and CDATA; it does not validate, and it never builds a tree.

const ENTIDADES = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
// XML entities and OOXML's _xHHHH_ escapes (ST_Xstring: '_x000D_' is a carriage return,
// '_x005F_' an underscore, so '_x005F_x000D_' stays the text '_x000D_').
const ESCAPE = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));|_x([0-9a-fA-F]{4})_/g;

/**
 * One match of ESCAPE (a replace callback): an entity by name, a decimal or hexadecimal
 * reference, or an _xHHHH_ escape; exactly one of the groups is set. A code point past Unicode
 * stays as written.
 */
function decodeEscape(todo: string, nombre: keyof typeof ENTIDADES | undefined, dec: string | undefined, hex: string | undefined, ooxml: string | undefined) {
  if (nombre) return ENTIDADES[nombre];
  const codigo = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? ooxml ?? '', 16);
  return codigo <= 0x10ffff ? String.fromCodePoint(codigo) : todo;
}

export function decodeXml(s: string) {
  if (s.indexOf('&') < 0 && s.indexOf('_x') < 0) return s;
  return s.replace(ESCAPE, decodeEscape);
}

/**
 * A cell's text with each CRLF as one LF, as SheetJS gives it: after decoding, so a pasted
 * '_x000D_\n' is one line break too. It is also XML's end-of-line rule for a raw CRLF, which
 * exceljs writes as it is.
 */
export function normalizeSaltos(s: string) {
  return s.indexOf('\r') < 0 ? s : s.replace(/\r\n/g, '\n');
}

/**
 * Walks the tags of a text, one `next()` at a time. After it: `cierre` (a closing tag), `vacia`
 * (a self-closing one), `es(nombre)` compares the local name (any prefix dropped), `atributo()`
 * reads an attribute, and `texto()` reads the text that follows an opening tag.
 */
export class Cursor {
  /** The text scanned. */
  readonly s: string;
  /** Where the scan goes on from. */
  p = 0;
  /** The current tag's local name is s[nombreInicio, nombreFin), its attributes s[atributosInicio, atributosFin). */
  nombreInicio = 0;
  nombreFin = 0;
  atributosInicio = 0;
  atributosFin = 0;
  /** The current tag closes (</x>). */
  cierre = false;
  /** The current tag closes itself (<x/>). */
  vacia = false;

  constructor(s: string) {
    this.s = s;
  }

  /** The next tag; false at the end of the text. */
  next() {
    const s = this.s;
    for (;;) {
      const lt = s.indexOf('<', this.p);
      if (lt < 0) {
        this.p = s.length;
        return false;
      }
      const c = s.charCodeAt(lt + 1);
      if (c === 33 /* ! */ || c === 63 /* ? */) {
        // Comment, CDATA outside a text we read, DOCTYPE, processing instruction: skipped.
        const fin = s.startsWith('<!--', lt) ? '-->' : s.startsWith('<![CDATA[', lt) ? ']]>' : '>';
        const e = s.indexOf(fin, lt + 2);
        this.p = e < 0 ? s.length : e + fin.length;
        continue;
      }
      this.cierre = c === 47; /* / */
      let i = this.cierre ? lt + 2 : lt + 1;
      this.nombreInicio = i;
      for (; i < s.length; i++) {
        const d = s.charCodeAt(i);
        if (d === 62 /* > */ || d === 47 /* / */ || d === 32 || d === 9 || d === 10 || d === 13) break;
        if (d === 58 /* : */) this.nombreInicio = i + 1;
      }
      this.nombreFin = i;
      this.atributosInicio = i;
      // The tag ends at the first '>' outside quotes.
      for (; i < s.length; i++) {
        const d = s.charCodeAt(i);
        if (d === 62) break;
        if (d === 34 || d === 39) {
          const q = s.indexOf(d === 34 ? '"' : "'", i + 1);
          i = q < 0 ? s.length : q;
        }
      }
      this.vacia = s.charCodeAt(i - 1) === 47;
      this.atributosFin = this.vacia ? i - 1 : i;
      this.p = i + 1;
      return true;
    }
  }

  /** Whether the current tag's local name is `nombre`. */
  es(nombre: string) {
    return this.nombreFin - this.nombreInicio === nombre.length && this.s.startsWith(nombre, this.nombreInicio);
  }

  /**
   * An attribute of the current tag by its local name ('id' finds r:id), decoded; undefined if absent.
   */
  atributo(nombre: string) {
    const valores: Array<string | undefined> = [undefined];
    this.atributos([nombre], valores);
    return valores[0];
  }

  /**
   * Several attributes in one pass over the tag (a cell's r, t and s: 750,000 cells in 50,000
   * rows): `valores[k]` gets the decoded value of `nombres[k]`, or undefined.
   */
  atributos(nombres: readonly string[], valores: Array<string | undefined>) {
    valores.fill(undefined);
    const s = this.s;
    let i = this.atributosInicio;
    const fin = this.atributosFin;
    while (i < fin) {
      const d = s.charCodeAt(i);
      if (d === 32 || d === 9 || d === 10 || d === 13) {
        i++;
        continue;
      }
      let inicio = i;
      for (; i < fin; i++) {
        const e = s.charCodeAt(i);
        if (e === 61 /* = */ || e === 32 || e === 9 || e === 10 || e === 13) break;
        if (e === 58) inicio = i + 1;
      }
      const largo = i - inicio;
      while (i < fin && s.charCodeAt(i) !== 34 && s.charCodeAt(i) !== 39) i++;
      if (i >= fin) return;
      const q = s.indexOf(s.charCodeAt(i) === 34 ? '"' : "'", i + 1);
      if (q < 0 || q > fin) return;
      for (let k = 0; k < nombres.length; k++) {
        const nombre = nombres[k];
        if (nombre !== undefined && largo === nombre.length && s.startsWith(nombre, inicio)) {
          valores[k] = decodeXml(s.slice(i + 1, q));
          break;
        }
      }
      i = q + 1;
    }
  }

  /** The text after the current opening tag up to the next tag (CDATA included, comments skipped), decoded. */
  texto() {
    const s = this.s;
    let out = '';
    for (;;) {
      const lt = s.indexOf('<', this.p);
      const fin = lt < 0 ? s.length : lt;
      if (fin > this.p) out += decodeXml(s.slice(this.p, fin));
      this.p = fin;
      if (s.startsWith('<![CDATA[', fin)) {
        const e = s.indexOf(']]>', fin + 9);
        out += s.slice(fin + 9, e < 0 ? s.length : e);
        this.p = e < 0 ? s.length : e + 3;
      } else if (s.startsWith('<!--', fin)) {
        const e = s.indexOf('-->', fin + 4);
        this.p = e < 0 ? s.length : e + 3;
      } else return out;
    }
  }
}

/**
 * The strings of xl/sharedStrings.xml in order: each <si>'s <t> texts, plain or in rich-text runs
 * (<r><t>), without the phonetic guides (<rPh>) that East Asian text may carry.
 */
export function readSharedStrings(xml: string) {
  const textos: string[] = [];
  const c = new Cursor(xml);
  let actual = '';
  let enSi = false;
  let enFonetica = false;
  while (c.next()) {
    if (c.es('si')) {
      if (c.vacia) textos.push('');
      else if (c.cierre) {
        textos.push(normalizeSaltos(actual));
        enSi = false;
      } else {
        actual = '';
        enSi = true;
      }
    } else if (c.es('t')) {
      if (enSi && !enFonetica && !c.cierre && !c.vacia) actual += c.texto();
    } else if (c.es('rPh')) enFonetica = !c.cierre && !c.vacia;
  }
  return textos;
}

/** Built-in number formats that are dates or times (ECMA-376 18.8.30): their cells are date serials. */
const FORMATOS_FECHA = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/**
 * Whether a number format code shows a date or time: a d, m, y, h, s (or e, g, b1/b2 of other
 * calendars, and a b anywhere) outside quoted text, escapes and brackets, an AM/PM, or an elapsed [h]/[m]/[s];
 * digits and exponents ('0.00E+00') are not. SheetJS's fmt_is_date, ported as it is, so that
 * files read as they did.
 */
export function isFormatoFecha(f: string) {
  let i = 0;
  while (i < f.length) {
    const c = f.charAt(i);
    if (c === 'G') i += f.substr(i, 7).toLowerCase() === 'general' ? 7 : 1;
    else if (c === '"') {
      i = f.indexOf('"', i + 1);
      if (i < 0) return false;
      i++;
    } else if (c === '\\' || c === '_') i += 2;
    else if ('BMDYHSEbmdyhseg'.includes(c)) return true;
    else if (c === 'A' || c === 'a' || c === '上') {
      const resto = f.substr(i, 5).toUpperCase();
      if (resto.startsWith('A/P') || resto === 'AM/PM' || f.substr(i, 5) === '上午/下午') return true;
      i++;
    } else if (c === '[') {
      const fin = f.indexOf(']', i);
      if (/^\[[HhMmSs\u0E0A\u0E19\u0E17]*\]$/.test(f.slice(i, fin < 0 ? f.length : fin + 1))) return true;
      i = fin < 0 ? f.length : fin + 1;
    } else if (c === '.' || c === '0' || c === '#') {
      i++;
      while (i < f.length && ('0#?.,E+-%'.includes(f.charAt(i)) || (f.charAt(i) === '\\' && f.charAt(i + 1) === '-' && '0#'.includes(f.charAt(i + 2))))) i++;
    } else if (c === '?') {
      while (f.charAt(++i) === '?') {}
    } else if (c === '*') i += f.charAt(i + 1) === ' ' || f.charAt(i + 1) === '*' ? 2 : 1;
    else if (c >= '1' && c <= '9') {
      i++;
      while (i < f.length && f.charAt(i) >= '0' && f.charAt(i) <= '9') i++;
    } else i++;
  }
  return false;
}

/**
 * Which cell styles (xl/styles.xml, <cellXfs> in order) show dates: those whose numFmtId is a
 * built-in date format, or a custom <numFmt> whose code is a date. By style index.
 */
export function readEstilosFecha(xml: string): boolean[] {
  const propios = new Map<number, boolean>();
  const estilos: boolean[] = [];
  const c = new Cursor(xml);
  let enCellXfs = false;
  while (c.next()) {
    if (c.es('numFmt') && !c.cierre) {
      propios.set(Number(c.atributo('numFmtId')), isFormatoFecha(c.atributo('formatCode') ?? ''));
    } else if (c.es('cellXfs')) enCellXfs = !c.cierre && !c.vacia;
    else if (enCellXfs && c.es('xf') && !c.cierre) {
      const id = Number(c.atributo('numFmtId') ?? 0);
      estilos.push(propios.get(id) ?? FORMATOS_FECHA.has(id));
    }
  }
  return estilos;
}

/**
 * From xl/workbook.xml: the relationship id of the first sheet (in the workbook's order, hidden or
 * not, as SheetJS took it) and whether dates count from 1904. Extensions (<extLst>) are skipped,
 * as SheetJS skips them: Excel writes an <x15:workbookPr chartTrackingRefBase="1"/> there, whose
 * local name is workbookPr too, and it says nothing about dates.
 */
export function readLibro(xml: string) {
  const c = new Cursor(xml);
  let primeraHoja: string | undefined;
  let fecha1904 = false;
  let enExtension = false;
  while (c.next()) {
    if (c.es('extLst')) enExtension = !c.cierre && !c.vacia;
    else if (enExtension || c.cierre) continue;
    else if (c.es('workbookPr')) fecha1904 = /^(?:1|true)$/i.test(c.atributo('date1904') ?? '');
    else if (c.es('sheet') && primeraHoja === undefined) primeraHoja = c.atributo('id');
  }
  return { primeraHoja, fecha1904 };
}

/** From a .rels part: each relationship's id with its target and type. */
export function readRelaciones(xml: string) {
  const c = new Cursor(xml);
  const relaciones: Array<{ id: string; destino: string; tipo: string }> = [];
  while (c.next()) {
    if (!c.cierre && c.es('Relationship')) relaciones.push({ id: c.atributo('Id') ?? '', destino: c.atributo('Target') ?? '', tipo: c.atributo('Type') ?? '' });
  }
  return relaciones;
}
