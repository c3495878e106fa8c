import { useState } from 'react';
import { unidadCorta } from '#common/format';
import { MIN_BUSQUEDA } from '#common/buscar-productos';
import type { ProductoEncontrado } from '#common/schemas/catalogo';
import { TextField } from '../../../ui/fields';
import { useBuscarProductos } from '../../../lib/buscar-productos';
import { errorCantidad } from './cantidad';

interface AgregarProductoProps {
  /** Products the list already has: found, but not offered again. */
  yaEstan: ReadonlySet<number>;
  /** Adds the product; resolves with the server's message when it refused it (the category's minimum). */
  onAgregar(producto: ProductoEncontrado, cantidad: number): Promise<string | undefined> | undefined;
  busy?: boolean;
}

/**
 * Finds any product a buyer can quote by typing part of its name (GET /api/productos/buscar/),
 * then asks its quantity: the way a list gets its products (docs/producto.md §16).
 */
export function AgregarProducto({ yaEstan, onAgregar, busy }: AgregarProductoProps) {
  const [texto, setTexto] = useState('');
  const [elegido, setElegido] = useState<ProductoEncontrado | null>(null);
  const [cantidad, setCantidad] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busqueda = useBuscarProductos(elegido ? '' : texto);
  const buscando = !elegido && texto.trim().length >= MIN_BUSQUEDA;
  const encontrados = buscando ? (busqueda.data ?? []) : [];

  async function agregar(e: React.FormEvent) {
    e.preventDefault();
    if (!elegido) return;
    const problema = errorCantidad(cantidad);
    setError(problema);
    if (problema) return;
    const rechazo = await onAgregar(elegido, Number(cantidad));
    setError(rechazo);
    if (rechazo) return;
    setElegido(null);
    setTexto('');
    setCantidad('');
  }

  if (elegido)
    return (
      <form className="agregar-producto" onSubmit={agregar} noValidate>
        <p className="agregar-producto__elegido">
          <strong>{elegido.nombre}</strong> <span className="muted">· {elegido.categoria}</span>
        </p>
        <TextField
          label={`Cantidad (${unidadCorta(elegido.unidad, 2)})`}
          type="text"
          inputMode="numeric"
          value={cantidad}
          onChange={(e) => setCantidad(e.target.value)}
          error={error}
          autoFocus
        />
        <div className="agregar-producto__acciones">
          <button type="button" className="btn btn--ghost" onClick={() => setElegido(null)}>
            Elegir otro
          </button>
          <button type="submit" className="btn btn--secondary" disabled={busy} aria-busy={busy || undefined}>
            Agregar a la lista
          </button>
        </div>
      </form>
    );

  return (
    <div className="agregar-producto">
      <TextField
        label="Agregar un producto"
        hint="Escribe al menos 2 letras de su nombre, por ejemplo «lomo vet»."
        type="search"
        autoComplete="off"
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        placeholder="Buscar producto"
      />
      {buscando && (
        <>
          <p className="visually-hidden" aria-live="polite">
            {busqueda.isFetching ? '' : encontrados.length === 0 ? 'Ningún producto se llama así.' : `${encontrados.length} productos encontrados.`}
          </p>
          {!busqueda.isFetching && busqueda.isSuccess && encontrados.length === 0 && <p className="muted">Ningún producto se llama así.</p>}
          {busqueda.isError && <p className="field__error">No se pudo buscar. Intenta de nuevo.</p>}
          {encontrados.length > 0 && (
            <ul className="agregar-producto__resultados" aria-label="Productos encontrados">
              {encontrados.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="agregar-producto__resultado"
                    disabled={yaEstan.has(p.id)}
                    onClick={() => {
                      setElegido(p);
                      setError(undefined);
                    }}
                  >
                    <strong>{p.nombre}</strong>
                    <span className="muted">
                      {p.categoria} · {unidadCorta(p.unidad, 2)}
                      {yaEstan.has(p.id) ? ' · ya está en la lista' : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
