import { type Cuenta, call, login } from './api';
import type { Cluster } from './cluster';
import { check, section } from './report';
import type { Server } from './servers';

/** How long after its first 200 the server kept accepting a token it should refuse (up to 5 s). */
async function staleFor(server: Server, access: string): Promise<string> {
  const t0 = performance.now();
  while (performance.now() - t0 < 5_000) {
    if ((await call(server, 'GET', '/auth/users/me/', { token: access })).status === 401) return `refused ${Math.round(performance.now() - t0)} ms later`;
  }
  return 'still accepted 5 s later';
}

/**
 * (a) A session is the cluster's, not a process's: tokens issued by A work on B, and a password
 * changed through one process ends the old tokens on the other at once (usuario.token_version),
 * whatever the other keeps in memory: it has just used the token before each change.
 */
export async function checkTokens({ a, b }: Cluster, cuenta: Cuenta): Promise<void> {
  section('(a) tokens: issued by one process, accepted or refused by the other');
  const { access, refresh } = await login(a, cuenta.email, cuenta.password);
  const me = await call<{ email: string }>(b, 'GET', '/auth/users/me/', { token: access });
  check(me.status === 200 && me.body.email === cuenta.email, 'an access token from A opens /auth/users/me/ on B', `${me.status}`);
  const verify = await call(b, 'POST', '/auth/jwt/verify/', { body: { token: access } });
  check(verify.status === 200, 'B verifies an access token from A', `${verify.status}`);
  const renewed = await call<{ access: string }>(b, 'POST', '/auth/jwt/refresh/', { body: { refresh } });
  check(renewed.status === 200, 'B renews with a refresh token from A', `${renewed.status}`);
  const back = await call(a, 'GET', '/auth/users/me/', { token: renewed.body.access });
  check(back.status === 200, "B's renewed access token opens /auth/users/me/ on A", `${back.status}`);

  for (let i = 0; i < 4; i++) {
    const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
    const viejo = await login(reader, cuenta.email, cuenta.password);
    const antes = await call(reader, 'GET', '/auth/users/me/', { token: viejo.access });
    const nueva = `${cuenta.password.replace(/-\d+$/, '')}-${i}`;
    const changed = await call(writer, 'POST', '/auth/users/set_password/', {
      token: (await login(writer, cuenta.email, cuenta.password)).access,
      body: { current_password: cuenta.password, new_password: nueva, re_new_password: nueva },
    });
    if (changed.status !== 204) throw new Error(`set_password on ${writer.name}: ${changed.status} ${changed.text}`);
    cuenta.password = nueva;
    const stale = await call(reader, 'GET', '/auth/users/me/', { token: viejo.access });
    check(
      antes.status === 200 && stale.status === 401,
      `password changed through ${writer.name}: ${reader.name} refuses the old access token on its very next request`,
      stale.status === 401 ? `${stale.status}` : `${stale.status}, ${await staleFor(reader, viejo.access)}`,
    );
    const staleRefresh = await call(reader, 'POST', '/auth/jwt/refresh/', { body: { refresh: viejo.refresh } });
    check(staleRefresh.status === 401, `… and the old refresh token`, `${staleRefresh.status}`);
  }
  const fresh = await login(b, cuenta.email, cuenta.password);
  const ok = await call(a, 'GET', '/auth/users/me/', { token: fresh.access });
  check(ok.status === 200, 'a token from a login on B with the newest password opens A', `${ok.status}`);
  Object.assign(cuenta, fresh);
}
