import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../ui/fields';
import { RolChoice, type RolRegistro } from './rol-choice';

interface Props {
  /** The role choice's legend, e.g. 'Quiero registrarme como'. */
  legend: string;
  rol: RolRegistro;
  onRolChange: (rol: RolRegistro) => void;
  firstName: UseFormRegisterReturn;
  lastName: UseFormRegisterReturn;
  errors: { firstName?: string; lastName?: string };
}

/** Who the account is, as signup asks it and the activation page shows it again, editable (docs/decisions/003). */
export function RolYNombreFields({ legend, rol, onRolChange, firstName, lastName, errors }: Props) {
  return (
    <>
      <RolChoice legend={legend} value={rol} onChange={onRolChange} />
      <div className="form__row">
        <TextField label="Nombre" autoComplete="given-name" {...firstName} error={errors.firstName} />
        <TextField label="Apellido" autoComplete="family-name" {...lastName} error={errors.lastName} />
      </div>
    </>
  );
}
