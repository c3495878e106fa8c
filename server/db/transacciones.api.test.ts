import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/test/test-app';
import { queryRows, readAll } from './client';

/** Transactions read one query at a time and are tried again once after losing a deadlock. */
const ctx = setupTestApp();

describe('transactions', () => {
  it('readAll runs its reads at once on the pool and one after another on a transaction, with the same answers', async () => {
    const { db } = ctx.t.database;
    const reads = [() => queryRows<{ n: number }>(db, sql`select 1 as n`), () => queryRows<{ n: number }>(db, sql`select 2 as n`)] as const;
    expect(await readAll(db, reads)).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    const enOrden: number[] = [];
    await db.transaction(async (tx) => {
      const lento = async () => {
        await new Promise((r) => setTimeout(r, 30));
        enOrden.push(1);
        return queryRows<{ n: number }>(tx, sql`select 1 as n`);
      };
      const rapido = async () => {
        enOrden.push(2);
        return queryRows<{ n: number }>(tx, sql`select 2 as n`);
      };
      expect(await readAll(tx, [lento, rapido] as const)).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    });
    // Sequential: the second read started only after the first ended.
    expect(enOrden).toEqual([1, 2]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two transactions that deadlock both commit: PostgreSQL aborts one, which runs again once the other is done',
    async () => {
      const { db } = ctx.t.database;
      await db.execute(sql`create table prueba_interbloqueo (id int primary key, v int not null)`);
      await db.execute(sql`insert into prueba_interbloqueo values (1, 0), (2, 0)`);
      let intentos = 0;
      let listos = 0;
      // Both hold their first row before either asks for the other's: a deadlock every first time.
      const ambosTienenUna = new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (listos >= 2) {
            clearInterval(check);
            resolve();
          }
        }, 5);
      });
      const cruzada = (primera: number, segunda: number) =>
        db.transaction(async (tx) => {
          intentos++;
          await tx.execute(sql`update prueba_interbloqueo set v = v + 1 where id = ${primera}`);
          listos++;
          await ambosTienenUna;
          await tx.execute(sql`update prueba_interbloqueo set v = v + 1 where id = ${segunda}`);
        });
      await Promise.all([cruzada(1, 2), cruzada(2, 1)]);
      expect(intentos).toBe(3);
      expect(await queryRows(db, sql`select id, v from prueba_interbloqueo order by id`)).toEqual([
        { id: 1, v: 2 },
        { id: 2, v: 2 },
      ]);
    },
  );
});
