import { Combobox, type ComboboxOption } from '../../../ui/combobox';
import { useCajaBuscarProductos } from '../../../lib/buscar-productos';

interface Props {
  label: string;
  /** The row's category, when chosen: the box then lists its products (`productos`) as the other pickers do. */
  categoria: number | null;
  productos: readonly { id: number; nombre: string; marca: { nombre: string }; origen: { descripcion: string } }[];
  value: number | null;
  onChange(value: string | null): void;
  invalid: boolean;
  errorId?: string;
}

/**
 * The product of a /cotizar row (docs/producto.md §16). Without a category it searches the whole
 * catalogue by name as the buyer types (2+ characters, through the server: accents, case and word
 * order aside), each option with its category and unit; choosing one fills the category, origin
 * and brand. With a category chosen (the filter stays, optional), it lists that category's products,
 * narrowed by origin, brand and what is typed, as before.
 */
export function CajaProducto({ label, categoria, productos, value, onChange, invalid, errorId }: Props) {
  const buscando = categoria === null;
  const caja = useCajaBuscarProductos({ activa: buscando });

  const comun = {
    label,
    value: value === null ? null : String(value),
    onChange,
    placeholder: 'Escribe para buscar',
    invalid,
    errorId,
  };
  // One Combobox in both modes (the same element): choosing a result fills the category, and the focus stays in the field.
  if (!buscando) {
    const options: ComboboxOption[] = productos.map((p) => ({ value: String(p.id), label: p.nombre, hint: `${p.marca.nombre} · ${p.origen.descripcion}` }));
    return <Combobox {...comun} options={options} />;
  }
  return <Combobox {...comun} {...caja.combobox} />;
}
