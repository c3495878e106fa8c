import { and, count, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { type DatosRegistro, tokenCuenta } from '#server/db/schema/usuario';

export type TokenCuenta = typeof tokenCuenta.$inferSelect;
export type Proposito = TokenCuenta['proposito'];

export type { DatosRegistro };

export async function insertTokenCuenta(
  db: Db,
  values: { usuario_id: number; proposito: Proposito; token_hash: string; expira_en: Date; datos?: DatosRegistro },
): Promise<void> {
  await db.insert(tokenCuenta).values(values);
}

export async function findTokenCuenta(db: Db, usuarioId: number, proposito: Proposito, tokenHash: string): Promise<TokenCuenta | undefined> {
  const [row] = await db
    .select()
    .from(tokenCuenta)
    .where(and(eq(tokenCuenta.token_hash, tokenHash), eq(tokenCuenta.usuario_id, usuarioId), eq(tokenCuenta.proposito, proposito)));
  return row;
}

/** Marks a token used unless it already is or has expired; false when another use won. */
export async function markTokenCuentaUsado(db: Db, id: number): Promise<boolean> {
  const now = new Date();
  const used = await db
    .update(tokenCuenta)
    .set({ usado_en: now })
    .where(and(eq(tokenCuenta.id, id), isNull(tokenCuenta.usado_en), gt(tokenCuenta.expira_en, now)))
    .returning({ id: tokenCuenta.id });
  return used.length > 0;
}

/** Voids every unused token of a user (of one purpose, or all): a password change, a newer request. */
export async function revokeTokensCuenta(db: Db, usuarioId: number, proposito?: Proposito): Promise<void> {
  await db
    .update(tokenCuenta)
    .set({ usado_en: new Date() })
    .where(and(eq(tokenCuenta.usuario_id, usuarioId), isNull(tokenCuenta.usado_en), proposito ? eq(tokenCuenta.proposito, proposito) : undefined));
}

/** Tokens of one purpose created for a user since `desde`: how many e-mails went to that address. */
export async function countTokensCuenta(db: Db, usuarioId: number, proposito: Proposito, desde: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tokenCuenta)
    .where(and(eq(tokenCuenta.usuario_id, usuarioId), eq(tokenCuenta.proposito, proposito), gt(tokenCuenta.creado_en, desde)));
  return row?.n ?? 0;
}

/**
 * The password hash of the newest signup still waiting on its link (unused, unexpired), for the
 * login message of an account not yet activated. Any id, 0 included: the query runs alike.
 */
export async function findPendingSignupPassword(db: Db, usuarioId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ datos: tokenCuenta.datos })
    .from(tokenCuenta)
    .where(
      and(
        eq(tokenCuenta.usuario_id, usuarioId),
        eq(tokenCuenta.proposito, 'activacion'),
        isNull(tokenCuenta.usado_en),
        gt(tokenCuenta.expira_en, new Date()),
        isNotNull(tokenCuenta.datos),
      ),
    )
    .orderBy(desc(tokenCuenta.id))
    .limit(1);
  return row?.datos?.password;
}

/** What the account's newest signup asked for, used or not: for an activation link that carries none. */
export async function findNewestSignupDatos(db: Db, usuarioId: number): Promise<DatosRegistro | undefined> {
  const [row] = await db
    .select({ datos: tokenCuenta.datos })
    .from(tokenCuenta)
    .where(and(eq(tokenCuenta.usuario_id, usuarioId), eq(tokenCuenta.proposito, 'activacion'), isNotNull(tokenCuenta.datos)))
    .orderBy(desc(tokenCuenta.id))
    .limit(1);
  return row?.datos ?? undefined;
}
