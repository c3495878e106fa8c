import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// What a user reads, on screens, in the server's messages and in e-mails, is Spanish and says tú
// (docs/decisions/017-telefonos-fechas-y-tuteo.md). This reads every string and JSX text of those
// sources (not comments, not tests) and refuses the words a new user tripped over.
const RAIZ = path.resolve(import.meta.dirname, '../..');
const FUENTES = ['client/src', 'common', 'server/modules', 'server/mail', 'server/http', 'server/errors.ts'];

// docs/producto.md fixes these to the letter, and docs/decisions/003 fixes DRF's wording of the API's generic
// errors (common/zod-es.ts): they keep their usted and their spelling (docs/decisions/017).
const FIJADOS = [
  'Seleccione una región',
  'Seleccione una comuna',
  'Error al realizar la solicitud, intente de nuevo más tarde',
  '¿Deseas enviar todos los productos en staged?',
  '¿Seguro que quieres quitar todos los productos de staged?',
  'Para envios el mismo día, debe ser antes de medio día.',
  'Debe contener el numero de dirección',
];
const CONTRATO_DRF = path.join('common', 'zod-es.ts');

const PROHIBIDOS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bstaged\b/i, "'staged' (inglés)"],
  [/\benvios\b/i, "'envios' sin tilde"],
  [/\bmedio día\b/i, "'medio día' (es 'mediodía')"],
  [/\bnumero\b/, "'numero' sin tilde"],
  [/\bDireccion\b/, "'Direccion' sin tilde"],
  [/Próximamente/, "'Próximamente' (algo que no hace nada)"],
  [
    /\b(usted|Ingrese|Seleccione|Intente|intente|Verifique|Revise|Inicie|Elija|Suba|Descargue|Agregue|Escriba|Contacte|Espere|Utilice|Indique|Asegúrese|Introduzca|Escoja|Inténtelo|Vuelva a intentar)\b/,
    'usted',
  ],
];

function archivos(p: string): string[] {
  const abs = path.join(RAIZ, p);
  if (fs.statSync(abs).isFile()) return [p];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const hijo = path.join(p, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' || e.name === 'test' ? [] : archivos(hijo);
    return /\.tsx?$/.test(e.name) && !/\.(test|fixtures)\.tsx?$|\.d\.ts$/.test(e.name) ? [hijo] : [];
  });
}

function textos(archivo: string): string[] {
  const codigo = fs.readFileSync(path.join(RAIZ, archivo), 'utf8');
  const fuente = ts.createSourceFile(archivo, codigo, ts.ScriptTarget.Latest, false, archivo.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const encontrados: string[] = [];
  const visitar = (n: ts.Node) => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return;
    if (ts.isStringLiteralLike(n) || ts.isJsxText(n)) encontrados.push(n.text);
    else if (ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) encontrados.push(n.text);
    ts.forEachChild(n, visitar);
  };
  visitar(fuente);
  // Class names, ids and keys ('moderacion-staged', 'carga__input carga__input--numero') are code, not text.
  return encontrados.filter(
    (t) =>
      !t
        .trim()
        .split(/\s+/)
        .every((palabra) => /^[a-z0-9]+([-_]+[a-z0-9]+)+$/.test(palabra)),
  );
}

describe('what a user reads', () => {
  const hallazgos = FUENTES.flatMap(archivos).flatMap((archivo) =>
    textos(archivo).flatMap((texto) =>
      PROHIBIDOS.filter(
        ([patron, motivo]) => patron.test(texto) && !FIJADOS.some((f) => texto.includes(f)) && !(motivo === 'usted' && archivo === CONTRATO_DRF),
      ).map(([, motivo]) => `${archivo}: ${motivo}: ${texto.trim().slice(0, 120)}`),
    ),
  );

  it('has no English, no misspelling the issue found, no placeholder, and says tú', () => {
    expect(hallazgos).toEqual([]);
  });
});
