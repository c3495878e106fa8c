import { Link } from 'react-router';
import { PRODUCTOS_NO_VISIBLES } from '#common/schemas/panel';
import { useOnboarding } from '../../../lib/panel';
import './aviso-visibilidad.css';

// The two steps the sentence names, each a link while it is missing (docs/decisions/024, 'Visibilidad').
const EMPRESA = 'los datos de tu empresa';
const CONDICIONES = 'tus condiciones de despacho';
const [ANTES, RESTO = ''] = PRODUCTOS_NO_VISIBLES.split(EMPRESA);
const [ENTRE, DESPUES] = RESTO.split(CONDICIONES);

/**
 * Above the supplier's product list: why buyers do not see its offers yet (its company data or its
 * delivery terms not saved), linking what is missing. Nothing while it loads, fails, or once it is set up.
 */
export function AvisoVisibilidad() {
  const onboarding = useOnboarding();
  if (!onboarding.data || onboarding.data.visible) return null;
  const { empresa, condiciones } = onboarding.data;
  return (
    <p className="panel aviso-visibilidad" role="status">
      {ANTES}
      {empresa ? EMPRESA : <Link to="/mi-empresa">{EMPRESA}</Link>}
      {ENTRE}
      {condiciones ? CONDICIONES : <Link to="/mis-condiciones">{CONDICIONES}</Link>}
      {DESPUES}
    </p>
  );
}
