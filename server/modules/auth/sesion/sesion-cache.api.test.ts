import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { parseConfig } from '#server/config';
import type { Database, Listener } from '#server/db/client';
import { usuario } from '#server/db/schema/usuario';
import { setupTestApp } from '#server/test/test-app';
import { createUser } from '#server/test/users';
import { prepareGetSesionById, type UsuarioSesion } from '../auth.repository';
import { createGuards, currentUser, registerGuardsDecorator } from '../authenticate';
import { createJwt } from './jwt';
import { createSesionCache, SESION_CHANNEL } from './sesion-cache';

/**
 * The session cache: the token check answers from memory, and a change to a
 * user's session voids its tokens on this app as soon as it answers, and on every other app (every
 * process) as soon as the database's notification arrives.
 */
// The app hears its notifications 300 ms late: a write that answered before its own cache heard it
// (no sync()) would leave the old token working on the next request, on both databases.
const ctx = setupTestApp({ notifyDelayMs: 300 });

/** test-app.ts's secret: both apps accept the same tokens. */
const JWT_SECRET = 'secreto-de-pruebas-con-mas-de-32-caracteres';

/** The database, with what the 'sesion' listener heard (once applied) on record. */
function escuchada(database: Database) {
  const oidos: string[] = [];
  const wrapped: Database = {
    ...database,
    listen: (channel, listener) =>
      database.listen(
        channel,
        channel !== SESION_CHANNEL
          ? listener
          : {
              notify: (payload) => {
                listener.notify(payload);
                oidos.push(payload);
              },
              listening: listener.listening,
            },
      ),
  };
  /** Resolves once a notification of user `id` reached the listener. */
  const oyo = (id: number) => vi.waitFor(() => expect(oidos).toContain(String(id)), { timeout: 5_000 });
  return { database: wrapped, oidos, oyo };
}

/** A second app on the same database, as a second process runs it: its own caches, its own listening connections. */
let otra: { app: FastifyInstance; oidos: string[]; oyo: (id: number) => Promise<void> };
beforeAll(async () => {
  const { database, oidos, oyo } = escuchada(ctx.t.database);
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', RATE_LIMIT_PER_MINUTE: '100000' });
  const app = await buildApp({ config, database, jwtSecret: JWT_SECRET });
  await app.ready();
  otra = { app, oidos, oyo };
});
afterAll(() => otra.app.close());

const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/auth/users/me/', headers: { authorization: `JWT ${token}` } });
const verify = (app: FastifyInstance, token: string) => app.inject({ method: 'POST', url: '/auth/jwt/verify/', payload: { token } });
const answer = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];

describe('a change to a session, through the API and straight in the database', () => {
  it('set_password voids the old token at once on the app that changed it, and on another app once it hears', async () => {
    const user = await createUser(ctx.t, 'comprador');
    // Both apps keep the session before the change.
    for (const app of [ctx.t.app, otra.app]) {
      expect((await me(app, user.access)).statusCode).toBe(200);
      expect((await verify(app, user.access)).statusCode).toBe(200);
    }
    otra.oidos.length = 0;
    const cambio = await ctx.t.request({
      method: 'POST',
      url: '/auth/users/set_password/',
      token: user.access,
      payload: { current_password: user.password, new_password: 'granada-madura-81', re_new_password: 'granada-madura-81' },
    });
    expect(cambio.statusCode, cambio.body).toBe(204);
    expect(answer(await me(ctx.t.app, user.access))).toEqual([401, 'token_not_valid']);
    expect(answer(await verify(ctx.t.app, user.access))).toEqual([401, 'token_not_valid']);

    await otra.oyo(user.id);
    expect(answer(await me(otra.app, user.access))).toEqual([401, 'token_not_valid']);
    expect(answer(await verify(otra.app, user.access))).toEqual([401, 'token_not_valid']);
    // The new password's tokens work on both.
    const nuevo = await ctx.t.tokenFor(user.email, 'granada-madura-81');
    for (const app of [ctx.t.app, otra.app]) expect((await me(app, nuevo)).statusCode).toBe(200);
  });

  it('a role change and a deactivation show on the very next request once heard', async () => {
    const { db } = ctx.t.database;
    const user = await createUser(ctx.t, 'comprador');
    const condiciones = () => otra.app.inject({ method: 'GET', url: '/api/proveedor/condiciones/', headers: { authorization: `JWT ${user.access}` } });
    expect((await me(otra.app, user.access)).json()).toMatchObject({ is_comprador: true, is_proveedor: false });
    expect((await condiciones()).statusCode).toBe(403);

    otra.oidos.length = 0;
    await db.update(usuario).set({ is_comprador: false, is_proveedor: true }).where(eq(usuario.id, user.id));
    await otra.oyo(user.id);
    expect((await me(otra.app, user.access)).json()).toMatchObject({ is_comprador: false, is_proveedor: true });
    expect((await condiciones()).statusCode).toBe(200);

    otra.oidos.length = 0;
    await db.update(usuario).set({ is_active: false }).where(eq(usuario.id, user.id));
    await otra.oyo(user.id);
    expect(answer(await me(otra.app, user.access))).toEqual([401, 'user_inactive']);
    expect(answer(await verify(otra.app, user.access))).toEqual([401, 'user_inactive']);
  });

  it('a user deleted is not found on the next request once heard', async () => {
    const user = await createUser(ctx.t, 'proveedor');
    expect((await me(otra.app, user.access)).statusCode).toBe(200);
    otra.oidos.length = 0;
    await ctx.t.database.db.delete(usuario).where(eq(usuario.id, user.id));
    await otra.oyo(user.id);
    expect(answer(await me(otra.app, user.access))).toEqual([401, 'user_not_found']);
  });
});

describe('the cache itself, on a listener in the test’s hands', () => {
  /** The app's database with a listening connection the test drives: `listener.notify` is a notification arriving. */
  function aMano() {
    let listener!: Listener;
    const database: Pick<Database, 'db' | 'listen'> = {
      db: ctx.t.database.db,
      listen: async (_, l) => {
        listener = l;
        l.listening(true);
        return async () => {};
      },
    };
    return { database, listener: () => listener };
  }
  const jwt = createJwt('otro-secreto-de-pruebas-con-mas-de-32-caracteres', { access: 300, refresh: 3600 });
  /** An access token of this test's own for the user, on its current version. */
  async function tokenDe(id: number) {
    const [row] = await ctx.t.database.db.select({ ver: usuario.token_version }).from(usuario).where(eq(usuario.id, id));
    return jwt.sign('access', id, row!.ver);
  }

  it('answers a user’s second request from memory: no database read', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const { database } = aMano();
    const guards = createGuards(database, jwt);
    await guards.start();
    const app = Fastify();
    registerGuardsDecorator(app);
    app.get('/yo', { onRequest: guards.authenticate }, async (request) => ({ id: currentUser(request).id }));
    const token = await tokenDe(user.id);
    const yo = () => app.inject({ method: 'GET', url: '/yo', headers: { authorization: `JWT ${token}` } });

    expect((await yo()).json()).toEqual({ id: user.id });
    expect(guards.stats()).toEqual({ entries: 1, hits: 0, misses: 1 });
    expect((await yo()).json()).toEqual({ id: user.id });
    await guards.checkToken(token);
    expect(guards.stats()).toEqual({ entries: 1, hits: 2, misses: 1 });
    await app.close();
    await guards.stop();
  });

  it('reads a cold user once for a burst of its requests', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const guards = createGuards(aMano().database, jwt);
    await guards.start();
    const token = await tokenDe(user.id);
    await Promise.all(Array.from({ length: 5 }, () => guards.checkToken(token)));
    expect(guards.stats()).toEqual({ entries: 1, hits: 4, misses: 1 });
    await guards.stop();
  });

  it('reads the database every time before start, while not listening, and forgets everything when listening again', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const { database, listener } = aMano();
    const cache = createSesionCache(database);
    await cache.get(user.id);
    await cache.get(user.id);
    expect(cache.stats()).toEqual({ entries: 0, hits: 0, misses: 2 });
    await cache.start();
    await cache.get(user.id);
    expect(cache.stats().entries).toBe(1);
    listener().listening(false);
    expect(cache.stats().entries).toBe(0);
    // Changed while nobody listened: no notification will ever say so.
    await ctx.t.database.db.update(usuario).set({ first_name: 'Sorda' }).where(eq(usuario.id, user.id));
    expect((await cache.get(user.id))?.first_name).toBe('Sorda');
    expect(cache.stats()).toEqual({ entries: 0, hits: 0, misses: 4 });
    listener().listening(true);
    await cache.get(user.id);
    expect(cache.stats()).toEqual({ entries: 1, hits: 0, misses: 5 });
    await cache.stop();
  });

  it('does not keep, nor share, a read that a notification of its user overtook', async () => {
    const { db } = ctx.t.database;
    const user = await createUser(ctx.t, 'comprador');
    const read = prepareGetSesionById(db);
    const gates: (() => void)[] = [];
    /** The database read, held after it read until the test lets it answer. */
    const held = async (id: number): Promise<UsuarioSesion | undefined> => {
      const valor = await read(id);
      await new Promise<void>((resolve) => gates.push(resolve));
      return valor;
    };
    const { database, listener } = aMano();
    const cache = createSesionCache(database, { read: held });
    await cache.start();

    const ver = (await read(user.id))!.token_version;
    const antes = cache.get(user.id);
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    // The password changes while that read is in flight, and its notification arrives before the read answers.
    await db
      .update(usuario)
      .set({ token_version: sql`${usuario.token_version} + 1` })
      .where(eq(usuario.id, user.id));
    listener().notify(String(user.id));
    // A request that starts now reads again rather than wait on the overtaken read.
    const despues = cache.get(user.id);
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    // The later read answers first: the overtaken one, answering last, must not overwrite it.
    gates[1]!();
    expect((await despues)?.token_version).toBe(ver + 1);
    gates[0]!();
    // The request that came first answers with what it read; only the later read is kept.
    expect((await antes)?.token_version).toBe(ver);
    expect(cache.stats()).toEqual({ entries: 1, hits: 0, misses: 2 });
    expect((await cache.get(user.id))?.token_version).toBe(ver + 1);
    await cache.stop();
  });

  it('does not keep a read that a drop of the listening connection overtook', async () => {
    const user = await createUser(ctx.t, 'comprador');
    const read = prepareGetSesionById(ctx.t.database.db);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { database, listener } = aMano();
    const cache = createSesionCache(database, {
      read: async (id) => {
        const valor = await read(id);
        await gate;
        return valor;
      },
    });
    await cache.start();
    const enCurso = cache.get(user.id);
    listener().listening(false);
    listener().listening(true);
    open();
    expect((await enCurso)?.id).toBe(user.id);
    expect(cache.stats().entries).toBe(0);
    await cache.stop();
  });

  it('keeps no more users than its bound, forgetting the one read longest ago', async () => {
    const users = [await createUser(ctx.t, 'comprador'), await createUser(ctx.t, 'comprador'), await createUser(ctx.t, 'proveedor')];
    const cache = createSesionCache(aMano().database, { maxEntries: 2 });
    await cache.start();
    for (const u of users) await cache.get(u.id);
    expect(cache.stats()).toEqual({ entries: 2, hits: 0, misses: 3 });
    await cache.get(users[2]!.id);
    await cache.get(users[1]!.id);
    await cache.get(users[0]!.id);
    expect(cache.stats()).toEqual({ entries: 2, hits: 2, misses: 4 });
    await cache.stop();
  });
});
