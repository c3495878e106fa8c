import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type CompararPrecios, MAX_PROVEEDORES_TOPE, mensajesComparacion, type Opcion, type ResultadoComparacion } from '#common/schemas/comparacion';
import { cantidadEs, formatCantidad, formatClp, formatDiaLargo, unidadCorta } from '#common/format';
import { hoyEnChile } from '#common/fecha';
import { conIva, PRECIOS_NETOS } from '#common/iva';
import { subtotal } from '#common/precio';
import type { UltimoPrecio } from '#common/ultima-vez';
import { type Column, DataTable } from '../../../ui/data-table';
import { MontosIva } from '../../../ui/montos-iva';
import { Redirigir } from '../../../ui/redirigir';
import { SIN_COTIZACION } from '../../../lib/flujo-cotizacion/paso-faltante';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { SubmitButton } from '../../../ui/form-controls';
import { SelectField } from '../../../ui/fields';
import { apiErrorMessage } from '../../../lib/api-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
// What the quotation flow's screens share (session storage, the clave, the calls two screens make): lib/flujo-cotizacion/.
import { claveHeaders } from '../../../lib/flujo-cotizacion/clave';
import { cotizacionGuardada, cotizanteGuardado, solicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { type Seleccion, seleccionGuardada } from '../../../lib/flujo-cotizacion/seleccion-storage';
import { useSaveSeleccion } from '../../../lib/flujo-cotizacion/update-seleccion';
import { useComparePrecios } from '../../../lib/flujo-cotizacion/compare-precios';
import {
  agregarProveedor,
  type BloqueProveedor,
  type Entrega,
  entregaDe,
  type Fila,
  faltante,
  mensajeFaltante,
  mensajesBajoMinimo,
  pideConfirmarStock,
  sugerenciasDespachoVigentes,
  swapOpcion,
} from '../components/seleccion';
import { AgregarProveedorModal, AlternativasModal, ListaModal } from '../components/opciones-modales';
import { AVISO_STOCK_ACTUALIZADO, isStockActualizado } from '../../../lib/flujo-cotizacion/stock-actualizado';
import { EN_CURSO } from '../../../lib/flujo-cotizacion/en-curso';
import { GuardarComoLista } from '../../../lib/listas/guardar-como-lista';
import { cambioPrecio, comparacionUltimaVez, textoComparacionUltimaVez, textoUltimaVez } from '../components/ultima-vez';
import './comparacion.css';

type Dialogo =
  | { tipo: 'alternativas'; producto: number; actual: number }
  | { tipo: 'confirmar-stock'; producto: number; actual: number; alternativa: number }
  | { tipo: 'agregar'; producto: number }
  | { tipo: 'no-encontrados' }
  | { tipo: 'no-identificados' }
  | null;

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
  const [seleccion, setSeleccion] = useState(() => seleccionInicial(cotizacion));
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  // Comprar with a supplier under its minimum says so again (actualizar would refuse it: 400).
  const [intentos, setIntentos] = useState(0);
  const alerta = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (intentos > 0) alerta.current?.focus();
  }, [intentos]);
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

  function comprar() {
    if (bajoMinimo.length > 0) {
      setIntentos((n) => n + 1);
      return;
    }
    // docs/producto.md §8: a failed save is silent; the choice stays in session storage and the order screen saves it first.
    seleccionGuardada.set(seleccion);
    save.mutate({ seleccion, headers: claveHeaders(solicitudGuardada.get()?.clave) }, { onSettled: () => navigate('/facturacion') });
  }

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

  // comparacion.css gives every supplier's table the same widths, column by column in this order.
  const columnas: Column<Fila>[] = [
    {
      id: 'producto',
      header: 'Producto',
      cell: ({ r, o, primera }) => (
        <>
          <strong>{o.producto}</strong>
          {primera && <Notas r={r} />}
        </>
      ),
    },
    { id: 'marca', header: 'Marca', cell: ({ o }) => o.marca },
    { id: 'categoria', header: 'Categoría', cell: ({ o }) => o.categoria },
    { id: 'origen', header: 'Origen', cell: ({ o }) => o.origen },
    { id: 'unidad', header: 'Unidad', cell: ({ o }) => o.unidad },
    { id: 'solicitada', header: 'Cantidad solicitada', cell: ({ r }) => cantidadEs(r.cantidad_solicitada) },
    { id: 'proveida', header: 'Cantidad proveída', cell: ({ o }) => cantidadEs(o.cantidad_proveida) },
    { id: 'proveedor', header: 'Proveedor', cell: ({ o }) => o.proveedor },
    {
      id: 'precio',
      header: 'Precio unitario',
      cell: ({ r, o }) => (
        <>
          {formatClp(o.precio)}
          {r.ultimo_precio && <UltimaVez ultimo={r.ultimo_precio} precio={o.precio} hoy={hoy} />}
        </>
      ),
    },
    { id: 'subtotal', header: 'Subtotal', cell: ({ o }) => <strong>{formatClp(subtotal(o.cantidad_proveida, o.precio))}</strong> },
    {
      id: 'acciones',
      header: 'Acciones',
      className: 'data-table__full resultado__acciones',
      cell: ({ r, o, primera }) => (
        <div className="resultado__botones">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={r.opciones_adicionales.length === 0}
            onClick={() => setDialogo({ tipo: 'alternativas', producto: r.producto, actual: o.opcion_id })}
            aria-label={`Ver alternativas a ${o.proveedor} para ${o.producto}`}
          >
            Alternativas
          </button>
          {primera && faltante(r) > 0 && r.opciones_adicionales.length > 0 && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setDialogo({ tipo: 'agregar', producto: r.producto })}
              aria-label={`Agregar proveedor para ${o.producto}`}
            >
              Agregar proveedor
            </button>
          )}
        </div>
      ),
    },
  ];

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

      {(noEncontrados.length > 0 || noIdentificados.length > 0) && (
        <div className="panel resultado__aviso" role="status">
          <p>Algunos productos de tu solicitud no tienen ofertas disponibles.</p>
          <div className="resultado__botones">
            {noEncontrados.length > 0 && (
              <button type="button" className="btn btn--ghost" onClick={() => setDialogo({ tipo: 'no-encontrados' })}>
                Productos no encontrados ({noEncontrados.length})
              </button>
            )}
            {noIdentificados.length > 0 && (
              <button type="button" className="btn btn--ghost" onClick={() => setDialogo({ tipo: 'no-identificados' })}>
                Productos no identificados ({noIdentificados.length})
              </button>
            )}
          </div>
        </div>
      )}

      {excluidos.length > 0 && (
        <div className="panel resultado__estado" role="status">
          <ul>
            {excluidos.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}

      {entrega.bloques.length === 0 ? (
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
              sugerencias={sugerenciasDespacho.filter((x) => x.proveedor_id === b.proveedor_id).map((x) => x.mensaje)}
            />
          ))}
        </section>
      )}

      {entrega.bloques.length > 0 && <TopeProveedores cotizacion={cotizacion} enfocar={recomparada} onRecomparada={onRecomparada} />}
      {entrega.bloques.length > 0 && <TotalPanel entrega={entrega} productos={productos} resultados={resultados} />}

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
        // Remounted on each refused Comprar so screen readers announce it again.
        <div key={intentos} id="resultado-bajo-minimo" ref={alerta} className="panel resultado__alerta" role="alert" tabIndex={-1}>
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

      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={() => navigate('/confirmar-cotizacion')}>
          Volver
        </button>
        <GuardarComoLista productos={solicitados} />
        <SubmitButton
          type="button"
          className="btn btn--primary btn--lg"
          busy={save.isPending}
          disabled={entrega.bloques.length === 0}
          aria-describedby={bajoMinimo.length > 0 ? 'resultado-bajo-minimo' : undefined}
          onClick={comprar}
        >
          Comprar
        </SubmitButton>
      </div>

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

/** Under a product's first row: its shortfall now, why some offers did not count, and the next-tier nudge while its choice is the server's. */
function Notas({ r }: { r: ResultadoComparacion }) {
  const mensaje = mensajeFaltante(r);
  const sugerencia =
    r.sugerencia && r.opciones_seleccionadas.some((o) => o.proveedor_producto_id === r.sugerencia!.proveedor_producto_id) && !mensaje
      ? r.sugerencia.mensaje
      : null;
  return (
    <>
      {mensaje && <p className="resultado__faltante">{mensaje}</p>}
      {r.avisos.length > 1 ? (
        // Several reasons under every line buried the rows (the count above already sums them up): folded.
        <details className="resultado__avisos">
          <summary className="muted">Por qué no otros proveedores ({r.avisos.length})</summary>
          <Avisos avisos={r.avisos} />
        </details>
      ) : (
        <Avisos avisos={r.avisos} />
      )}
      {sugerencia && (
        <p className="resultado__sugerencia">
          <strong>Sugerencia:</strong> {sugerencia}
        </p>
      )}
    </>
  );
}

/** Beside a price: what the account paid last time, and how today's compares ('La última vez: $4.990 el 12 de noviembre · ▲ 3 %'). */
function UltimaVez({ ultimo, precio, hoy }: { ultimo: UltimoPrecio; precio: number; hoy: string }) {
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

const Avisos = ({ avisos }: { avisos: readonly string[] }) =>
  avisos.map((a) => (
    <p key={a} className="muted resultado__aviso-linea">
      {a}
    </p>
  ));

/** One supplier of the choice, its lines, its part, its delivery fee and whether it reaches its minimum. */
function BloqueProveedorSeccion({ bloque: b, columnas, sugerencias }: { bloque: BloqueProveedor; columnas: Column<Fila>[]; sugerencias: string[] }) {
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
      <div className="resultado__tabla">
        <DataTable caption={`Opciones seleccionadas: ${b.proveedor}`} rows={b.filas} columns={columnas} rowKey={(f) => f.o.opcion_id} empty={null} />
      </div>
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

/**
 * The delivery nudges, one click from acting on: the request's products, to add some (a new
 * comparison follows, as after 'Modificar productos'; the selection here is not kept).
 */
function AgregarProductos({ describedBy }: { describedBy?: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn--secondary resultado__agregar"
      aria-describedby={describedBy}
      onClick={() => navigate('/cotizar', { state: EN_CURSO })}
    >
      Agregar productos
    </button>
  );
}

/** Why a comparison made again with another cap did not come back (a 5xx or a lost connection; a 4xx says its own). */
const SIN_TOPE_NUEVO = 'No pudimos comparar de nuevo con ese máximo de proveedores. Intenta nuevamente.';

/**
 * 'Menos proveedores' (docs/decisions/014): the buyer caps the suppliers of the basket, and the
 * comparison runs again with that cap (a new quotation: the selection starts as its basket, and
 * Comprar buys it). Only caps under the suppliers the basket without one uses, which could change
 * it, are offered; under the control, what the cap costs ('+$18.400 por recibir 2 camiones en vez de 4').
 */
function TopeProveedores({ cotizacion, enfocar, onRecomparada }: { cotizacion: CompararPrecios; enfocar: boolean; onRecomparada(): void }) {
  const compare = useComparePrecios();
  const onExpired = useSessionExpiredHandler();
  const [error, setError] = useState<string>();
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (enfocar) select.current?.focus();
  }, [enfocar]);
  const solicitud = solicitudGuardada.get();
  const actual = cotizacion.tope?.max_proveedores ?? null;
  const sinTope = cotizacion.tope?.proveedores_sin_tope ?? cotizacion.proveedores.length;
  const topes = Array.from({ length: Math.min(MAX_PROVEEDORES_TOPE, sinTope - 1) }, (_, i) => i + 1);
  if (actual !== null && !topes.includes(actual)) topes.push(actual);
  if (!solicitud || topes.length === 0) return null;

  function elegir(valor: string) {
    setError(undefined);
    compare.mutate(
      { solicitud: solicitud!, maxProveedores: valor === '' ? null : Number(valor) },
      {
        onSuccess: onRecomparada,
        onError: (e) => {
          if (!onExpired(e)) setError(apiErrorMessage(e, SIN_TOPE_NUEVO));
        },
      },
    );
  }

  return (
    <section className="resultado__tope" aria-label="Menos proveedores" aria-busy={compare.isPending}>
      <SelectField
        ref={select}
        label="Menos proveedores"
        value={actual ?? ''}
        disabled={compare.isPending}
        error={error}
        hint="Cada proveedor es un camión que recibir; con menos, el total puede subir."
        onChange={(e) => elegir(e.target.value)}
      >
        <option value="">Sin límite</option>
        {topes.map((n) => (
          <option key={n} value={n}>
            {mensajesComparacion.opcionTope(n)}
          </option>
        ))}
      </SelectField>
      <p className="resultado__tope-mensaje" role="status">
        {compare.isPending ? 'Comparando de nuevo...' : cotizacion.tope?.mensaje}
      </p>
    </section>
  );
}

/**
 * The landed total of the choice as it stands now (common/total-entregado.ts through entregaDe): net,
 * as every price, then its Neto / IVA / Total as the order will charge them (docs/decisions/026); and
 * what its products bought before cost against the same quantities at last time's prices.
 */
function TotalPanel({ entrega, productos, resultados }: { entrega: Entrega; productos: number; resultados: readonly ResultadoComparacion[] }) {
  const ultimaVez = comparacionUltimaVez(resultados);
  return (
    <section className="panel resultado__total" aria-label="Total">
      <dl className="resultado__total-resumen">
        <div>
          <dt>Productos</dt>
          <dd>{productos}</dd>
        </div>
        <div>
          <dt>Proveedores</dt>
          <dd>{entrega.bloques.length}</dd>
        </div>
        <div>
          <dt>Total productos</dt>
          <dd>{formatClp(entrega.total_productos)}</dd>
        </div>
        <div>
          <dt>Despacho</dt>
          <dd>{entrega.total_despacho === 0 ? 'Gratis' : formatClp(entrega.total_despacho)}</dd>
        </div>
      </dl>
      <MontosIva montos={conIva(entrega.total)} label="Montos de la compra" />
      {ultimaVez && (
        <dl className="resultado__total-ultima-vez">
          <dt>Productos que ya compraste</dt>
          <dd>{textoComparacionUltimaVez(ultimaVez)}</dd>
        </dl>
      )}
    </section>
  );
}

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

function Dialogos({ dialogo, setDialogo, resultadoDe, elegir, efectoDe, cambiar, resultados, noEncontrados, noIdentificados, sinFecha }: DialogosProps) {
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
