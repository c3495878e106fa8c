import http from 'node:http';
import type { Cluster } from './cluster';
import { type Catalogo, createSolicitud, type Solicitud } from './comparacion';
import { check, note, section } from './report';

/** Requests sent around the signal, one every ESPACIO_MS, half before it and half after. */
const PETICIONES = 40;
const ESPACIO_MS = 50;
/** Connections the client keeps alive, as a balancer keeps its backend connections. */
const CONEXIONES = 8;
/** Every COMPARAR_CADA-th request is a comparison: at most 2 in flight, under the per-address cap. */
const COMPARAR_CADA = 4;

interface Resultado {
  status: number;
  reusada: boolean;
}

/** One request through `agent` (node:http: the answer says whether it went on a kept-alive connection), or why it had none. */
function enviar(agent: http.Agent, url: string, method: string, headers: Record<string, string>, body?: string): Promise<Resultado | { error: string }> {
  return new Promise((resolve) => {
    const req = http.request(url, { agent, method, headers, timeout: 60_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, reusada: req.reusedSocket }));
    });
    req.on('timeout', () => req.destroy(new Error('sin respuesta en 60 s')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: `${error.code ?? ''} ${error.message}`.trim() }));
    req.end(body);
  });
}

/**
 * (f) A shutdown that answers everyone (docs/decisions/012, "Cierre"): B gets SIGTERM while a
 * client with CONEXIONES kept-alive connections sends PETICIONES requests around it (catalogue
 * reads and comparisons). During the drain (SHUTDOWN_DRAIN_MS, 5 s by default) every one is
 * answered 2xx, /api/ready says 503, and B then exits 0. Last: B is gone afterwards.
 */
export async function checkCierre(cluster: Cluster, catalogo: Catalogo): Promise<void> {
  section('(f) SIGTERM to B while 40 requests arrive around it, on kept-alive connections');
  const { b } = cluster;
  const solicitudes: Solicitud[] = [];
  for (let i = 0; i < PETICIONES / COMPARAR_CADA; i++) solicitudes.push(await createSolicitud(b, [[catalogo.p1, 100]]));

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONEXIONES });
  try {
    const enviarNumero = (i: number) => {
      if (i % COMPARAR_CADA !== 0) return enviar(agent, `${b.url}/api/productos/consolidated-data/`, 'GET', {});
      const solicitud = solicitudes[i / COMPARAR_CADA]!;
      const body = JSON.stringify({ productos: [{ producto: catalogo.p1, cantidad: 100 }], solicitudId: solicitud.id });
      return enviar(agent, `${b.url}/api/cotizaciones/comparar-precios/`, 'POST', { ...solicitud.headers, 'content-type': 'application/json' }, body);
    };
    // The client's connections, open and idle before it all begins.
    await Promise.all(Array.from({ length: CONEXIONES }, () => enviar(agent, `${b.url}/api/health`, 'GET', {})));

    const exited = new Promise<number | null>((resolve) => b.child.once('exit', (code) => resolve(code)));
    const enCurso: Array<Promise<Resultado | { error: string }>> = [];
    let listoDuranteDrenaje: number | string = 'sin consultar';
    for (let i = 0; i < PETICIONES; i++) {
      if (i === PETICIONES / 2) {
        b.child.kill('SIGTERM');
        await new Promise((r) => setTimeout(r, ESPACIO_MS));
        listoDuranteDrenaje = await fetch(`${b.url}/api/ready`).then(
          (r) => r.status,
          (error: Error) => error.message,
        );
      }
      enCurso.push(enviarNumero(i));
      await new Promise((r) => setTimeout(r, ESPACIO_MS));
    }
    const resultados = await Promise.all(enCurso);
    const sinRespuesta = resultados.filter((r) => 'error' in r || r.status < 200 || r.status >= 300);
    check(
      sinRespuesta.length === 0,
      `all ${PETICIONES} requests sent around the signal answered 2xx`,
      `${resultados.filter((r) => 'status' in r && r.status < 300).length} of ${PETICIONES}; ${resultados.filter((r) => 'status' in r && r.reusada).length} on kept-alive connections${sinRespuesta.length ? `; not: ${JSON.stringify(sinRespuesta.slice(0, 5))}` : ''}`,
    );
    check(listoDuranteDrenaje === 503, '/api/ready answers 503 during the drain', String(listoDuranteDrenaje));
    const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('still running after 40 s'), 40_000))]);
    check(code === 0, 'B exits 0 once drained and closed', String(code));
    note('B is stopped from here on');
  } finally {
    agent.destroy();
  }
}
