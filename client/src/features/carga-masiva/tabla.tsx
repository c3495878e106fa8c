import { CATEGORIAS, FORMATOS, UNIDADES, UPLOAD_PAGE_SIZE } from '#common/constants';
import { cantidadEs } from '#common/format';
import { encabezadoRango, limiteDeRango, nombreRango } from '#common/constants';
import { type FilaCarga, NOMBRES_RANGO } from '#common/schemas/proveedor-carga';
import { type Column, DataTable } from '../../ui/data-table';
import { FechaInput } from '../../ui/fecha-input';
import type { Grupo } from './filas';

interface TablaCargaProps {
  grupo: Grupo;
  caption: string;
  filas: readonly FilaCarga[];
  onEditar(fila: FilaCarga, cambios: Partial<FilaCarga>): void;
  onQuitar(fila: FilaCarga): void;
}

/**
 * Names a row's controls for screen readers: its sheet row (what the file-errors popup says) and
 * its SKU. The row alone would do, but one SKU may fill several rows (one per stock lot).
 */
const nombreFila = (fila: FilaCarga) => `fila ${fila.id}${fila.sku.trim() ? `, SKU ${fila.sku.trim()}` : ''}`;

/** '' is no value: the cell was left empty (the server takes null the same way). */
const aNumero = (texto: string) => (texto.trim() === '' ? null : Number(texto));

function CeldaNumero({ label, value, onChange }: { label: string; value: number | null; onChange(value: number | null): void }) {
  return (
    <input
      className="carga__input carga__input--numero"
      type="number"
      inputMode="decimal"
      step="any"
      aria-label={label}
      value={value ?? ''}
      onChange={(e) => {
        const numero = aNumero(e.target.value);
        // A number input reports '' for what is not a number yet ('-', '1e'): the row holds no value until it is.
        if (numero === null || Number.isFinite(numero)) onChange(numero);
      }}
    />
  );
}

function CeldaTexto({ label, value, onChange, maxLength }: { label: string; value: string | null; onChange(value: string): void; maxLength: number }) {
  return <input className="carga__input" type="text" aria-label={label} value={value ?? ''} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} />;
}

function CeldaOpciones({
  label,
  value,
  opciones,
  onChange,
}: {
  label: string;
  value: string | null;
  opciones: readonly string[];
  onChange(value: string | null): void;
}) {
  // A value from the file outside the list stays visible, so the supplier sees what to change.
  const todas = value && !opciones.includes(value) ? [value, ...opciones] : opciones;
  return (
    <select className="carga__input" aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
      <option value="">Selecciona</option>
      {todas.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

/** docs/producto.md §3 producto_asignado: what the platform understood the new row to be, and how sure it is. */
function ProductoAsignado({ fila }: { fila: FilaCarga }) {
  const asignado = fila.producto_asignado;
  if (!asignado) return <span className="muted">Sin coincidencia</span>;
  return (
    <div className="carga__asignado">
      <strong>{asignado.nombre}</strong>
      <span className="carga__similitud">Similitud {Math.round(asignado.similitud * 100)} %</span>
      <span className="muted">{[asignado.marca, asignado.origen, ...asignado.formatos].filter(Boolean).join(' · ')}</span>
    </div>
  );
}

function Errores({ fila }: { fila: FilaCarga }) {
  if (fila.errores.length === 0) return <span className="carga__ok">Sin errores</span>;
  return (
    <ul className="carga__errores">
      {fila.errores.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/**
 * The lots of this row's date changed since the file was made (an order took stock);
 * the supplier picks which number stays. The server decides again when it is sent.
 */
function SeleccionStock({ fila, onElegir }: { fila: FilaCarga; onElegir(usar: 'archivo' | 'actual'): void }) {
  const conflicto = fila.conflicto;
  if (!conflicto) return null;
  const opcion = (usar: 'archivo' | 'actual', texto: string) => (
    <label className="carga__opcion-stock">
      <input type="radio" name={`stock-${fila.id}`} checked={conflicto.usar === usar} onChange={() => onElegir(usar)} />
      {texto}
    </label>
  );
  return (
    <fieldset className="carga__conflicto">
      <legend>Stock, {nombreFila(fila)}</legend>
      {opcion('archivo', `Usar el del archivo: ${cantidadEs(fila.stock ?? 0)}`)}
      {opcion('actual', `Mantener el actual: ${cantidadEs(conflicto.stock_actual)}`)}
    </fieldset>
  );
}

/**
 * One group of an upload (docs/producto.md §2 Bulk upload): paged at 10, sortable by name and SKU, every
 * value the supplier may correct is a cell input.
 */
export function TablaCarga({ grupo, caption, filas, onEditar, onQuitar }: TablaCargaProps) {
  const texto = (id: 'sku' | 'nombre', header: string, maxLength: number): Column<FilaCarga> => ({
    id,
    header,
    className: `carga__col-${id}`,
    sortValue: (f) => f[id],
    sortLabels: id === 'nombre' ? { asc: 'Nombre A-Z', desc: 'Nombre Z-A' } : { asc: 'SKU ascendente', desc: 'SKU descendente' },
    // Editable like the other values (a row with an empty SKU or name is fixed here),
    // except an existing row's SKU: it is what names the offer being updated.
    cell: (f) =>
      id === 'sku' && grupo === 'existentes' ? (
        f[id]
      ) : (
        <CeldaTexto label={`${header}, ${nombreFila(f)}`} value={f[id]} maxLength={maxLength} onChange={(v) => onEditar(f, { [id]: v })} />
      ),
  });
  const numero = (id: 'precio' | 'stock', header: string): Column<FilaCarga> => ({
    id,
    header,
    className: 'carga__col-numero',
    cell: (f) => <CeldaNumero label={`${header}, ${nombreFila(f)}`} value={f[id]} onChange={(v) => onEditar(f, { [id]: v })} />,
  });
  // A tier in the unit of the rows ('Desde 100 cajas'; both when they mix), each cell in its row's.
  const rango = (nombre: string): Column<FilaCarga> => ({
    id: `rango:${nombre}`,
    header: encabezadoRango(
      limiteDeRango(nombre)!,
      filas.map((f) => f.unidad),
    ),
    className: 'carga__col-numero',
    cell: (f) => (
      <CeldaNumero
        label={`${nombreRango(limiteDeRango(nombre)!, f.unidad ?? 'KILO')}, ${nombreFila(f)}`}
        value={f.rangos[nombre] ?? null}
        onChange={(v) => onEditar(f, { rangos: { ...f.rangos, [nombre]: v } })}
      />
    ),
  });
  const opciones = (id: 'categoria' | 'formato' | 'unidad', header: string, lista: readonly string[]): Column<FilaCarga> => ({
    id,
    header,
    className: 'carga__col-opcion',
    cell: (f) => <CeldaOpciones label={`${header}, ${nombreFila(f)}`} value={f[id]} opciones={lista} onChange={(v) => onEditar(f, { [id]: v })} />,
  });
  const libre = (id: 'marca' | 'origen', header: string): Column<FilaCarga> => ({
    id,
    header,
    className: 'carga__col-opcion',
    cell: (f) => <CeldaTexto label={`${header}, ${nombreFila(f)}`} value={f[id]} maxLength={100} onChange={(v) => onEditar(f, { [id]: v || null })} />,
  });

  const columns: Column<FilaCarga>[] = [
    // The sheet's row number, as 'Errores en el archivo Excel' names it; a row added here takes the next one.
    {
      id: 'fila',
      header: 'Fila',
      className: 'carga__col-fila',
      cell: (f) => (
        <>
          {f.id}
          {f.agregadoManual && <span className="tag carga__tag-nueva">Nueva</span>}
        </>
      ),
    },
    texto('sku', 'SKU', 60),
    texto('nombre', 'Nombre', 200),
    ...(grupo === 'nuevos'
      ? [{ id: 'asignado', header: 'Producto asignado', className: 'carga__col-asignado', cell: (f: FilaCarga) => <ProductoAsignado fila={f} /> }]
      : []),
    // Before the values: what to fix is in view without scrolling the wide table sideways.
    {
      id: 'errores',
      header: 'Errores',
      className: 'carga__col-errores',
      cell: (f) => (
        <>
          <Errores fila={f} />
          <SeleccionStock fila={f} onElegir={(usar) => f.conflicto && onEditar(f, { conflicto: { ...f.conflicto, usar } })} />
        </>
      ),
    },
    numero('precio', 'Precio'),
    ...NOMBRES_RANGO.map(rango),
    numero('stock', 'Stock'),
    {
      id: 'fecha_vencimiento',
      header: 'Fecha vencimiento',
      className: 'carga__col-fecha',
      cell: (f) => (
        <FechaInput
          compacta
          className="carga__input"
          aria-label={`Fecha vencimiento, ${nombreFila(f)}`}
          calendarioLabel={`Calendario, ${nombreFila(f)}`}
          value={f.fecha_vencimiento ?? ''}
          onChange={(valor) => onEditar(f, { fecha_vencimiento: valor || null })}
        />
      ),
    },
    // Only an exclusive product is described by the supplier (the others are the catalogue's), with
    // docs/producto.md §9's exclusive-product options: the ones the server accepts.
    ...(grupo === 'exclusivos'
      ? [
          opciones('categoria', 'Categoría', CATEGORIAS),
          libre('marca', 'Marca'),
          libre('origen', 'Origen'),
          opciones('formato', 'Formato', FORMATOS),
          opciones('unidad', 'Unidad', UNIDADES),
        ]
      : []),
    {
      id: 'acciones',
      header: 'Acciones',
      className: 'data-table__full carga__col-acciones',
      cell: (f) => (
        <button type="button" className="btn btn--ghost" aria-label={`Quitar ${nombreFila(f)}`} onClick={() => onQuitar(f)}>
          Quitar
        </button>
      ),
    },
  ];

  return (
    <div className="carga__tabla">
      <DataTable
        caption={caption}
        rows={filas}
        columns={columns}
        rowKey={(f) => f.id}
        pageSize={UPLOAD_PAGE_SIZE}
        rowClassName={(f) => (f.errores.length > 0 ? 'carga__fila--error' : undefined)}
        empty={<p>No quedan productos en esta sección.</p>}
      />
    </div>
  );
}
