import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { formatTelefono } from '#common/chile/telefono';
import { idSchema } from '#common/numeros';
import type { Direccion } from '#common/schemas/direcciones';
import { useSessionExpiredHandler } from '../../../lib/session';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { LoadError } from '../../../ui/load-error';
import { toast } from '../../../ui/toast';
import { direccionEditar } from '../api/direccion-editar';
import { useDirecciones } from '../api/use-direcciones';
import { DireccionForm } from '../components/direccion-form';

const idParam = idSchema('');
export const DIRECCION_NO_ENCONTRADA = 'No encontramos esa dirección. Puede que haya sido eliminada.';

/**
 * docs/producto.md §2: prefilled from the copy saved in session storage when Modificar was clicked. The copy
 * is only the fast path (a new tab has none, and a later visit showed an old one): the
 * address is read again from the server by its id (the URL's ?id=, else the copy's) and the
 * server's record wins, field by field, unless the user already changed that field.
 */
export default function DireccionEditarPage() {
  const [params] = useSearchParams();
  const onExpired = useSessionExpiredHandler();
  const delUrl = idParam.safeParse(params.get('id') ?? undefined);
  const copiaGuardada = direccionEditar.get();
  const id = delUrl.success ? delUrl.data : copiaGuardada?.id;
  const copia = copiaGuardada?.id === id ? copiaGuardada : null;
  const direcciones = useDirecciones();
  // A list cached by /direcciones may be old: only a read made for this screen speaks for the server.
  const leida = direcciones.isFetchedAfterMount && !direcciones.isFetching && direcciones.isSuccess;
  const delServidor = leida ? direcciones.data.find((d) => d.id === id) : undefined;
  const falta = leida && !delServidor;

  useEffect(() => {
    if (delServidor) direccionEditar.set(delServidor);
  }, [delServidor]);
  useEffect(() => {
    if (direcciones.error) onExpired(direcciones.error);
  }, [direcciones.error, onExpired]);
  useEffect(() => {
    if (falta && id !== undefined) {
      direccionEditar.remove();
      toast.error(DIRECCION_NO_ENCONTRADA);
    }
  }, [falta, id]);

  if (id === undefined || falta) return <Navigate to="/direcciones" replace />;
  const direccion: Direccion | null = delServidor ?? copia;
  return (
    <section>
      <h1>Editar dirección</h1>
      {direccion ? (
        <DireccionForm
          editingId={direccion.id}
          submitLabel="Guardar cambios"
          initial={{
            nombre_contacto: direccion.nombre_contacto,
            correo_contacto: direccion.correo_contacto,
            telefono_contacto: formatTelefono(direccion.telefono_contacto),
            direccion_envio: direccion.direccion_envio,
            region: direccion.region ?? '',
            comuna: direccion.comuna ?? '',
          }}
        />
      ) : direcciones.isError ? (
        <LoadError error={direcciones.error} fallback="No se pudo cargar la dirección." onRetry={() => direcciones.refetch()} />
      ) : (
        <DelayedSpinner />
      )}
    </section>
  );
}
