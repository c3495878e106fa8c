import { useNavigate } from 'react-router';
import { toast } from '../../ui/toast';
import type { GuardarComoListaProps } from './guardar-como-lista';
import { useCreateLista } from './listas-api';
import { NombreListaModal } from './nombre-lista';

/** The name asked by 'Guardar como lista'; on success, a toast with the way to /listas. */
export default function GuardarListaModal({ productos, onClose }: GuardarComoListaProps & { onClose(): void }) {
  const navigate = useNavigate();
  const crear = useCreateLista();
  return (
    <NombreListaModal
      title="Guardar como lista"
      description={`${productos.length === 1 ? 'Un producto con su cantidad' : `${productos.length} productos con sus cantidades`}, para cotizar de nuevo cuando quieras.`}
      submitLabel="Guardar lista"
      busy={crear.isPending}
      onClose={onClose}
      onGuardar={(nombre, showError) =>
        crear.mutate(
          { nombre, productos: productos.map((p) => ({ producto: p.producto, cantidad: p.cantidad })) },
          {
            onSuccess: (lista) => {
              toast.success(`Lista «${lista.nombre}» guardada`, { action: { label: 'Ver mis listas', onClick: () => navigate('/listas') } });
              onClose();
            },
            onError: showError,
          },
        )
      }
    />
  );
}
