import { mensajesComparacion } from '#common/schemas/comparacion';
import { formatClp, formatDiaLargo } from '#common/format';
import { type Column, DataTable } from '../../../ui/data-table';
import type { AccionesLinea } from './acciones-linea';
import { AgregarProductos } from './agregar-productos';
import { LineaCompacta } from './linea-compacta';
import type { BloqueProveedor, Fila } from './seleccion';

interface BloqueProveedorProps {
  bloque: BloqueProveedor;
  /** The table's columns; on a phone (`compacta`) its lines are compact ones instead. */
  columnas: Column<Fila>[];
  compacta: boolean;
  acciones: AccionesLinea;
  hoy: string;
  sugerencias: string[];
}

/**
 * One supplier of the choice: its heading (name and delivery day, said once for all its lines), its
 * lines, its part, its delivery fee and whether it reaches its minimum.
 */
export function BloqueProveedorSeccion({ bloque: b, columnas, compacta, acciones, hoy, sugerencias }: BloqueProveedorProps) {
  const titulo = `proveedor-${b.proveedor_id}`;
  const despacho =
    b.costo_despacho === 0
      ? 'Despacho gratis'
      : `Despacho ${formatClp(b.costo_despacho)}${b.despacho_gratis_desde !== null ? `, gratis desde ${formatClp(b.despacho_gratis_desde)}` : ''}`;
  return (
    <section className="resultado__proveedor" aria-labelledby={titulo}>
      <header className="resultado__proveedor-cabecera">
        <h2 id={titulo}>{b.proveedor}</h2>
        <p className="muted">Entrega el {formatDiaLargo(b.fecha_entrega)}</p>
      </header>
      {compacta ? (
        <ul className="resultado__lineas" aria-label={`Opciones seleccionadas: ${b.proveedor}`}>
          {b.filas.map((f) => (
            <LineaCompacta key={f.o.opcion_id} fila={f} acciones={acciones} hoy={hoy} />
          ))}
        </ul>
      ) : (
        <div className="resultado__tabla">
          <DataTable caption={`Opciones seleccionadas: ${b.proveedor}`} rows={b.filas} columns={columnas} rowKey={(f) => f.o.opcion_id} empty={null} />
        </div>
      )}
      {b.repartos.map((m) => (
        <p key={m} className="muted resultado__reparto">
          {m}
        </p>
      ))}
      <div className="resultado__pie">
        <p>
          Subtotal <strong>{formatClp(b.subtotal)}</strong>
        </p>
        <p>{despacho}</p>
        {b.monto_minimo === 0 ? (
          <p className="muted">Sin pedido mínimo</p>
        ) : b.falta_minimo > 0 ? (
          <p className="resultado__minimo resultado__minimo--falta">{mensajesComparacion.bajoMinimo(b.proveedor, b.falta_minimo, b.monto_minimo)}</p>
        ) : (
          <p className="resultado__minimo">Pedido mínimo {formatClp(b.monto_minimo)} alcanzado</p>
        )}
      </div>
      {sugerencias.map((m, i) => (
        <div key={m} className="resultado__sugerencia resultado__sugerencia--accion">
          <p id={`${titulo}-sugerencia-${i}`}>
            <strong>Sugerencia:</strong> {m}
          </p>
          <AgregarProductos describedBy={`${titulo}-sugerencia-${i}`} />
        </div>
      ))}
    </section>
  );
}
