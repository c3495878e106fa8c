import { useEffect, useRef, useState } from 'react';
import { LOADING_ROTATION_MS } from '#common/constants';

/** docs/producto.md §2 Summary: the three messages of the loading animation, in this order. */
export const MENSAJES_COMPARANDO = ['Buscando los mejores precios', 'Analizando opciones disponibles', 'Seleccionando los productos ideales'] as const;

/** The comparison's loading screen: a spinner and the next message every 2 s (docs/producto.md §9), round and round. */
export function MensajesComparando() {
  const [i, setI] = useState(0);
  const titulo = useRef<HTMLHeadingElement>(null);
  // The button was at the bottom of the summary: the loading screen starts at its title, and screen readers there too.
  useEffect(() => {
    document.documentElement.scrollTop = 0;
    titulo.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    const timer = setInterval(() => setI((n) => (n + 1) % MENSAJES_COMPARANDO.length), LOADING_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="page">
      <h1 ref={titulo} tabIndex={-1} className="resumen__titulo-cargando">
        Generando tu cotización
      </h1>
      <div className="panel resumen__cargando" role="status" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <p className="resumen__mensaje">{MENSAJES_COMPARANDO[i]}</p>
      </div>
    </section>
  );
}
