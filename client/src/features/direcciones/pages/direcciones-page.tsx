import { formatTelefono } from '#common/chile/telefono';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Direccion } from '#common/schemas/direcciones';
import { apiErrorMessage } from '../../../lib/api-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { direccionEditar, rutaEditarDireccion } from '../api/direccion-editar';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { type Column, DataTable } from '../../../ui/data-table';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useActivateDireccion } from '../api/activate-direccion';
import { useDeleteDireccion } from '../api/delete-direccion';
import { useDirecciones } from '../api/use-direcciones';
import './direcciones.css';

const PAGE_SIZE = 10;

export default function DireccionesPage() {
  const onExpired = useSessionExpiredHandler();
  const direcciones = useDirecciones();
  const activate = useActivateDireccion();
  const remove = useDeleteDireccion();
  const [porEliminar, setPorEliminar] = useState<Direccion | null>(null);

  useEffect(() => {
    if (direcciones.error) onExpired(direcciones.error);
  }, [direcciones.error, onExpired]);

  function activar(d: Direccion) {
    if (!d.id) return toast.error('Dirección inválida: falta el ID');
    activate.mutate(d.id, {
      onSuccess: () => toast.success('Dirección activada correctamente.'),
      onError: (error) => onExpired(error) || toast.error('No se pudo activar la dirección.'),
    });
  }

  function eliminar(d: Direccion) {
    setPorEliminar(null);
    const id = toast.loading('Eliminando dirección...');
    remove.mutate(d.id, {
      onSuccess: () => toast.success('Dirección eliminada correctamente.', { id }),
      onError: (error) => {
        toast.dismiss(id);
        // docs/producto.md §8: the server's error field, or the screen's message.
        if (!onExpired(error)) toast.error(apiErrorMessage(error, 'Error al eliminar la dirección.'));
      },
    });
  }

  // docs/producto.md §2: contact name, address, commune, region, e-mail and phone; the active one tagged '(Activa)'.
  const columns: Column<Direccion>[] = [
    {
      id: 'contacto',
      header: 'Contacto',
      sortValue: (d) => d.nombre_contacto,
      cell: (d) => (
        <>
          <strong>{d.nombre_contacto}</strong> {d.activa && <span className="tag tag--ok">(Activa)</span>}
          <div className="muted">
            {d.correo_contacto} · {formatTelefono(d.telefono_contacto)}
          </div>
        </>
      ),
    },
    { id: 'direccion', header: 'Dirección', sortValue: (d) => d.direccion_envio, cell: (d) => d.direccion_envio },
    { id: 'comuna', header: 'Comuna', sortValue: (d) => d.comuna_nombre, cell: (d) => d.comuna_nombre },
    { id: 'region', header: 'Región', sortValue: (d) => d.region_nombre, cell: (d) => d.region_nombre },
    {
      id: 'acciones',
      header: 'Acciones',
      className: 'data-table__full',
      cell: (d) => (
        <div className="direccion__actions">
          {/* A link: it opens in a new tab too, where the URL's id loads the address. */}
          <Link className="btn btn--secondary" to={rutaEditarDireccion(d.id)} onClick={() => direccionEditar.set(d)}>
            Modificar
          </Link>
          <button type="button" className="btn btn--ghost" onClick={() => setPorEliminar(d)}>
            Eliminar
          </button>
          {/* the product's 'Activada' / 'Desactivada' say what the address is; the button says what it does (docs/decisions/017). */}
          {d.activa ? (
            <span className="direccion__activa">Activada</span>
          ) : (
            <>
              <span className="direccion__inactiva">Desactivada</span>
              <SubmitButton
                type="button"
                className="btn btn--ghost"
                busy={activate.isPending && activate.variables === d.id}
                busyLabel="Activando..."
                onClick={() => activar(d)}
              >
                Activar
              </SubmitButton>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <section>
      <div className="section-head">
        <h1>Mis direcciones</h1>
        <Link className="btn btn--primary" to="/direcciones-agregar">
          Agregar Dirección
        </Link>
      </div>
      {direcciones.isPending && <DelayedSpinner />}
      {direcciones.data && (
        <DataTable
          caption="Mis direcciones"
          rows={direcciones.data}
          columns={columns}
          rowKey={(d) => d.id}
          rowClassName={(d) => (d.activa ? 'direccion direccion--activa' : 'direccion')}
          pageSize={PAGE_SIZE}
          empty="No tienes direcciones guardadas."
        />
      )}
      <ConfirmDialog
        open={porEliminar !== null}
        variant="danger"
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
