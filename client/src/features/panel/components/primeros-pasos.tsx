import { Link } from 'react-router';
import { type Onboarding, PRODUCTOS_NO_VISIBLES } from '#common/schemas/panel';

/** The three steps of a supplier's start, in their order (docs/producto.md §17). */
const PASOS: { clave: keyof Omit<Onboarding, 'visible'>; nombre: string; para: string; to: string }[] = [
  { clave: 'empresa', nombre: 'Empresa', para: 'Razón social, RUT y el nombre que verán los compradores.', to: '/mi-empresa' },
  { clave: 'condiciones', nombre: 'Condiciones de despacho', para: 'Dónde y qué días despachas, y cuánto cuesta.', to: '/mis-condiciones' },
  { clave: 'productos', nombre: 'Productos', para: 'Tu primer producto, con su precio y su stock.', to: '/mis-productos-proovedor' },
];

/** True once the three steps are done: the checklist then leaves the panel. */
export const isOnboardingCompleto = (o: Onboarding) => o.empresa && o.condiciones && o.productos;

/**
 * The checklist a new supplier sees first on its home, until the three steps are done, and while its
 * offers are not compared, why (PRODUCTOS_NO_VISIBLES).
 */
export function PrimerosPasos({ onboarding }: { onboarding: Onboarding }) {
  const listos = PASOS.filter((p) => onboarding[p.clave]).length;
  return (
    <section className="panel primeros-pasos" aria-labelledby="primeros-pasos-titulo">
      <div className="primeros-pasos__cabeza">
        <h2 id="primeros-pasos-titulo">Primeros pasos</h2>
        <p className="muted">{listos} de 3 listos</p>
      </div>
      <p>Completa estos tres pasos para vender en Abastece.</p>
      {!onboarding.visible && (
        <p className="primeros-pasos__aviso" role="status">
          {PRODUCTOS_NO_VISIBLES}
        </p>
      )}
      <ol className="primeros-pasos__lista">
        {PASOS.map((p, i) => {
          const listo = onboarding[p.clave];
          return (
            <li key={p.clave} className={listo ? 'primeros-pasos__paso primeros-pasos__paso--listo' : 'primeros-pasos__paso'}>
              <span className="primeros-pasos__marca" aria-hidden="true">
                {listo ? '✓' : i + 1}
              </span>
              <div>
                <Link to={p.to}>{p.nombre}</Link>
                <p className="muted">{p.para}</p>
              </div>
              <span className={listo ? 'tag tag--ok' : 'tag primeros-pasos__pendiente'}>{listo ? 'Listo' : 'Pendiente'}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
