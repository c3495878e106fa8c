import { Navigate } from 'react-router';
import type { Direccion } from '../../../../../common/schemas/direcciones';
import { STORAGE_KEYS, sessionJson } from '../../../lib/storage';
import { DireccionForm } from '../components/direccion-form';
import { useGuardarDireccion } from '../components/use-guardar-direccion';

/** Prefilled from the copy saved in session storage when Modificar was clicked (SPEC §2). */
export default function DireccionEditarPage() {
  const direccion = sessionJson.get<Direccion>(STORAGE_KEYS.direccionEditar);
  const guardar = useGuardarDireccion(direccion?.id);
  if (!direccion?.id) return <Navigate to="/direcciones" replace />;
  return (
    <section>
      <h1>Editar dirección</h1>
      <DireccionForm
        submitLabel="Guardar cambios"
        initial={{
          nombre_contacto: direccion.nombre_contacto,
          correo_contacto: direccion.correo_contacto,
          telefono_contacto: direccion.telefono_contacto,
          direccion_envio: direccion.direccion_envio,
          region: direccion.region ?? '',
          comuna: direccion.comuna ?? '',
        }}
        onSubmit={guardar}
      />
    </section>
  );
}
