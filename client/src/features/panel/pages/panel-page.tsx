/** /panel: the supplier's home, what to do today and where its prices lose (docs/decisions/025). */
export default function PanelPage() {
  return <h1>Resumen</h1>;
}
