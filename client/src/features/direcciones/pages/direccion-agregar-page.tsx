import { DireccionForm } from '../components/direccion-form';

export default function DireccionAgregarPage() {
  return (
    <section>
      <h1>Agregar dirección</h1>
      <DireccionForm submitLabel="Guardar dirección" />
    </section>
  );
}
