/** Issue #19 (being built). */
export default function Page() {
  return <section className="page" />;
}
