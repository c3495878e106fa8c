import { DireccionForm } from '../components/direccion-form';
import { useGuardarDireccion } from '../components/use-guardar-direccion';

export default function DireccionAgregarPage() {
  const guardar = useGuardarDireccion();
  return (
    <section>
      <h1>Agregar dirección</h1>
      <DireccionForm submitLabel="Guardar dirección" onSubmit={guardar} />
    </section>
  );
}
