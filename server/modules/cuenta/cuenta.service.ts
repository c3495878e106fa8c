import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { perfilSchema } from '../../../common/schemas/cuenta';
import type { Db } from '../../db/client';
import { usuario } from '../../db/schema/usuario';
import { AppError } from '../../errors';
import type { Usuario } from '../auth/auth.repository';

/** Only the five profile fields: roles, is_active and ofrece_credito are not the user's to change here. */
export async function updatePerfil(db: Db, usuarioId: number, perfil: z.output<typeof perfilSchema>): Promise<Usuario> {
  const enUso = await db
    .select({ id: usuario.id })
    .from(usuario)
    .where(and(sql`lower(${usuario.email}) = lower(${perfil.email})`, ne(usuario.id, usuarioId)));
  if (enUso.length > 0) throw new AppError(400, { email: ['Este correo ya está en uso'] });
  try {
    const [updated] = await db
      .update(usuario)
      .set({ first_name: perfil.first_name, last_name: perfil.last_name, email: perfil.email, telefono: perfil.telefono, fecha_nacimiento: perfil.fecha_nacimiento })
      .where(eq(usuario.id, usuarioId))
      .returning();
    return updated!;
  } catch (error) {
    if ((error as { cause?: { code?: string }; code?: string }).cause?.code === '23505' || (error as { code?: string }).code === '23505') {
      throw new AppError(400, { email: ['Este correo ya está en uso'] });
    }
    throw error;
  }
}
