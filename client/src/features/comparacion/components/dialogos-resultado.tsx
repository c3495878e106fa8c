import type { Opcion, ResultadoComparacion } from '#common/schemas/comparacion';
import { cantidadEs, unidadCorta } from '#common/format';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { AgregarProveedorModal, AlternativasModal, ListaModal } from './opciones-modales';
import { agregarProveedor, swapOpcion } from './seleccion';

/** The results' modals: one at a time. */
export type Dialogo =
  | { tipo: 'alternativas'; producto: number; actual: number }
  | { tipo: 'confirmar-stock'; producto: number; actual: number; alternativa: number }
  | { tipo: 'agregar'; producto: number }
  | { tipo: 'no-encontrados' }
  | { tipo: 'no-identificados' }
  | null;

interface DialogosProps {
  dialogo: Dialogo;
  setDialogo(d: Dialogo): void;
  resultadoDe(producto: number): ResultadoComparacion | undefined;
  elegir(producto: number, actual: Opcion, alternativa: Opcion): void;
  efectoDe(producto: number, actual: Opcion, alternativa: Opcion): string[];
  cambiar(nuevos: ResultadoComparacion[]): void;
  resultados: ResultadoComparacion[];
  noEncontrados: string[];
  noIdentificados: string[];
  sinFecha: boolean;
}

export function Dialogos({ dialogo, setDialogo, resultadoDe, elegir, efectoDe, cambiar, resultados, noEncontrados, noIdentificados, sinFecha }: DialogosProps) {
  const cerrar = () => setDialogo(null);
  if (!dialogo) return null;
  if (dialogo.tipo === 'no-encontrados')
    return (
      <ListaModal
        title="Productos no encontrados"
        description={
          sinFecha ? 'No hay ofertas con stock vigente de estos productos:' : 'No hay ofertas con stock de estos productos para tu fecha de entrega:'
        }
        items={noEncontrados}
        onClose={cerrar}
      />
    );
  if (dialogo.tipo === 'no-identificados')
    return <ListaModal title="Productos no identificados" description="Estos productos no se pudieron cotizar:" items={noIdentificados} onClose={cerrar} />;

  const r = resultadoDe(dialogo.producto);
  if (!r) return null;
  if (dialogo.tipo === 'agregar')
    return <AgregarProveedorModal resultado={r} onAgregar={(o) => cambiar(agregarProveedor(resultados, r.producto, o.opcion_id))} onClose={cerrar} />;

  const actual = r.opciones_seleccionadas.find((o) => o.opcion_id === dialogo.actual);
  if (!actual) return null;
  if (dialogo.tipo === 'alternativas')
    return (
      <AlternativasModal
        resultado={r}
        actual={actual}
        efectoDe={(o) => efectoDe(r.producto, actual, o)}
        onElegir={(o) => elegir(r.producto, actual, o)}
        onClose={cerrar}
      />
    );

  const alternativa = r.opciones_adicionales.find((o) => o.opcion_id === dialogo.alternativa);
  if (!alternativa) return null;
  const u = (n: number) => unidadCorta(r.unidad, n);
  return (
    <ConfirmDialog
      open
      title="Stock insuficiente"
      message={`${alternativa.proveedor} tiene ${cantidadEs(alternativa.stock_disponible)} ${u(alternativa.stock_disponible)} disponibles y esta línea lleva ${cantidadEs(actual.cantidad_proveida)} ${u(actual.cantidad_proveida)}. Si continúas, recibirás ${cantidadEs(alternativa.stock_disponible)} ${u(alternativa.stock_disponible)} de este proveedor y podrás agregar otro para el resto. ¿Deseas continuar?`}
      onConfirm={() => cambiar(swapOpcion(resultados, r.producto, actual.opcion_id, alternativa.opcion_id))}
      onCancel={cerrar}
    />
  );
}
