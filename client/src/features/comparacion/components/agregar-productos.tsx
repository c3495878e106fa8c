import { useNavigate } from 'react-router';
import { EN_CURSO } from '../../../lib/flujo-cotizacion/en-curso';

/**
 * The delivery nudges, one click from acting on: the request's products, to add some (a new
 * comparison follows, as after 'Modificar productos'; the selection here is not kept).
 */
export function AgregarProductos({ describedBy }: { describedBy?: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn--secondary resultado__agregar"
      aria-describedby={describedBy}
      onClick={() => navigate('/cotizar', { state: EN_CURSO })}
    >
      Agregar productos
    </button>
  );
}
