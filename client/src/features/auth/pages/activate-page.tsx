import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ACTIVACION_PIDE_CONTRASENA, type ActivacionFormInput, type ActivationDatos, activacionFormSchema, CUENTA_YA_ACTIVA } from '#common/schemas/auth';
import { apiErrorMessage, parseApiError } from '../../../lib/api-errors';
import { loginConRegreso } from '../../../lib/ruta-de-regreso';
import { showFormErrors } from '../../../lib/form-errors';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { nonFieldError } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useActivateUser } from '../api/activate-user';
import { useActivationDatos } from '../api/activation-datos';
import { claveActivacionDe, olvidarClaveActivacion } from '../api/clave-activacion-storage';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import type { RolRegistro } from '../components/rol-choice';
import { RolYNombreFields } from '../components/rol-y-nombre-fields';

// docs/producto.md §8's messages.
const EXITO = 'Cuenta verificada con éxito. ¡Bienvenido/a!';
const FALLA = 'Error al verificar la cuenta. Inténtalo nuevamente.';

/** The server's 400 for a link opened without its signup's clave: a password must be chosen here. */
const pideContrasena = (error: unknown) => parseApiError(error).fields.new_password === ACTIVACION_PIDE_CONTRASENA;
/** The server's 403 for a link already used on an account now active: nothing failed. */
const yaActiva = (error: unknown) => parseApiError(error).code === CUENTA_YA_ACTIVA.code;

/**
 * /activate/{uid}/{token}. The page first reads what the link's signup said (its e-mail, names
 * and role). This browser's clave for that e-mail activates at once with the signup's password;
 * without it (another browser, a forwarded or resent link) the page asks for a password and shows
 * the names and role, editable: whoever opens the link proves the mailbox, so they choose, not
 * whoever signed up (docs/decisions/003).
 */
export default function ActivatePage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const datos = useActivationDatos(uid, token);
  const activate = useActivateUser();
  const [eligiendo, setEligiendo] = useState(false);
  const email = datos.data?.email ?? '';
  const clave = email ? claveActivacionDe(email) : undefined;

  // A new supplier goes on to its panel, where its checklist waits (docs/producto.md §17), through
  // /login: activating opens no session. Anyone else, home.
  const activada = (esProveedor: boolean) => {
    olvidarClaveActivacion(email);
    toast.success(EXITO);
    navigate(esProveedor ? loginConRegreso({ pathname: '/panel' }) : '/');
  };

  // Once the link is read: with this browser's clave, activate; without it, ask. Once per page.
  const decidido = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the link's data arrive.
  useEffect(() => {
    if (!datos.data || decidido.current) return;
    decidido.current = true;
    if (!clave) {
      setEligiendo(true);
      return;
    }
    activate.mutate(
      { uid, token, clave_activacion: clave },
      {
        onSuccess: () => activada(datos.data.is_proveedor),
        onError: (error) => {
          if (pideContrasena(error)) setEligiendo(true);
          else if (yaActiva(error)) olvidarClaveActivacion(email);
          else toast.error(FALLA);
        },
      },
    );
  }, [datos.data]);

  useEffect(() => {
    if (datos.isError && !yaActiva(datos.error)) toast.error(FALLA);
  }, [datos.isError, datos.error]);

  const error = datos.error ?? activate.error;
  if (eligiendo && datos.data && !(activate.isError && yaActiva(activate.error)))
    return <ElegirDatos uid={uid} token={token} clave={clave} datos={datos.data} activate={activate} onActivada={activada} />;

  if (error && yaActiva(error))
    return (
      <AuthCard title="Activación de cuenta" footer={<Link to="/reset-password">¿Olvidaste tu contraseña?</Link>}>
        <p role="status">Tu cuenta ya está activa: este enlace ya se usó.</p>
        <Link className="btn btn--primary btn--block" to="/login">
          Iniciar sesión
        </Link>
      </AuthCard>
    );

  return (
    <AuthCard title="Activación de cuenta">
      {error ? (
        <>
          <p role="alert">{apiErrorMessage(error, FALLA)}</p>
          <p>
            Si ya activaste tu cuenta, <Link to="/login">inicia sesión</Link>; si no, intenta iniciar sesión y te ofreceremos enviarte un enlace nuevo.
          </p>
        </>
      ) : (
        <>
          <p>Estamos verificando tu cuenta...</p>
          <DelayedSpinner label="Verificando..." />
        </>
      )}
    </AuthCard>
  );
}

/** The link opened without its signup's clave: a password, and the names and role the signup said, editable. */
function ElegirDatos(props: {
  uid: string;
  token: string;
  clave: string | undefined;
  datos: ActivationDatos;
  activate: ReturnType<typeof useActivateUser>;
  onActivada: (esProveedor: boolean) => void;
}) {
  const { uid, token, clave, datos, activate, onActivada } = props;
  const [rol, setRol] = useState<RolRegistro>(datos.is_proveedor ? 'proveedor' : 'comprador');
  const { register, handleSubmit, formState, setError } = useForm<ActivacionFormInput>({
    resolver: zodResolver(activacionFormSchema),
    defaultValues: { first_name: datos.first_name, last_name: datos.last_name },
  });
  const { errors } = formState;

  function onSubmit(values: ActivacionFormInput) {
    activate.mutate(
      { uid, token, clave_activacion: clave, ...values, is_comprador: rol === 'comprador', is_proveedor: rol === 'proveedor' },
      {
        onSuccess: () => onActivada(rol === 'proveedor'),
        onError: (error) => {
          // Activated meanwhile (another tab, another device): the page says so instead of failing.
          if (yaActiva(error)) olvidarClaveActivacion(datos.email);
          else showFormErrors(error, setError, { fields: ['first_name', 'last_name', 'new_password', 're_new_password'], fallback: FALLA, toast: FALLA });
        },
      },
    );
  }

  return (
    <AuthCard
      title="Activación de cuenta"
      intro="Elige una contraseña para activar tu cuenta. Te la pedimos porque abriste el enlace en otro navegador o dispositivo, o es un enlace reenviado: así, solo quien recibe el correo decide la contraseña. Revisa también tu nombre y el tipo de cuenta, y cámbialos si no son los tuyos."
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="form">
        <p>
          Cuenta: <strong>{datos.email}</strong>
        </p>
        <RolYNombreFields
          legend="Tipo de cuenta"
          rol={rol}
          onRolChange={setRol}
          firstName={register('first_name')}
          lastName={register('last_name')}
          errors={{ firstName: errors.first_name?.message, lastName: errors.last_name?.message }}
        />
        <NewPasswordFields
          labels={['Contraseña', 'Repite la contraseña']}
          password={register('new_password')}
          retype={register('re_new_password')}
          errors={{ password: errors.new_password?.message, retype: errors.re_new_password?.message ?? nonFieldError(errors) }}
        />
        <FormError message={errors.root?.server?.message} />
        <SubmitButton className="btn btn--primary btn--block" busy={activate.isPending} busyLabel="Activando...">
          Activar cuenta
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
