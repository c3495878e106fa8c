import { Modal } from '../../ui/modal';

interface ErroresModalProps {
  /** docs/producto.md §2: 'Errores en el archivo Excel' or 'Errores al cargar los Datos'. */
  titulo: string;
  /** One line per row ('Fila N: …', 'SKU x: …'); the popup is closed when there are none. */
  lineas: readonly string[];
  onClose(): void;
}

/** The upload's two error popups: the rows of the file, or the rows a confirmation refused. */
export function ErroresModal({ titulo, lineas, onClose }: ErroresModalProps) {
  return (
    <Modal
      open={lineas.length > 0}
      title={titulo}
      onClose={onClose}
      className="modal--ancho"
      footer={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Cerrar
        </button>
      }
    >
      <p className="muted">Corrige estos productos en la tabla o quítalos; los demás se pueden confirmar.</p>
      {/* A long list scrolls inside the popup: focusable, so the keyboard scrolls it too (WCAG 2.1.1, axe scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard */}
      <section className="carga__lista-errores" aria-label={titulo} tabIndex={0}>
        <ul>
          {lineas.map((linea, i) => (
            // Two rows may read the same (a SKU repeated in the file).
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole each time the popup opens
            <li key={i}>{linea}</li>
          ))}
        </ul>
      </section>
    </Modal>
  );
}
