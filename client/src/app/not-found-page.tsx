import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <section className="page page--center">
      <h1>Página no encontrada</h1>
      <p>La dirección que buscas no existe o fue movida.</p>
      <Link className="btn btn--primary" to="/">
        Volver al inicio
      </Link>
    </section>
  );
}
