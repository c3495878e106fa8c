// npm run create-user -- --email E --password P --role comprador|proveedor|moderador [--first-name N --last-name A]
// Creates an active user (migrating the database first if needed): how moderators come to exist.
import { parseArgs } from 'node:util';
import { isRol, ROLES, type Rol } from '#common/rol';
import { emailSchema } from '#common/schemas/auth';
import { PASSWORD_MIN_LENGTH } from '#common/constants';
import { loadConfigOrExit } from '#server/config';
import { openDatabase } from '#server/db/client';
import { DataDirLockedError } from '#server/db/data-dir-lock';
import { prepareDatabase } from '#server/db/prepare';
import { AppError } from '#server/errors';
import { createUsuario } from '#server/modules/auth/auth.service';
import { isCommonPassword } from '#server/modules/auth/seguridad/common-passwords';

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});
const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) fail('Indica un correo válido con --email.');
if (!values.password || values.password.length < PASSWORD_MIN_LENGTH)
  fail(`Indica una contraseña de al menos ${PASSWORD_MIN_LENGTH} caracteres con --password.`);
if (isCommonPassword(values.password!)) fail('Esa contraseña es demasiado común; elige otra.');
if (!isRol(values.role)) fail(`Indica el rol con --role: ${ROLES.join(', ')}.`);

const config = loadConfigOrExit();
const database = await openDatabase(config).catch((error) => (error instanceof DataDirLockedError ? fail(error.message) : Promise.reject(error)));
// A command's warnings are for whoever runs it: its stderr.
database.logTo(console);
try {
  await prepareDatabase(database, { seedDemo: config.seedDemo });
  const rol = values.role as Rol;
  const user = await createUsuario(database.db, {
    email: email.data!,
    password: values.password!,
    first_name: values['first-name'] ?? rol[0]!.toUpperCase() + rol.slice(1),
    last_name: values['last-name'] ?? 'Abastece',
    is_active: true,
    rol,
  });
  console.log(`Usuario ${user.email} creado (id ${user.id}, rol ${rol}, activo).`);
} catch (error) {
  if (error instanceof AppError) fail(Object.values(error.body).flat().join(' '));
  throw error;
} finally {
  await database.close();
}
