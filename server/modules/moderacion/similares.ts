/**
 * The catalogue products closest to a pending one by name, to catch a duplicate before it is
 * approved (docs/decisions/009, productos parecidos). The upload's similarity, the one the supplier
 * saw (pg_trgm's, over names normalised by carga/coincidencias.ts: accents, case, word order, pack
 * sizes and filler words aside), but every product at the threshold or above, not only the best.
 * Pure: no I/O; built once per catalogue copy.
 */
import { MAX_PARECIDOS, type ProductoParecido, UMBRAL_PARECIDO } from '#common/schemas/moderacion';
import { normalizarNombre, trigramas } from '#server/modules/proveedor/carga/coincidencias';

type Producto = Omit<ProductoParecido, 'similitud'>;

export function createIndiceDeParecidos(catalogo: readonly Producto[]) {
  // Per trigram, the products that have it; per product, how many trigrams it has.
  const conTrigrama = new Map<string, number[]>();
  const cuantos = new Int32Array(catalogo.length);
  catalogo.forEach((p, k) => {
    const ts = trigramas(normalizarNombre(p.nombre));
    cuantos[k] = ts.length;
    for (const t of ts) {
      const lista = conTrigrama.get(t);
      if (lista) lista.push(k);
      else conTrigrama.set(t, [k]);
    }
  });

  /** At most `limite` products at `umbral` or more, most similar first (then by name); similitud to two decimals. */
  return function parecidos(nombre: string, limite = MAX_PARECIDOS, umbral = UMBRAL_PARECIDO): ProductoParecido[] {
    const ts = trigramas(normalizarNombre(nombre));
    if (ts.length === 0) return [];
    const comunes = new Map<number, number>();
    for (const t of ts) for (const k of conTrigrama.get(t) ?? []) comunes.set(k, (comunes.get(k) ?? 0) + 1);
    const pasan: Array<{ k: number; similitud: number }> = [];
    for (const [k, c] of comunes) {
      const similitud = c / (ts.length + cuantos[k]! - c);
      if (similitud >= umbral) pasan.push({ k, similitud });
    }
    return pasan
      .sort((a, b) => b.similitud - a.similitud || catalogo[a.k]!.nombre.localeCompare(catalogo[b.k]!.nombre, 'es'))
      .slice(0, limite)
      .map(({ k, similitud }) => ({ ...catalogo[k]!, similitud: Math.round(similitud * 100) / 100 }));
  };
}
