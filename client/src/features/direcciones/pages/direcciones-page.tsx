import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Direccion } from '../../../../../common/schemas/direcciones';
import { ApiError } from '../../../lib/api-client';
import { useSession, useSessionExpiredHandler } from '../../../lib/session';
import { STORAGE_KEYS, sessionJson } from '../../../lib/storage';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { toast } from '../../../ui/toast';
import { activateDireccion } from '../api/activate-direccion';
import { deleteDireccion } from '../api/delete-direccion';
import { DIRECCIONES_KEY, useDirecciones } from '../api/use-direcciones';

export default function DireccionesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const onExpired = useSessionExpiredHandler();
  const direcciones = useDirecciones();
  const [porEliminar, setPorEliminar] = useState<Direccion | null>(null);

  useEffect(() => {
    if (direcciones.error) onExpired(direcciones.error);
  }, [direcciones.error, onExpired]);

  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: DIRECCIONES_KEY }), session.reload()]);

  async function activar(d: Direccion) {
    if (!d.id) return toast.error('Direccion inválida: falta el ID');
    try {
      await activateDireccion(d.id);
      await refresh();
      toast.success('Dirección activada correctamente.');
    } catch (error) {
      if (!onExpired(error)) toast.error('No se pudo activar la dirección.');
    }
  }

  async function eliminar(d: Direccion) {
    setPorEliminar(null);
    const id = toast.loading('Eliminando dirección...');
    try {
      await deleteDireccion(d.id);
      await refresh();
      toast.success('Dirección eliminada correctamente.', { id });
    } catch (error) {
      toast.dismiss(id);
      if (!onExpired(error)) toast.error((error instanceof ApiError && (error.field('error') ?? error.field('detail'))) || 'Error al eliminar la dirección.');
    }
  }

  function modificar(d: Direccion) {
    sessionJson.set(STORAGE_KEYS.direccionEditar, d);
    navigate('/direcciones-editar');
  }

  return (
    <section>
      <div className="section-head">
        <h1>Mis direcciones</h1>
        <Link className="btn btn--primary" to="/direcciones-agregar">
          Agregar Dirección
        </Link>
      </div>
      {direcciones.isPending && <DelayedSpinner />}
      {direcciones.data?.length === 0 && <p className="panel empty">No tienes direcciones guardadas.</p>}
      <ul className="direcciones">
        {direcciones.data?.map((d) => (
          <li key={d.id} className={d.activa ? 'panel direccion direccion--activa' : 'panel direccion'}>
            <h2>
              {d.nombre_contacto} {d.activa && <span className="tag tag--ok">(Activa)</span>}
            </h2>
            <p>{d.direccion_envio}</p>
            <p>
              {d.comuna_nombre}, {d.region_nombre}
            </p>
            <p className="muted">
              {d.correo_contacto} · {d.telefono_contacto}
            </p>
            <div className="direccion__actions">
              <button type="button" className="btn btn--secondary" onClick={() => modificar(d)}>
                Modificar
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => setPorEliminar(d)}>
                Eliminar
              </button>
              <button type="button" className={d.activa ? 'btn btn--ok' : 'btn btn--ghost'} disabled={d.activa} onClick={() => activar(d)}>
                {d.activa ? 'Activada' : 'Desactivada'}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={porEliminar !== null}
        title="¿Deseas eliminar esta dirección?"
        message={porEliminar ? `${porEliminar.nombre_contacto} · ${porEliminar.direccion_envio}` : undefined}
        confirmLabel="Eliminar"
        cancelLabel="Cancelar"
        onConfirm={() => porEliminar && eliminar(porEliminar)}
        onCancel={() => setPorEliminar(null)}
      />
    </section>
  );
}
