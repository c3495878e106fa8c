import type { Cluster } from './cluster';
import { check, note, section } from './report';

interface Fila {
  id: number;
  para: string;
  enviado: boolean;
  intentos: number;
  ultimo_error: string | null;
}

/**
 * (d) Both processes deliver the same outbox (correo_saliente): once it has drained, each row
 * was sent exactly once, as one .eml file (named after its row) in one of the two mail folders,
 * to the row's address; no file comes from nowhere.
 */
export async function checkCorreo(cluster: Cluster, timeoutMs = 45_000): Promise<void> {
  section('(d) every outbox e-mail is sent exactly once, by one process or the other');
  const t0 = performance.now();
  let filas: Fila[] = [];
  // A pass misses a row committed behind its cursor only until its process's next kick, or the 30 s retry.
  for (;;) {
    ({ rows: filas } = await cluster.db.query<Fila>(
      'select id, para, enviado_en is not null as enviado, intentos, ultimo_error from correo_saliente order by id',
    ));
    if (filas.every((f) => f.enviado) || performance.now() - t0 > timeoutMs) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const pendientes = filas.filter((f) => !f.enviado);
  const espera = Math.round(performance.now() - t0);
  check(
    pendientes.length === 0,
    `the outbox drained: ${filas.length} rows sent`,
    pendientes.length === 0
      ? `${espera} ms after the last request`
      : `${pendientes.length} unsent after ${espera} ms: rows ${pendientes.map((f) => f.id).join(', ')}`,
  );
  const fallidos = filas.filter((f) => f.ultimo_error !== null || f.intentos !== 1);
  check(
    fallidos.length === 0,
    'each row was claimed once and sent at the first attempt',
    fallidos.map((f) => `row ${f.id}: ${f.intentos} attempts, ${f.ultimo_error}`).join('; ') || undefined,
  );

  // A duplicate send in flight when the last row was marked would land right after: give it a moment.
  await new Promise((r) => setTimeout(r, 500));
  const files = cluster.mailbox.files();
  const porId = new Map<number, string[]>();
  for (const { dir, file } of files) {
    const id = Number(file.match(/-(\d+)\.eml$/)?.[1]);
    porId.set(id, [...(porId.get(id) ?? []), `${dir === cluster.a.mailDir ? 'A' : 'B'}/${file}`]);
  }
  const dobles = [...porId].filter(([, f]) => f.length > 1);
  check(dobles.length === 0, `no message sent twice (${files.length} files)`, dobles.map(([id, f]) => `row ${id}: ${f.join(', ')}`).join('; ') || undefined);
  const ids = new Set(filas.map((f) => f.id));
  const faltan = filas.filter((f) => !porId.has(f.id));
  const sobran = [...porId.keys()].filter((id) => !ids.has(id));
  check(
    faltan.length === 0 && sobran.length === 0,
    'one file per outbox row, and no file without its row',
    faltan.length + sobran.length > 0 ? `rows without a file: ${faltan.map((f) => f.id).join(', ')}; files without a row: ${sobran.join(', ')}` : undefined,
  );
  const leidos = new Map(cluster.mailbox.scan().map((m) => [m.correoId, m]));
  const malDirigidos = filas.filter((f) => leidos.get(f.id)?.to.toLowerCase() !== f.para.toLowerCase());
  check(
    malDirigidos.length === 0,
    "each file is complete and addressed to its row's recipient",
    malDirigidos.map((f) => `row ${f.id}`).join(', ') || undefined,
  );
  const deA = files.filter((f) => f.dir === cluster.a.mailDir).length;
  note(`A sent ${deA}, B sent ${files.length - deA}`);
}
