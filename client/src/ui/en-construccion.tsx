/** Placeholder of a route whose screen a later issue builds; the route and its guard already work. */
export function EnConstruccion({ titulo }: { titulo: string }) {
  return (
    <section className="page">
      <h1>{titulo}</h1>
      <div className="panel panel--info">
        <p>Esta pantalla está en construcción. Muy pronto podrás usarla aquí.</p>
      </div>
    </section>
  );
}
