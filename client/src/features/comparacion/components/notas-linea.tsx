import type { ResultadoComparacion } from '#common/schemas/comparacion';
import type { UltimoPrecio } from '#common/ultima-vez';
import { mensajeFaltante } from './seleccion';
import { cambioPrecio, textoUltimaVez } from './ultima-vez';

/** The next-tier nudge of a product, while its choice is the server's and nothing is missing. */
function sugerenciaDe(r: ResultadoComparacion, mensaje: string | null) {
  const s = r.sugerencia;
  return s && !mensaje && r.opciones_seleccionadas.some((o) => o.proveedor_producto_id === s.proveedor_producto_id) ? s.mensaje : null;
}

/**
 * Under a product's first line: its shortfall now and the next-tier nudge; with `avisos`, why some
 * offers did not count too (the compact line keeps those in its details instead).
 */
export function Notas({ r, avisos = true }: { r: ResultadoComparacion; avisos?: boolean }) {
  const mensaje = mensajeFaltante(r);
  const sugerencia = sugerenciaDe(r, mensaje);
  return (
    <>
      {mensaje && <p className="resultado__faltante">{mensaje}</p>}
      {avisos && <PorQueNoOtros avisos={r.avisos} />}
      {sugerencia && (
        <p className="resultado__sugerencia">
          <strong>Sugerencia:</strong> {sugerencia}
        </p>
      )}
    </>
  );
}

/** Why some offers of a product did not count: one reason as it is, several folded (they buried the rows). */
export function PorQueNoOtros({ avisos }: { avisos: readonly string[] }) {
  if (avisos.length > 1)
    return (
      <details className="resultado__avisos">
        <summary className="muted">Por qué no otros proveedores ({avisos.length})</summary>
        <Avisos avisos={avisos} />
      </details>
    );
  return <Avisos avisos={avisos} />;
}

const Avisos = ({ avisos }: { avisos: readonly string[] }) =>
  avisos.map((a) => (
    <p key={a} className="muted resultado__aviso-linea">
      {a}
    </p>
  ));

/** Beside a price: what the account paid last time, and how today's compares ('La última vez: $4.990 el 12 de noviembre · ▲ 3 %'). */
export function UltimaVez({ ultimo, precio, hoy }: { ultimo: UltimoPrecio; precio: number; hoy: string }) {
  const cambio = cambioPrecio(precio, ultimo.precio);
  return (
    <span className="resultado__ultima-vez">
      {textoUltimaVez(ultimo, hoy)} {/* The separator wraps with the change, never alone at a line's end. */}
      <span className="resultado__cambio">
        ·{' '}
        <span className={`resultado__cambio--${cambio.sentido}`}>
          {cambio.flecha && <span aria-hidden="true">{cambio.flecha} </span>}
          {cambio.texto}
          {cambio.lectura && <span className="visually-hidden"> {cambio.lectura}</span>}
        </span>
      </span>
    </span>
  );
}
