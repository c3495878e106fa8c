import { formatTelefono } from '#common/chile/telefono';
import { Link } from 'react-router';
import { formatDiaLargo } from '#common/format';
import { rolCuenta } from '../../../lib/roles';
import { useSession } from '../../../lib/session';

const NO_ESPECIFICADO = 'No especificado';

export default function MiCuentaPage() {
  const user = useSession().user!;
  const filas: [string, string][] = [
    ['Correo electrónico', `${user.email} · Validado ✓`],
    ['Teléfono', user.telefono ? `${formatTelefono(user.telefono)} · Validado ✓` : `${NO_ESPECIFICADO} · Sin validar ❗`],
    ['Nombre completo', `${user.first_name} ${user.last_name}`.trim() || NO_ESPECIFICADO],
    ['Fecha de nacimiento', user.fecha_nacimiento ? formatDiaLargo(user.fecha_nacimiento) : NO_ESPECIFICADO],
    ['Tipo de usuario', rolCuenta(user)],
  ];
  if (user.is_comprador) filas.push(['Dirección de despacho', user.direccion_envio || NO_ESPECIFICADO]);
  if (user.is_proveedor) filas.push(['Ofrece crédito', user.ofrece_credito ? 'Sí' : 'No']);

  return (
    <section>
      <h1>Datos de la cuenta</h1>
      {/* A new e-mail waits for its confirmation link; until then the old one stands. */}
      {user.email_pendiente && (
        <p className="panel panel--info">
          Correo pendiente de confirmación: <strong>{user.email_pendiente}</strong>. Abre el enlace que te enviamos a ese correo para completar el cambio.
        </p>
      )}
      <dl className="panel datos">
        {filas.map(([k, v]) => (
          <div key={k} className="datos__fila">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <Link className="btn btn--primary" to="/mi-cuenta-editar">
        Modificar datos
      </Link>
    </section>
  );
}
