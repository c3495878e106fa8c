import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { leerDirectorioZip } from './archivo';
import { zip } from '#server/test/carga';
import { Excesivo, readXlsx } from './xlsx';

/** The .xlsx reader (xlsx.ts) on workbooks written by hand, part by part. */

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const hoja = (filas: string, prefijo = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><${prefijo}worksheet ${prefijo ? NS.replace('xmlns=', `xmlns:${prefijo.slice(0, -1)}=`) : NS}><${prefijo}dimension ref="A1"/><${prefijo}sheetData>${filas}</${prefijo}sheetData><${prefijo}mergeCells count="0"/></${prefijo}worksheet>`;

interface Partes {
  filas?: string;
  hojaXml?: string;
  textos?: string;
  estilos?: string;
  libro?: string;
  relaciones?: string;
  /** Extra parts by name. */
  otras?: Record<string, string>;
}

function libro(p: Partes): Buffer {
  const partes: Record<string, string | undefined> = {
    'xl/workbook.xml': p.libro ?? `<workbook ${NS}><sheets><sheet name="Productos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      p.relaciones ??
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': p.hojaXml ?? hoja(p.filas ?? ''),
    'xl/sharedStrings.xml': p.textos === undefined ? undefined : `<sst ${NS}>${p.textos}</sst>`,
    'xl/styles.xml': p.estilos === undefined ? undefined : `<styleSheet ${NS}>${p.estilos}</styleSheet>`,
    ...p.otras,
  };
  return zip(Object.entries(partes).flatMap(([nombre, xml]) => (xml === undefined ? [] : [{ nombre, datos: Buffer.from(xml) }])));
}

/** The rows the reader hands over, gathered; the parts must follow one another. */
async function leer(archivo: Buffer, limites = { maxFilas: 1000, maxDescomprimido: 10 * 1024 * 1024 }, partes: number[] = []) {
  const filas: Array<Array<string | number | boolean | null>> = [];
  await readXlsx(new Uint8Array(archivo), leerDirectorioZip(archivo), {
    ...limites,
    alLeer: (parte, desde) => {
      expect(desde).toBe(filas.length);
      partes.push(parte.length);
      filas.push(...parte);
    },
  });
  return filas;
}

describe('readXlsx: shared strings', () => {
  it('reads plain and rich-text strings, without phonetic guides, with entities and _xHHHH_ escapes decoded, CRLF as LF', async () => {
    const textos = [
      '<si><t>SKU</t></si>',
      '<si><r><rPr><b/></rPr><t>Lomo </t></r><r><t xml:space="preserve">vetado </t></r></si>',
      '<si><t>漢字</t><rPh sb="0" eb="2"><t>カンジ</t></rPh><phoneticPr fontId="1"/></si>',
      '<si><t>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#233;&#xF1;&#x1F414;</t></si>',
      '<si><t>línea_x000D_\notra _x005F_x000D_</t></si>',
      '<si><t/></si>',
      '<si><t><![CDATA[<crudo> & sin decodificar]]></t></si>',
    ].join('');
    const filas = `<row r="1">${[0, 1, 2, 3, 4, 5, 6].map((i) => `<c r="${String.fromCharCode(65 + i)}1" t="s"><v>${i}</v></c>`).join('')}</row>`;
    expect(await leer(libro({ textos, filas }))).toEqual([
      ['SKU', 'Lomo vetado ', '漢字', 'a <b> & "c" \'d\' éñ🐔', 'línea\notra _x000D_', '', '<crudo> & sin decodificar'],
    ]);
  });

  it('a shared string index that does not exist is an empty cell', async () => {
    expect(await leer(libro({ textos: '<si><t>uno</t></si>', filas: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>7</v></c></row>' }))).toEqual([
      ['uno'],
    ]);
  });
});

describe('readXlsx: cells', () => {
  it('reads each cell type; formulas are never evaluated: their cached value or nothing', async () => {
    const filas =
      '<row r="1">' +
      '<c r="A1" t="inlineStr"><is><t>en línea</t></is></c>' +
      '<c r="B1" t="inlineStr"><is><r><t>en </t></r><r><t>partes</t></r><rPh><t>x</t></rPh></is></c>' +
      '<c r="C1" t="str"><f>CONCAT("a","b")</f><v>ab</v></c>' +
      '<c r="D1"><f>1+1</f><v>2</v></c>' +
      '<c r="E1"><f>HYPERLINK("http://x")</f></c>' +
      '<c r="F1" t="b"><v>1</v></c>' +
      '<c r="G1" t="b"><v>0</v></c>' +
      '<c r="H1" t="e"><v>#N/A</v></c>' +
      '<c r="I1" t="d"><v>2099-03-04T00:00:00Z</v></c>' +
      '<c r="J1"><v>4990.5</v></c>' +
      '<c r="K1" t="n"><v>-1E3</v></c>' +
      '<c r="L1"><v></v></c>' +
      '</row>';
    expect(await leer(libro({ filas }))).toEqual([['en línea', 'en partes', 'ab', 2, null, true, false, null, '2099-03-04', 4990.5, -1000]]);
  });

  it('places cells by their r=, follows on without it, and leaves gaps and self-closing cells empty', async () => {
    const filas =
      '<row r="1"><c r="A1"><v>1</v></c><c r="D1"><v>4</v></c><c><v>5</v></c><c r="F1" s="0"/><c r="AA1"><v>27</v></c></row>' +
      '<row><c><v>1</v></c><c><v>2</v></c></row>' +
      '<row r="5" spans="1:2"><c r="B5"><v>2</v></c></row>' +
      '<row r="6"/>' +
      '<row r="7"><c r="A7" s="3"/></row>' +
      '<row><c r="A8"><v>8</v></c></row>';
    const [r1, r2, r3, r4, r5, r6, r7, r8] = await leer(libro({ filas }));
    expect(r1).toEqual([1, null, null, 4, 5, ...Array(21).fill(null), 27]);
    expect(r2).toEqual([1, 2]);
    expect([r3, r4]).toEqual([[], []]);
    expect(r5).toEqual([null, 2]);
    expect([r6, r7]).toEqual([[], []]);
    expect(r8).toEqual([8]);
  });

  it('reads a sheet written with a namespace prefix (x:row, x:c), with comments and processing instructions', async () => {
    const filas =
      '<!-- una fila --><x:row r="1"><?pi algo?><x:c r="A1" t="inlineStr"><x:is><x:t>con prefijo</x:t></x:is></x:c><x:c r="B1"><x:v>3</x:v></x:c></x:row>';
    expect(await leer(libro({ hojaXml: hoja(filas, 'x:') }))).toEqual([['con prefijo', 3]]);
  });

  it('reads attributes in either quotes and with spaces around them', async () => {
    const filas = "<row r='1'><c  t = 's'  r = 'B1' ><v>0</v></c></row>";
    expect(await leer(libro({ textos: '<si><t>hola</t></si>', filas }))).toEqual([[null, 'hola']]);
  });
});

describe('readXlsx: dates', () => {
  const estilos = (formatos: string, xfs: string) =>
    `<numFmts count="1">${formatos}</numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="9">${xfs}</cellXfs>`;

  it('a number whose style shows a date (built-in 14–22 and 45–47, or a custom date code) is a YYYY-MM-DD date', async () => {
    const xfs = [0, 14, 22, 47, 164, 165, 166, 167, 3].map((id) => `<xf numFmtId="${id}" fontId="0"/>`).join('');
    const formatos =
      '<numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="0.00E+00"/><numFmt numFmtId="166" formatCode="[$-409]d\\-mmm\\-yy;@"/><numFmt numFmtId="167" formatCode="&quot;día&quot; #,##0"/>';
    const celdas = Array.from({ length: 9 }, (_, s) => `<c r="${String.fromCharCode(65 + s)}1" s="${s}"><v>45306</v></c>`).join('');
    expect(await leer(libro({ estilos: estilos(formatos, xfs), filas: `<row r="1">${celdas}</row>` }))).toEqual([
      [45306, '2024-01-15', '2024-01-15', '2024-01-15', '2024-01-15', 45306, '2024-01-15', 45306, 45306],
    ]);
  });

  it('counts from 1904 when the workbook says so', async () => {
    const libro1904 = `<workbook ${NS}><workbookPr date1904="1"/><sheets><sheet name="P" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    const filas = '<row r="1"><c r="A1" s="1"><v>0</v></c><c r="B1" s="1"><v>43844</v></c></row>';
    expect(await leer(libro({ libro: libro1904, estilos: estilos('', '<xf numFmtId="0"/><xf numFmtId="14"/>'), filas }))).toEqual([
      ['1904-01-01', '2024-01-15'],
    ]);
  });

  it('a serial Excel shows no date for (negative, past 9999-12-31) stays a number', async () => {
    const filas = '<row r="1"><c r="A1" s="1"><v>-1</v></c><c r="B1" s="1"><v>2958466</v></c><c r="C1" s="1"><v>2958465</v></c></row>';
    expect(await leer(libro({ estilos: estilos('', '<xf numFmtId="0"/><xf numFmtId="14"/>'), filas }))).toEqual([[-1, 2958466, '9999-12-31']]);
  });
});

describe('readXlsx: which sheet', () => {
  it('reads the first sheet of the workbook through its relationship, wherever its part is', async () => {
    const libroDos = `<workbook ${NS}><sheets><sheet name="Primera" sheetId="2" r:id="rId7" state="hidden"/><sheet name="Segunda" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    const relaciones =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/hojas/Hoja Uno.xml"/></Relationships>';
    const archivo = libro({
      libro: libroDos,
      relaciones,
      filas: '<row r="1"><c r="A1"><v>2</v></c></row>',
      otras: { 'xl/hojas/Hoja Uno.xml': hoja('<row r="1"><c r="A1"><v>1</v></c></row>') },
    });
    expect(await leer(archivo)).toEqual([[1]]);
  });

  it('a workbook without sheets has no rows; one whose sheet part is missing is unreadable', async () => {
    expect(await leer(libro({ libro: `<workbook ${NS}><sheets/></workbook>` }))).toEqual([]);
    const sinParte = libro({ relaciones: '<Relationships><Relationship Id="rId1" Target="worksheets/otra.xml"/></Relationships>' });
    await expect(leer(sinParte)).rejects.toThrow();
  });
});

describe('readXlsx: limits', () => {
  const filasDe = (n: number, desde = 1) =>
    Array.from({ length: n }, (_, i) => `<row r="${desde + i}"><c r="A${desde + i}" t="inlineStr"><is><t>S${i} ${'x'.repeat(40)}</t></is></c></row>`).join('');

  it('stops after maxFilas rows with a value, without reading (or inflating) the rest', async () => {
    // 20,000 rows (~1.3 MB of XML) followed by a row that cannot be read: a reader that went on
    // would fail there, and would go over the 1 MB that is allowed to be inflated.
    const archivo = libro({ filas: `<row><c><v>0</v></c></row><row r="2"/>${filasDe(20_000, 3)}<row r="cero"/>` });
    const filas = await leer(archivo, { maxFilas: 5, maxDescomprimido: 1024 * 1024 });
    expect(filas.filter((f) => f.length > 0)).toHaveLength(5);
    expect(filas[0]).toEqual([0]);
    expect(filas[1]).toEqual([]);
  });

  it('hands rows over in parts while it reads, in order; a row that goes back is unreadable', async () => {
    const partes: number[] = [];
    const filas = await leer(libro({ filas: filasDe(9_000) }), { maxFilas: 100_000, maxDescomprimido: 10 * 1024 * 1024 }, partes);
    expect(filas).toHaveLength(9_000);
    expect(partes.length).toBeGreaterThan(1);
    await expect(leer(libro({ filas: '<row r="2"><c><v>1</v></c></row><row r="1"><c><v>2</v></c></row>' }))).rejects.toThrow(/fuera de orden/);
  });

  it('a text with raw > and /> across the 256 KB chunks the sheet is inflated in is read whole', async () => {
    const texto = 'a > b/>c '.repeat(2_000);
    let relleno = '';
    for (let n = 1; hoja(relleno).length < 255_000; n++) relleno += filasDe(1, n);
    const filas = await leer(libro({ filas: `${relleno}<row><c t="inlineStr"><is><t>${texto}</t></is></c></row>` }), {
      maxFilas: 100_000,
      maxDescomprimido: 10 * 1024 * 1024,
    });
    expect(hoja(relleno).length).toBeLessThan(262_144);
    expect(hoja(relleno).length + texto.length).toBeGreaterThan(262_144);
    expect(filas.at(-1)).toEqual([texto]);
  });

  it('rows of only blanks do not count towards maxFilas', async () => {
    const filas = await leer(
      libro({
        filas:
          '<row r="1"><c r="A1" t="inlineStr"><is><t>  </t></is></c></row><row r="2"><c r="A2"><v>1</v></c></row><row r="3"><c r="A3"><v>2</v></c></row><row r="4"><c r="A4"><v>3</v></c></row>',
      }),
      {
        maxFilas: 2,
        maxDescomprimido: 1024 * 1024,
      },
    );
    expect(filas).toEqual([['  '], [1], [2]]);
  });

  it('what is really inflated counts against the cap, whatever the zip declares', async () => {
    const archivo = zip([
      { nombre: 'xl/workbook.xml', datos: Buffer.from(`<workbook ${NS}><sheets><sheet name="P" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
      {
        nombre: 'xl/_rels/workbook.xml.rels',
        datos: Buffer.from('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      },
      { nombre: 'xl/worksheets/sheet1.xml', datos: Buffer.from(hoja(filasDe(30_000))), declarado: 100 },
    ]);
    await expect(leer(archivo, { maxFilas: 100_000, maxDescomprimido: 1024 * 1024 })).rejects.toBeInstanceOf(Excesivo);
    // A single row that never ends is no spreadsheet row either, whatever the cap.
    const sinFin = libro({ filas: `<row r="1"><c r="A1" t="inlineStr"><is><t>${'A'.repeat(17 * 1024 * 1024)}</t></is></c></row>` });
    await expect(leer(sinFin, { maxFilas: 10, maxDescomprimido: 100 * 1024 * 1024 })).rejects.toBeInstanceOf(Excesivo);
  });
});

describe('readXlsx: files from spreadsheet programs', () => {
  it('reads LibreOffice’s .xlsx (fixtures/, converted from the CSV beside it)', async () => {
    const archivo = fs.readFileSync(new URL('./fixtures/productos-libreoffice.xlsx', import.meta.url));
    const filas = await leer(archivo);
    expect(filas[1]).toEqual([
      'LO-1',
      'Charqui de llama',
      12990,
      11990,
      null,
      null,
      null,
      null,
      25,
      '2099-12-31',
      'VACUNO',
      'Llamas del Norte',
      'Putre',
      'IQF',
      'KILO',
    ]);
    expect(filas[2]).toEqual(['LO-2', 'Mermelada de murta', 4590, null, null, null, null, null, 5, '31/01/2099']);
  });
});
