import { useEffect, useState } from 'react';
import { LOADING_ROTATION_MS } from '../../../../../common/constants';

/** SPEC §2 Summary: the three messages of the loading animation, in this order. */
export const MENSAJES_COMPARANDO = ['Buscando los mejores precios', 'Analizando opciones disponibles', 'Seleccionando los productos ideales'] as const;

/** The comparison's loading screen: a spinner and the next message every 2 s (SPEC §9), round and round. */
export function MensajesComparando() {
  const [i, setI] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setI((n) => (n + 1) % MENSAJES_COMPARANDO.length), LOADING_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="page">
      <div className="panel resumen__cargando" role="status" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <p className="resumen__mensaje">{MENSAJES_COMPARANDO[i]}</p>
      </div>
    </section>
  );
}
