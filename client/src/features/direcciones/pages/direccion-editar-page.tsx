import { Navigate } from 'react-router';
import { direccionEditar } from '../api/direccion-editar';
import { DireccionForm } from '../components/direccion-form';

/** Prefilled from the copy saved in session storage when Modificar was clicked (SPEC §2); a missing or tampered copy goes back to the list. */
export default function DireccionEditarPage() {
  const direccion = direccionEditar.get();
  if (!direccion) return <Navigate to="/direcciones" replace />;
  return (
    <section>
      <h1>Editar dirección</h1>
      <DireccionForm
        editingId={direccion.id}
        submitLabel="Guardar cambios"
        initial={{
          nombre_contacto: direccion.nombre_contacto,
          correo_contacto: direccion.correo_contacto,
          telefono_contacto: direccion.telefono_contacto,
          direccion_envio: direccion.direccion_envio,
          region: direccion.region ?? '',
          comuna: direccion.comuna ?? '',
        }}
      />
    </section>
  );
}
