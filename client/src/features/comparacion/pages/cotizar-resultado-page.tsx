import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type CompararPrecios, mensajesComparacion, type Opcion, type ResultadoComparacion } from '#common/schemas/comparacion';
import { cantidadEs, formatCantidad, formatDiaLargo } from '#common/format';
import { hoyEnChile } from '#common/fecha';
import { PRECIOS_NETOS } from '#common/iva';
import { Redirigir } from '../../../ui/redirigir';
import { useMediaQuery } from '../../../app/layout/use-media-query';
import { SIN_COTIZACION } from '../../../lib/flujo-cotizacion/paso-faltante';
// What the quotation flow's screens share (session storage, the clave, the calls two screens make): lib/flujo-cotizacion/.
import { claveHeaders } from '../../../lib/flujo-cotizacion/clave';
import { cotizacionGuardada, cotizanteGuardado, solicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { type Seleccion, seleccionGuardada } from '../../../lib/flujo-cotizacion/seleccion-storage';
import { useSaveSeleccion } from '../../../lib/flujo-cotizacion/update-seleccion';
import { AVISO_STOCK_ACTUALIZADO, isStockActualizado } from '../../../lib/flujo-cotizacion/stock-actualizado';
import { GuardarComoLista } from '../../../lib/listas/guardar-como-lista';
import { entregaDe, mensajesBajoMinimo, pideConfirmarStock, sugerenciasDespachoVigentes, swapOpcion } from '../components/seleccion';
import type { AccionesLinea } from '../components/acciones-linea';
import { AgregarProductos } from '../components/agregar-productos';
import { AvisosResultado } from '../components/avisos-resultado';
import { BarraCompra } from '../components/barra-compra';
import { BloqueProveedorSeccion } from '../components/bloque-proveedor';
import { columnasResultado } from '../components/columnas-resultado';
import { type Dialogo, Dialogos } from '../components/dialogos-resultado';
import { TopeProveedores } from '../components/tope-proveedores';
import { TotalPanel } from '../components/total-panel';
import './comparacion.css';

/** Where the results turn into compact lines and fold their notices (docs/decisions/018, 'En el teléfono'). */
const TELEFONO = '(max-width: 480px)';
const ALERTA_MINIMO = 'resultado-bajo-minimo';

/**
 * Whether the buyer chose a delivery date: the delivery record the comparison used (the summary
 * saves it right before comparing). Without one the server compares against today (the
 * screen said 'entregar el' today's date as if it had been chosen).
 */
function isSinFechaEntrega(): boolean {
  const cotizante = cotizanteGuardado.get();
  const solicitud = solicitudGuardada.get();
  return cotizante !== null && solicitud !== null && cotizante.solicitud_id === solicitud.id && cotizante.fecha_entrega === null;
}

/** docs/producto.md §2 Results. Without a comparison in session storage (none yet, or tampered with) the flow starts over. */
export default function CotizarResultadoPage() {
  // A comparison made again here (the cap on suppliers) replaces the stored one: the screen reads it
  // again and starts over from it, the focus back on the control that asked for it.
  const [recomparada, setRecomparada] = useState(false);
  const cotizacion = cotizacionGuardada.get();
  if (!cotizacion) return <Redirigir to="/cotizar" mensaje={SIN_COTIZACION} />;
  return <Resultado key={cotizacion.cotizacion_id} cotizacion={cotizacion} recomparada={recomparada} onRecomparada={() => setRecomparada(true)} />;
}

/** The buyer's saved choice for this quotation, else the comparison as the server proposed it. */
function seleccionInicial(cotizacion: CompararPrecios): Seleccion {
  const guardada = seleccionGuardada.get();
  if (guardada?.cotizacion_id === cotizacion.cotizacion_id) return guardada;
  return { cotizacion_id: cotizacion.cotizacion_id, resultados: cotizacion.resultados, guardada: false };
}

function Resultado({ cotizacion, recomparada, onRecomparada }: { cotizacion: CompararPrecios; recomparada: boolean; onRecomparada(): void }) {
  const navigate = useNavigate();
  const save = useSaveSeleccion();
  const compacta = useMediaQuery(TELEFONO);
  const [seleccion, setSeleccion] = useState(() => seleccionInicial(cotizacion));
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const { resultados } = seleccion;
  const sinFecha = isSinFechaEntrega();
  const stockActualizado = isStockActualizado(useLocation().state);

  function cambiar(nuevos: ResultadoComparacion[]) {
    const nueva = { ...seleccion, resultados: nuevos, guardada: false };
    seleccionGuardada.set(nueva);
    setSeleccion(nueva);
    setDialogo(null);
  }

  const resultadoDe = (producto: number) => resultados.find((r) => r.producto === producto);

  function elegir(producto: number, actual: Opcion, alternativa: Opcion) {
    if (pideConfirmarStock(actual, alternativa))
      setDialogo({ tipo: 'confirmar-stock', producto, actual: actual.opcion_id, alternativa: alternativa.opcion_id });
    else cambiar(swapOpcion(resultados, producto, actual.opcion_id, alternativa.opcion_id));
  }

  const entregaCon = (elegidos: readonly ResultadoComparacion[]) => entregaDe(elegidos, cotizacion.condiciones_proveedores, cotizacion.fecha_entrega);
  const entrega = entregaCon(resultados);
  const bajoMinimo = mensajesBajoMinimo(entrega);

  /** The landed total with an alternative swapped in, and who it would leave under its minimum. */
  function efectoDe(producto: number, actual: Opcion, alternativa: Opcion) {
    const elegidos = swapOpcion(resultados, producto, actual.opcion_id, alternativa.opcion_id);
    const otra = entregaCon(elegidos);
    const antes = new Set(entrega.bloques.filter((b) => b.falta_minimo > 0).map((b) => b.proveedor_id));
    const nuevos = mensajesBajoMinimo({ ...otra, bloques: otra.bloques.filter((b) => !antes.has(b.proveedor_id)) });
    const cubierta = elegidos
      .find((r) => r.producto === producto)
      ?.opciones_seleccionadas.find((o) => o.opcion_id === alternativa.opcion_id)?.cantidad_proveida;
    const cubre =
      cubierta !== undefined && cubierta < actual.cantidad_proveida
        ? `${cantidadEs(cubierta)} de ${formatCantidad(actual.cantidad_proveida, actual.unidad)}`
        : null;
    // The offer was priced for the quantity the server proposed it at; another may fall in another tier.
    const aprox = cubierta !== alternativa.cantidad_proveida;
    return mensajesComparacion.efectoCambio(otra.total, otra.total - entrega.total, cubre, nuevos, aprox);
  }

  // Comprar waits while a supplier is under its minimum (actualizar would refuse it: 400); the bar says why.
  function comprar() {
    // docs/producto.md §8: a failed save is silent; the choice stays in session storage and the order screen saves it first.
    seleccionGuardada.set(seleccion);
    save.mutate({ seleccion, headers: claveHeaders(solicitudGuardada.get()?.clave) }, { onSettled: () => navigate('/facturacion') });
  }

  const acciones: AccionesLinea = {
    alternativas: (r, o) => setDialogo({ tipo: 'alternativas', producto: r.producto, actual: o.opcion_id }),
    agregar: (r) => setDialogo({ tipo: 'agregar', producto: r.producto }),
  };
  const noEncontrados = resultados.flatMap((r) => r.productos_inexistentes);
  const noIdentificados = cotizacion.productos_no_identificados.map((p) => p.mensaje);
  // The server priced each option for the quantity it proposed; a changed quantity may fall in another volume tier.
  const cambiada = JSON.stringify(resultados) !== JSON.stringify(cotizacion.resultados);
  const sugerenciasDespacho = sugerenciasDespachoVigentes(cotizacion.sugerencias_despacho, entrega, !cambiada);
  // How many suppliers were left out and why; a product none of whose offers counted says why here (it has no row).
  const excluidos = [
    ...cotizacion.proveedores_excluidos.map((e) => e.mensaje),
    ...resultados.filter((r) => r.opciones_seleccionadas.length === 0).flatMap((r) => r.avisos.map((a) => `${r.nombre}: ${a}`)),
  ];
  const productos = resultados.filter((r) => r.opciones_seleccionadas.length > 0).length;
  // 'Guardar como lista' keeps what was asked for, whatever the choice (products without offers too).
  const solicitados = cotizacion.resultados.map((r) => ({ producto: r.producto, cantidad: r.cantidad_solicitada }));
  const hoy = hoyEnChile();
  const columnas = columnasResultado(acciones, hoy);
  const sinBloques = entrega.bloques.length === 0;

  return (
    <section className="page resultado">
      <div>
        <h1>Las mejores opciones para ti</h1>
        <p className="muted">
          Cotización N° {cotizacion.cotizacion_id} ·{' '}
          {sinFecha
            ? 'Sin fecha de entrega: cada proveedor entrega el primer día que puede (lo ves en su bloque), con lotes que vencen después.'
            : `Precios y stock para entregar el ${formatDiaLargo(cotizacion.fecha_entrega)}.`}{' '}
          Puedes cambiar un proveedor o agregar otro antes de comprar. {PRECIOS_NETOS}
        </p>
      </div>

      {stockActualizado && (
        <p className="panel resultado__aviso" role="status">
          {AVISO_STOCK_ACTUALIZADO}
        </p>
      )}

      <AvisosResultado
        noEncontrados={noEncontrados.length}
        noIdentificados={noIdentificados.length}
        excluidos={excluidos}
        // With no supplier left, the notices are the answer: open.
        plegados={compacta && !sinBloques}
        abrir={(tipo) => setDialogo({ tipo })}
      />

      {sinBloques ? (
        <div className="panel empty">
          {/* With suppliers left out by their terms, "no stock" would be the wrong reason: the list above says which. */}
          <p>
            {excluidos.length > 0
              ? 'Con sus condiciones de despacho, ningún proveedor puede atender tu solicitud: arriba ves por qué. Vuelve y ajusta tu cotización (otra fecha de entrega, más cantidad u otros productos).'
              : 'No encontramos ofertas con stock para los productos de tu solicitud. Vuelve y ajusta tu cotización.'}
          </p>
        </div>
      ) : (
        // One region holds every supplier's block, so the whole selection reads (and is found) as one.
        <section className="resultado__proveedores" aria-label="Opciones seleccionadas">
          {entrega.bloques.map((b) => (
            <BloqueProveedorSeccion
              key={b.proveedor_id}
              bloque={b}
              columnas={columnas}
              compacta={compacta}
              acciones={acciones}
              hoy={hoy}
              sugerencias={sugerenciasDespacho.filter((x) => x.proveedor_id === b.proveedor_id).map((x) => x.mensaje)}
            />
          ))}
        </section>
      )}

      {!sinBloques && <TopeProveedores cotizacion={cotizacion} enfocar={recomparada} onRecomparada={onRecomparada} />}
      {!sinBloques && <TotalPanel entrega={entrega} productos={productos} resultados={resultados} />}

      {!cotizacion.optimo && !cambiada && <p className="muted resultado__nota">{mensajesComparacion.noOptima(cotizacion.diferencia_maxima)}</p>}
      {cambiada && (
        <div className="resultado__nota">
          <p className="muted">
            Cambiaste la selección: cada proveedor cobra según el volumen que le compras, así que el precio unitario se confirma con la cantidad elegida al
            comprar.
          </p>
          {/* A few swaps can cost fees and minimums: one click back to the basket the comparison proved. */}
          <button type="button" className="btn btn--ghost" onClick={() => cambiar(cotizacion.resultados)}>
            Restablecer la selección recomendada
          </button>
        </div>
      )}

      {bajoMinimo.length > 0 && (
        <div id={ALERTA_MINIMO} ref={alerta} className="panel resultado__alerta" role="alert" tabIndex={-1}>
          <p>
            <strong>Para comprar, cada proveedor debe alcanzar su pedido mínimo.</strong> Agrega productos de ese proveedor o cámbialo por otro.
          </p>
          <ul>
            {bajoMinimo.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <AgregarProductos />
        </div>
      )}

      <div className="form__actions resultado__acciones-pie">
        <button type="button" className="btn btn--ghost" onClick={() => navigate('/confirmar-cotizacion')}>
          Volver
        </button>
        <GuardarComoLista productos={solicitados} />
      </div>

      <BarraCompra
        total={sinBloques ? null : entrega.total}
        bajoMinimo={bajoMinimo.length}
        alertaId={ALERTA_MINIMO}
        busy={save.isPending}
        onComprar={comprar}
        onVerMinimo={() => alerta.current?.focus()}
      />

      <Dialogos
        dialogo={dialogo}
        setDialogo={setDialogo}
        resultadoDe={resultadoDe}
        elegir={elegir}
        efectoDe={efectoDe}
        cambiar={cambiar}
        resultados={resultados}
        noEncontrados={noEncontrados}
        noIdentificados={noIdentificados}
        sinFecha={sinFecha}
      />
    </section>
  );
}
