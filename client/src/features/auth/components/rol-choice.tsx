/** docs/producto.md §5: the role is a single choice, buyer or supplier (never a moderator). */
export type RolRegistro = 'comprador' | 'proveedor';

const OPCIONES = [
  ['comprador', 'Comprador', 'Cotizo y compro para mi negocio'],
  ['proveedor', 'Proveedor', 'Vendo y publico mi stock'],
] as const;

/** The buyer / supplier choice of the signup, and of the activation page when the link asks who the account is. */
export function RolChoice({ legend, value, onChange }: { legend: string; value: RolRegistro; onChange: (rol: RolRegistro) => void }) {
  return (
    <fieldset className="role-choice">
      <legend>{legend}</legend>
      {OPCIONES.map(([opcion, label, hint]) => (
        <label key={opcion} className={value === opcion ? 'role-choice__option role-choice__option--on' : 'role-choice__option'}>
          <input type="radio" name="rol" value={opcion} checked={value === opcion} onChange={() => onChange(opcion)} />
          <span>
            <strong>{label}</strong>
            <small>{hint}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
