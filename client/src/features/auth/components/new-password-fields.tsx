import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../ui/fields';

interface Props {
  /** Labels of the password and of its retype, e.g. ['Contraseña', 'Repite la contraseña']. */
  labels: readonly [string, string];
  password: UseFormRegisterReturn;
  retype: UseFormRegisterReturn;
  errors: { password?: string; retype?: string };
}

/** A new password and its retype, as signup and the reset confirmation ask for them. */
export function NewPasswordFields({ labels: [passwordLabel, retypeLabel], password, retype, errors }: Props) {
  return (
    <>
      <TextField label={passwordLabel} type="password" autoComplete="new-password" hint="Al menos 6 caracteres." {...password} error={errors.password} />
      <TextField label={retypeLabel} type="password" autoComplete="new-password" {...retype} error={errors.retype} />
    </>
  );
}
