interface AvisosResultadoProps {
  /** Products of the request with no offer with stock (the 'Productos no encontrados' modal lists them). */
  noEncontrados: number;
  /** Products the catalogue could not identify (the 'Productos no identificados' modal). */
  noIdentificados: number;
  /** Suppliers left out and why; a product none of whose offers counted, why. */
  excluidos: readonly string[];
  /** Folded until tapped: on a phone, eleven bullets before the first product buried it (docs/decisions/018, 'En el teléfono'). */
  plegados: boolean;
  abrir(tipo: 'no-encontrados' | 'no-identificados'): void;
}

/** The count of notices as the fold's one line says it: '1 aviso', '3 avisos'. */
export const textoAvisos = (n: number) => (n === 1 ? '1 aviso' : `${n} avisos`);

/**
 * What the buyer should know before the first product (products without offers, suppliers left
 * out), as one fold with its count: a native <details>, so a tap or Enter opens it and a screen
 * reader reads all of it. Open from the start where there is room (above 480 px).
 */
export function AvisosResultado({ noEncontrados, noIdentificados, excluidos, plegados, abrir }: AvisosResultadoProps) {
  const sinOfertas = noEncontrados > 0 || noIdentificados > 0;
  const cuenta = excluidos.length + (sinOfertas ? 1 : 0);
  if (cuenta === 0) return null;
  return (
    <details className="panel resultado__avisos-generales" open={!plegados}>
      <summary>{textoAvisos(cuenta)}</summary>
      {sinOfertas && (
        <div className="resultado__aviso" role="status">
          <p>Algunos productos de tu solicitud no tienen ofertas disponibles.</p>
          <div className="resultado__botones">
            {noEncontrados > 0 && (
              <button type="button" className="btn btn--ghost" onClick={() => abrir('no-encontrados')}>
                Productos no encontrados ({noEncontrados})
              </button>
            )}
            {noIdentificados > 0 && (
              <button type="button" className="btn btn--ghost" onClick={() => abrir('no-identificados')}>
                Productos no identificados ({noIdentificados})
              </button>
            )}
          </div>
        </div>
      )}
      {excluidos.length > 0 && (
        <div role="status">
          <ul className="resultado__estado">
            {excluidos.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
