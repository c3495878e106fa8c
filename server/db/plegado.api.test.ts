import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldForSearch, letrasPlegadas } from '#common/search-es';
import { setupTestApp } from '#server/test/test-app';
import { queryRows } from './client';
import { contienePlegado } from './plegado';

/** A search in the database folds accents as foldForSearch does in the browser and on the server. */
const ctx = setupTestApp();

/** The texts among `textos` in which the database finds `busqueda`. */
async function encontrados(textos: readonly string[], busqueda: string): Promise<string[]> {
  const valores = sql.join(
    textos.map((t) => sql`(${t})`),
    sql`, `,
  );
  const filas = await queryRows<{ texto: string }>(
    ctx.t.database.db,
    sql`select t.texto from (values ${valores}) as t(texto) where ${contienePlegado(sql`t.texto`, busqueda)}`,
  );
  return filas.map((f) => f.texto);
}

describe('contienePlegado', () => {
  it('finds every Latin letter foldForSearch folds (up to U+017F) by the letter it folds to, on this engine', async () => {
    // Every Latin letter up to Latin Extended-A that foldForSearch turns into another one, beyond its case
    // (server/db/plegado.ts says why the SQL stops there).
    const porPlegada = new Map<string, string[]>();
    for (let cp = 0x80; cp <= 0x17f; cp++) {
      const letra = String.fromCharCode(cp);
      const plegada = foldForSearch(letra);
      if (!/\p{L}/u.test(letra) || plegada.length !== 1 || plegada === letra.toLowerCase()) continue;
      porPlegada.set(plegada, [...(porPlegada.get(plegada) ?? []), letra]);
    }
    const letras = [...porPlegada.values()].flat();
    // The table the SQL is built from holds exactly those letters in that range.
    expect(letras.length).toBeGreaterThan(150);
    expect(new Set(letras)).toEqual(new Set([...letrasPlegadas().keys()].filter((l) => l.codePointAt(0)! <= 0x17f)));
    const perdidas: string[] = [];
    for (const [plegada, suyas] of porPlegada) {
      const textos = suyas.map((l) => `x${l}y`);
      const hallados = new Set(await encontrados(textos, `x${plegada}y`));
      perdidas.push(...textos.filter((t) => !hallados.has(t)).map((t) => `${t[1]} → ${plegada}`));
    }
    expect(perdidas).toEqual([]);
  });

  it("finds a buyer's name folded and in any case, as foldForSearch compares them", async () => {
    const nombres = ['José Pérez', 'MUÑOZ', 'Gonçalves Ltda.', 'Peraza', 'Øster'];
    expect(await encontrados(nombres, 'perez')).toEqual(['José Pérez']);
    expect(await encontrados(nombres, 'Pérez')).toEqual(['José Pérez']);
    expect(await encontrados(nombres, 'munoz')).toEqual(['MUÑOZ']);
    expect(await encontrados(nombres, 'GONCALVES')).toEqual(['Gonçalves Ltda.']);
    expect(await encontrados(nombres, 'øst')).toEqual(['Øster']);
    expect(await encontrados(nombres, 'e')).toEqual(['José Pérez', 'Gonçalves Ltda.', 'Peraza', 'Øster']);
  });

  it('takes every other character of the search as it is, with no meaning of its own', async () => {
    const textos = ['a.b', 'axb', '50%', '5_0', 'a\\b', '(x)', 'a|b', '[a]', '^a$', 'a*', 'a+', 'a?', '{1}'];
    for (const t of textos) expect(await encontrados(textos, t), t).toEqual([t]);
    expect(await encontrados(textos, '%')).toEqual(['50%']);
    expect(await encontrados(textos, '_')).toEqual(['5_0']);
    expect(await encontrados(textos, 'nadie')).toEqual([]);
  });
});
