import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { perfilSchema } from '../../../common/schemas/cuenta';
import type { Db } from '../../db/client';
import { usuario } from '../../db/schema/usuario';
import { AppError, isUniqueViolation } from '../../errors';
import { getUsuarioByEmail, type Usuario } from '../auth/auth.repository';

/** Only the five profile fields: roles, is_active and ofrece_credito are not the user's to change here. */
export async function updatePerfil(db: Db, usuarioId: number, perfil: z.output<typeof perfilSchema>): Promise<Usuario> {
  const titular = await getUsuarioByEmail(db, perfil.email);
  if (titular && titular.id !== usuarioId) throw new AppError(400, { email: ['Este correo ya está en uso'] });
  try {
    const [updated] = await db
      .update(usuario)
      .set({ first_name: perfil.first_name, last_name: perfil.last_name, email: perfil.email, telefono: perfil.telefono, fecha_nacimiento: perfil.fecha_nacimiento })
      .where(eq(usuario.id, usuarioId))
      .returning();
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(400, { email: ['Este correo ya está en uso'] });
    throw error;
  }
}
