/** docs/producto.md §16 'Mis listas'. (Placeholder: the lists' engineer builds it.) */
export default function ListasPage() {
  return (
    <section className="page">
      <h1>Mis listas</h1>
    </section>
  );
}
