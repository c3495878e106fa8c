import { Link, useRouteError } from 'react-router';

/**
 * What a screen shows instead of React Router's English 'Unexpected Application Error!' when it
 * fails to render, or when its code can no longer be loaded (a new version was deployed while the
 * tab was open): the top bar stays, and a reload usually fixes it.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <section className="page page--center" role="alert">
      <h1>Algo salió mal</h1>
      <p>No pudimos mostrar esta página. Recarga para intentarlo de nuevo; lo que ya guardaste no se perdió.</p>
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Recargar
        </button>
        <Link className="btn" to="/">
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}
