/** /mi-empresa: the supplier's company data (docs/decisions/024). */
export default function MiEmpresaPage() {
  return <h1>Mi empresa</h1>;
}
