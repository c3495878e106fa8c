import { useId, useState } from 'react';
import { unidadCorta } from '#common/format';
import { MIN_BUSQUEDA } from '#common/buscar-productos';
import type { ProductoEncontrado } from '#common/schemas/catalogo';
import { useCajaBuscarProductos } from '../../../lib/buscar-productos';
import { Combobox } from '../../../ui/combobox';
import { FieldShell, TextField } from '../../../ui/fields';
import { errorCantidad } from './cantidad';

interface AgregarProductoProps {
  /** Products the list already has: found, but not offered again. */
  yaEstan: ReadonlySet<number>;
  /** Adds the product; resolves with the server's message when it refused it (the category's minimum). */
  onAgregar(producto: ProductoEncontrado, cantidad: number): Promise<string | undefined> | undefined;
  busy?: boolean;
}

/**
 * Finds any product a buyer can quote by typing part of its name (GET /api/productos/buscar/), in
 * /cotizar's product box (ui/combobox over lib/buscar-productos.ts), then asks its quantity: the way a
 * list gets its products (docs/producto.md §16).
 */
export function AgregarProducto({ yaEstan, onAgregar, busy }: AgregarProductoProps) {
  const [elegido, setElegido] = useState<ProductoEncontrado | null>(null);
  const [cantidad, setCantidad] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Back from the quantity step (added, or 'Elegir otro'), the search box takes the focus for the next product.
  const [volviendo, setVolviendo] = useState(false);
  const cajaId = useId();
  const caja = useCajaBuscarProductos({ disabled: { ids: yaEstan, reason: 'ya está en la lista' } });

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
    setCantidad('');
    setVolviendo(true);
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
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setElegido(null);
              setVolviendo(true);
            }}
          >
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
      <FieldShell id={cajaId} label="Agregar un producto" hint={`Escribe al menos ${MIN_BUSQUEDA} letras de su nombre, por ejemplo «lomo vet».`}>
        <Combobox
          id={cajaId}
          label="Agregar un producto"
          value={null}
          onChange={(value) => {
            const producto = caja.producto(value);
            if (!producto) return;
            setElegido(producto);
            setError(undefined);
          }}
          placeholder="Buscar producto"
          autoFocus={volviendo}
          {...caja.combobox}
        />
      </FieldShell>
    </div>
  );
}
