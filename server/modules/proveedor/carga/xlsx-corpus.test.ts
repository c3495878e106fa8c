import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { leerDirectorioZip } from './archivo';
import { type CeldaCruda, parseExcel } from './parser';
import { readXls } from './xls';

/**
 * Our .xlsx reader against SheetJS on files from different writers (fixtures/corpus/, written by
 * generar-corpus.ts there; docs/decisions/008, «Cuarta pasada»). Each file is read as an upload is (the
 * worker, xlsx.ts) and by SheetJS as xls.ts calls it (the reader .xlsx had before
 * ours); the rows must be the same cell by cell, except where SheetJS is wrong, listed per file.
 * Excel and Google Sheets cannot run here: their files are written by hand after what those
 * programs write, and say so in `escritor`.
 */

const CORPUS = new URL('./fixtures/corpus/', import.meta.url);

interface Archivo {
  /** The program that wrote it, or the one it imitates. */
  escritor: string;
  /** What the file must hold (part, pattern): the constructs it is here for. */
  contiene: Array<[parte: string, patron: RegExp]>;
  /** Cells by reference and what they read: a construct both readers got wrong would not pass. */
  celdas: Record<string, CeldaCruda>;
  /** Cells (also in `celdas`) that SheetJS reads otherwise: what it gives, and why ours is right. */
  sheetjsDistinto?: Record<string, { sheetjs: CeldaCruda; porque: string }>;
}

const ARCHIVOS: Record<string, Archivo> = {
  'libreoffice-productos.xlsx': {
    escritor: 'LibreOffice Calc 7.4 (soffice --convert-to xlsx, from a flat ODS)',
    contiene: [
      ['xl/sharedStrings.xml', /<r><rPr><b val="true"\/>/], // rich text: a bold run
      ['xl/sharedStrings.xml', /cabra&#10; {2}ñuble/], // a line break as &#10;
      ['xl/sharedStrings.xml', /xml:space="preserve"> {2}Posta negra {2}</],
      ['xl/worksheets/sheet1.xml', /t="str"><f aca="false">CONCATENATE/], // a formula's text result
      ['xl/worksheets/sheet1.xml', /t="e"><f aca="false">NA\(\)<\/f><v>#N\/A<\/v>/],
      ['xl/styles.xml', /formatCode="d&quot; de &quot;mmmm&quot; de &quot;yyyy"/],
      ['xl/styles.xml', /formatCode="dd\/mm\/yyyy\\ hh:mm"/],
    ],
    celdas: {
      A1: 'SKU',
      O1: 'Unidad',
      B2: 'Charqui de llama',
      J2: '2099-12-31',
      B3: 'Mermelada <de> murta & "ñ" \'sur\'',
      C3: 4590,
      J3: '2099-01-31',
      B5: 'Queso de cabra\n  ñuble  ',
      C5: 8990.5,
      J5: '2099-06-15',
      A6: 'LO-4',
      B6: '🐔 Pollo entero',
      I6: null,
      J6: '2099-02-28',
      // LibreOffice writes TRUE as the number 1 with a boolean format.
      K6: 1,
      A7: '00123',
      B7: '  Posta negra  ',
      C7: -1,
      J7: '2099-03-04',
      // A time alone shows through a date format: serial 0,5625 is '1900-01-00', as in SheetJS.
      L7: '1900-01-00',
    },
  },
  'libreoffice-1904.xlsx': {
    escritor: 'LibreOffice Calc 7.4, null date 1904-01-01',
    contiene: [['xl/workbook.xml', /date1904="true"/]],
    celdas: { B2: '2099-12-31', C2: '1904-01-02', A3: null, B4: '2024-01-15', C4: '2099-03-04' },
  },
  'libreoffice-dos-hojas.xlsx': {
    escritor: 'LibreOffice Calc 7.4, two sheets',
    contiene: [['xl/workbook.xml', /<sheet name="Primera" [^>]*r:id="rId2"\/><sheet name="Segunda"/]],
    celdas: { A2: 'H-1', B2: 'de la primera hoja' },
  },
  'sheetjs-compartidos.xlsx': {
    escritor: 'SheetJS 0.20 (XLSX.write, bookSST: shared strings)',
    contiene: [
      ['xl/sharedStrings.xml', /<si><t>Lomo vetado &lt;&amp;&gt; &quot;ñ&quot;<\/t><\/si>/],
      ['xl/styles.xml', /formatCode="dd\/mm\/yyyy"/],
    ],
    celdas: {
      B2: 'Lomo vetado <&> "ñ"',
      C2: 4990.5,
      E2: '2099-12-31',
      F2: true,
      B3: 'Línea 1\nLínea 2',
      E3: '2024-01-15',
      F3: false,
      C5: 1e21,
      E5: '2099-01-31',
    },
  },
  'sheetjs-str-1904.xlsx': {
    escritor: 'SheetJS 0.20 (XLSX.write without shared strings: t="str"), date1904',
    contiene: [
      ['xl/worksheets/sheet1.xml', /<c r="B2" t="str"><v>/],
      ['xl/workbook.xml', /date1904="true"/],
    ],
    // The same serial 45306 as in sheetjs-compartidos.xlsx, counted from 1904.
    celdas: { B2: 'Lomo vetado <&> "ñ"', E2: '2099-12-31', E3: '2028-01-16' },
  },
  'exceljs.xlsx': {
    escritor: 'exceljs 4.4 (Workbook.xlsx.writeBuffer)',
    contiene: [
      ['xl/sharedStrings.xml', /<r><rPr><b\/><\/rPr><t xml:space="preserve">Lomo <\/t><\/r>/],
      ['xl/sharedStrings.xml', /🐔\r\nsegunda/], // a raw CRLF, which XML reads as one LF
      ['xl/worksheets/sheet1.xml', /<f>C2\*2<\/f><v>25980<\/v>/],
      ['xl/worksheets/sheet1.xml', /<mergeCell ref="B3:C3"\/>/],
      ['xl/worksheets/_rels/sheet1.xml.rels', /hyperlink/],
    ],
    celdas: {
      B2: 'Lomo vetado <&>',
      D2: 25980,
      E2: 'EJ-1',
      F2: '2099-12-31',
      G2: '2024-01-15',
      H2: true,
      I2: null,
      J2: 'Abastece',
      C3: null,
      F3: '2099-01-31',
      G3: 0.5,
      H3: false,
      B5: 'ñandú 🐔\nsegunda línea',
    },
  },
  'exceljs-flujo.xlsx': {
    escritor: 'exceljs 4.4, streaming (WorkbookWriter without shared strings)',
    contiene: [
      ['xl/worksheets/sheet1.xml', /<c r="B2" t="str"><v>Charqui &lt;de&gt;/],
      ['xl/worksheets/sheet1.xml', /t="inlineStr"><is><r><rPr><b\/>/],
    ],
    celdas: { B2: 'Charqui <de> llama & "ñ"', D2: '2099-12-31', B3: 'Pollo entero', D3: '2099-01-31', B4: '  espacios  ' },
  },
  'excel-imitado.xlsx': {
    escritor: 'imitates Excel 365 for Windows (parts written by hand after its output)',
    contiene: [
      ['xl/workbook.xml', /<mc:AlternateContent/],
      ['xl/workbook.xml', /<x15:workbookPr chartTrackingRefBase="1"\/>/],
      ['xl/worksheets/sheet1.xml', /mc:Ignorable="x14ac xr xr2 xr3"/],
      ['xl/worksheets/sheet1.xml', /spans="1:7" x14ac:dyDescent/],
      ['xl/worksheets/sheet1.xml', /<f t="shared" si="0"\/>/],
      ['xl/worksheets/sheet1.xml', /cm="1"><f t="array"/],
      ['xl/sharedStrings.xml', /<rPh sb="0" eb="1"><t>ギュウ<\/t><\/rPh>/],
      ['xl/sharedStrings.xml', /_x000D_\n/],
      ['xl/styles.xml', /formatCode="\[\$-409\]d\\-mmm\\-yy;@"/],
    ],
    celdas: {
      B2: 'Lomo vetado',
      D2: 15458.1,
      E2: '2099-12-31',
      F2: '2024-01-15',
      G2: true,
      B3: '牛肉',
      D3: 5462.695,
      E3: '2099-01-31',
      F3: null,
      G3: null,
      B4: '  Línea uno\nlínea & dos  ',
      C4: 0.19,
      G4: false,
    },
  },
  'excel-imitado-1904.xlsx': {
    escritor: 'imitates Excel 365 with a 1904 workbook (Excel for Mac’s old default)',
    contiene: [
      ['xl/workbook.xml', /<workbookPr date1904="1"/],
      // Same local name as workbookPr, without date1904: it must not turn 1904 off.
      ['xl/workbook.xml', /<x15:workbookPr chartTrackingRefBase="1"\/>/],
    ],
    celdas: { E2: '2099-12-31', F2: '2024-01-15', E3: '2099-01-31' },
  },
  'google-sheets-imitado.xlsx': {
    escritor: 'imitates Google Sheets (File → Download → .xlsx)',
    contiene: [
      ['xl/workbook.xml', /xmlns:mx="http:\/\/schemas.microsoft.com\/office\/mac\/excel\/2008\/main"/],
      ['xl/workbook.xml', /r:id="rId4"/],
      ['xl/worksheets/sheet1.xml', /<c t="s" s="0" r="A1">/],
      ['xl/styles.xml', /applyNumberFormat="1"><alignment/],
      ['xl/sharedStrings.xml', /<r><rPr><b\/><color rgb=/],
    ],
    celdas: {
      B2: 'Charqui de llama',
      C2: 12990,
      D2: '2099-12-31',
      E2: '2099-01-31',
      B3: 'Merluza "austral" <fresca> & más',
      C3: 6495,
      D3: '2024-01-15',
      E3: true,
      F3: 'GS-2!',
    },
  },
  'en-linea-imitado.xlsx': {
    escritor: 'imitates streaming writers with every text inline and no shared strings part',
    contiene: [
      ['xl/worksheets/sheet1.xml', /<is><r><rPr><b\/><\/rPr>/],
      ['xl/worksheets/sheet1.xml', /<\/t><rPh sb="0" eb="2">/],
      ['xl/worksheets/sheet1.xml', /&#128020;/],
    ],
    celdas: { B2: 'Lomo vetado', B3: '豚肉', C3: -0.45, A4: '  IL-3  ', B4: 'a\tb\nc 🐔', C4: '' },
    sheetjsDistinto: {
      B4: { sheetjs: 'a\tb\nc \uf414', porque: 'a numeric reference past U+FFFF (&#128020;) is one character; SheetJS cuts it to 16 bits' },
    },
  },
  'cdata-imitado.xlsx': {
    escritor: 'imitates template-based generators that wrap texts in CDATA',
    contiene: [
      ['xl/sharedStrings.xml', /<t><!\[CDATA\[Lomo <vetado> & "ñ"\]\]><\/t>/],
      ['xl/sharedStrings.xml', /<r><rPr><b\/><\/rPr><t><!\[CDATA\[/],
      ['xl/worksheets/sheet1.xml', /<v><!\[CDATA\[CD-4\]\]><\/v>/],
    ],
    celdas: {
      B2: 'Lomo <vetado> & "ñ"',
      A3: 'CD-2',
      B3: 'antes & <en medio> después',
      A4: 'CD-3 ]]>',
      B4: 'rica <negrita>',
      A5: 'CD-4',
      B5: 'en línea',
    },
    sheetjsDistinto: {
      B4: { sheetjs: '', porque: 'CDATA is text wherever it is; SheetJS drops it inside rich-text runs' },
      B5: { sheetjs: 'línea', porque: 'the same, in an inline rich text' },
    },
  },
  'openxml-sdk-imitado.xlsx': {
    escritor: 'imitates the OpenXML SDK (.NET System.IO.Packaging)',
    contiene: [
      ['xl/_rels/workbook.xml.rels', /Id="R9b3c6e2f8a1d4e07" [^>]*Target="\/xl\/worksheets\/hoja.xml"/],
      ['xl/worksheets/hoja.xml', /^\uFEFF/],
      ['xl/worksheets/hoja.xml', /<x:row r="2"><x:c r="A2" t="s">/],
      ['xl/worksheets/hoja.xml', /t="d"><x:v>2099-01-31T00:00:00/],
    ],
    celdas: { A2: 'SDK-1', B2: 'Pechuga deshuesada', C2: '2099-12-31', A3: 'SDK-2', B3: 'Trutro', C3: '2024-01-15', D3: '2099-01-31' },
    sheetjsDistinto: {
      D3: { sheetjs: 72716, porque: 'a t="d" cell is a date by its type; SheetJS (cellDates off) gives its serial unless a date format is applied' },
    },
  },
};

const leerArchivo = (nombre: string) => fs.readFileSync(new URL(nombre, CORPUS));

/** A part of the zip as text. */
function parteDe(archivo: Buffer, nombre: string): string {
  const e = leerDirectorioZip(archivo).find((x) => x.nombre === nombre);
  if (!e) throw new Error(`${nombre} no está en el archivo`);
  const bytes = archivo.subarray(e.inicio, e.inicio + e.comprimido);
  return (e.metodo === 8 ? zlib.inflateRawSync(bytes) : bytes).toString('utf8');
}

/** 'B12' → [11, 1]. */
function posicion(ref: string): [fila: number, col: number] {
  const [, letras = '', numero = ''] = /^([A-Z]+)(\d+)$/.exec(ref) ?? [];
  const col = [...letras].reduce((n, l) => n * 26 + l.charCodeAt(0) - 64, 0) - 1;
  return [Number(numero) - 1, col];
}

const celda = (filas: CeldaCruda[][], ref: string) => {
  const [f, c] = posicion(ref);
  return filas[f]?.[c] ?? null;
};

/**
 * Rows without the empties at their end, and without empty rows at the end: SheetJS keeps an
 * error cell as an empty one and leaves out a row of styled blanks; ours the other way round.
 * filas.ts reads both alike.
 */
function sinVaciosAlFinal(filas: CeldaCruda[][]): CeldaCruda[][] {
  const out = filas.map((f) => {
    const fila = [...f];
    while (fila.length > 0 && fila[fila.length - 1] === null) fila.pop();
    return fila;
  });
  while (out.length > 0 && out[out.length - 1]?.length === 0) out.pop();
  return out;
}

const leerNuestro = (archivo: Buffer) => parseExcel(archivo, 30_000);
const leerSheetJs = (archivo: Buffer) => readXls(new Uint8Array(archivo), 100_000);

describe('the .xlsx reader against SheetJS, on files from different writers', () => {
  it('every file of fixtures/corpus/ is listed here, and the corpus stays small', () => {
    const archivos = fs.readdirSync(CORPUS).filter((n) => n.endsWith('.xlsx'));
    expect(archivos.sort()).toEqual(Object.keys(ARCHIVOS).sort());
    const bytes = fs.readdirSync(CORPUS).reduce((n, a) => n + fs.statSync(new URL(a, CORPUS)).size, 0);
    expect(bytes).toBeLessThan(300 * 1024);
  });

  it.each(Object.entries(ARCHIVOS).map(([nombre, a]) => [nombre, a.escritor, a] as const))('%s, %s', async (nombre, _, a) => {
    const { contiene, celdas, sheetjsDistinto = {} } = a;
    const archivo = leerArchivo(nombre);
    for (const [parte, patron] of contiene) expect(parteDe(archivo, parte), `${parte} ${patron}`).toMatch(patron);

    const nuestras = await leerNuestro(archivo);
    for (const [ref, valor] of Object.entries(celdas)) expect(celda(nuestras, ref), ref).toEqual(valor);

    const deSheetJs = await leerSheetJs(archivo);
    for (const [ref, { sheetjs }] of Object.entries(sheetjsDistinto)) {
      expect(celda(deSheetJs, ref), `SheetJS en ${ref}`).toEqual(sheetjs);
      const [f, c] = posicion(ref);
      const fila = deSheetJs[f];
      if (fila) fila[c] = celdas[ref] ?? null;
    }
    expect(sinVaciosAlFinal(nuestras)).toEqual(sinVaciosAlFinal(deSheetJs));
  });

  it('the .xls LibreOffice writes from the same document reads the same rows: 1904 dates, a blank row as an empty one', async () => {
    const xls = await leerNuestro(leerArchivo('libreoffice-1904.xls'));
    expect(xls).toEqual(await leerNuestro(leerArchivo('libreoffice-1904.xlsx')));
    expect(celda(xls, 'B2')).toBe('2099-12-31');
    expect(xls[2]).toEqual([]);
  });
});
