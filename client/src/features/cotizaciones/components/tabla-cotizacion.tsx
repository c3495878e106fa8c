import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { leerRepetir, REPETIR_PARAM } from '#common/repetir';
import type { ConsolidatedData, RangoPrecio } from '#common/schemas/catalogo';
import { CAMPOS_FILA, type CampoFila, minimosPorCategoria, SIN_PRODUCTOS } from '#common/schemas/cotizaciones-filas';
import { useSessionExpiredHandler } from '../../../lib/session';
import { clearFlujoCotizacion } from '../../../lib/storage';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Combobox, type ComboboxOption } from '../../../ui/combobox';
import { type Column, DataTable } from '../../../ui/data-table';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { type FilaCotizacion, filasCotizacion } from '../../../lib/flujo-cotizacion/filas-storage';
import { useSaveSolicitud } from '../api/save-solicitud';
import {
  avisoNoSeVenden,
  cambiarCampo,
  depurarFilas,
  filasDeRepetir,
  isCantidadTecleable,
  nuevaFila,
  opcionesFila,
  productoDe,
  type ValidacionFilas,
  validarFilas,
} from './filas-cotizacion';
import { EN_CURSO, isEnCurso } from '../../../lib/flujo-cotizacion/en-curso';
import type { EstadoRepetir } from '../../../lib/flujo-cotizacion/repetir';
import { GuardarComoLista } from '../../../lib/listas/guardar-como-lista';
import { CajaProducto } from './caja-producto';
import { erroresDelServidor } from './errores-servidor';
import '../pages/cotizaciones.css';

interface Props {
  catalogo: ConsolidatedData;
  /** The price ranges, whose lowest per category is its minimum; undefined while loading or failed to load. */
  rangos: readonly RangoPrecio[] | undefined;
}

type Errores = ValidacionFilas['errores'];

/** Rows of the last visit in this tab (docs/producto.md §4.1), checked against today's catalogue; one empty row otherwise. */
function filasIniciales(catalogo: ConsolidatedData): FilaCotizacion[] {
  const guardadas = filasCotizacion.get();
  return guardadas && guardadas.length > 0 ? depurarFilas(catalogo, guardadas) : [nuevaFila()];
}

/** The names 'Cotizar de nuevo' carried in the navigation state (EstadoRepetir); whatever else is there is ignored. */
function nombresDe(state: unknown): Record<number, string> {
  const nombres = (state as Partial<EstadoRepetir> | null)?.nombres;
  if (typeof nombres !== 'object' || nombres === null) return {};
  return Object.fromEntries(Object.entries(nombres).filter(([, nombre]) => typeof nombre === 'string'));
}

const isFilaTocada = (f: FilaCotizacion) => f.categoria !== null || f.cantidad !== '';

const FILAS_RECUPERADAS = 'Recuperamos los productos de tu cotización anterior.';

const errorId = (fila: FilaCotizacion, campo: CampoFila) => `${fila.key}-${campo}-error`;

function ErrorCampo({ fila, campo, errores }: { fila: FilaCotizacion; campo: CampoFila; errores: Errores }) {
  const mensaje = errores[fila.key]?.[campo];
  if (!mensaje) return null;
  return (
    <p className="field__error" id={errorId(fila, campo)}>
      {mensaje}
    </p>
  );
}

/** A row's category, origin and brand, the cascade's filters: on a phone they are folded away (docs/decisions/018-flujos-y-avisos.md). */
const FILTROS: readonly CampoFila[] = ['categoria', 'origen', 'marca'];
const FILTROS_ROTULO = 'Categoría, origen y marca';

/**
 * docs/producto.md §2 Quotation screen: one row per product, a table on wide screens and cards at ≤ 768 px;
 * at ≤ 480 px a compact card, the product search and the quantity first, the filters folded
 * (docs/decisions/018-flujos-y-avisos.md, 'Pedir en el teléfono').
 */
export function TablaCotizacion({ catalogo, rangos }: Props) {
  const minimos = useMemo(() => (rangos ? minimosPorCategoria(rangos) : undefined), [rangos]);
  const navigate = useNavigate();
  const save = useSaveSolicitud();
  const onExpired = useSessionExpiredHandler();
  const location = useLocation();
  // 'Cotizar de nuevo' (`?repetir=`, docs/producto.md §16) starts a new quotation with those lines:
  // the flow's values of the one before are cleared, and what is no longer sold is named.
  const [repetida] = useState(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(REPETIR_PARAM)) return null;
    clearFlujoCotizacion();
    const { filas, faltan } = filasDeRepetir(catalogo, leerRepetir(params.get(REPETIR_PARAM)));
    return { filas, aviso: avisoNoSeVenden(faltan, nombresDe(location.state)) };
  });
  const [filas, setFilas] = useState(() => repetida?.filas ?? filasIniciales(catalogo));
  const [noSeVenden, setNoSeVenden] = useState(repetida?.aviso ?? null);
  // Rows of an abandoned quotation silently joined the next one; say they were restored.
  const [recuperadas, setRecuperadas] = useState(() => !repetida && !isEnCurso(location.state) && filas.some(isFilaTocada));

  // The lines are now this tab's rows: without the parameter, a reload keeps the buyer's edits
  // (and, in progress, does not call them restored).
  useEffect(() => {
    if (!repetida) return;
    const params = new URLSearchParams(location.search);
    params.delete(REPETIR_PARAM);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true, state: EN_CURSO });
  }, [repetida, navigate, location.pathname, location.search]);
  const [errores, setErrores] = useState<Errores>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [porEliminar, setPorEliminar] = useState<FilaCotizacion | null>(null);
  // The rows whose filters (category, origin, brand) the buyer unfolded on a phone; wider screens show them always.
  const [conFiltros, setConFiltros] = useState<ReadonlySet<string>>(() => new Set());
  const tablaRef = useRef<HTMLDivElement>(null);
  const [enfocarError, setEnfocarError] = useState(0);

  useEffect(() => filasCotizacion.set(filas), [filas]);

  // The message that belongs to no row ('Debe haber al menos una fila completa…') is checked again
  // as the rows change: once they are fixed it goes, instead of staying until the next Continuar.
  useEffect(() => {
    setGeneral((actual) => (actual === null ? null : validarFilas(filas, minimos).general));
  }, [filas, minimos]);

  /** 'Nueva cotización': the whole flow starts over (the keys the order's confirmation clears, docs/producto.md §4.6). */
  function nuevaCotizacion() {
    clearFlujoCotizacion();
    setFilas([nuevaFila()]);
    setErrores({});
    setGeneral(null);
    setRecuperadas(false);
    setNoSeVenden(null);
  }

  /** The messages of a failed Continuar; a row with a message on a folded filter unfolds, so the message and the field are seen. */
  function mostrarErrores(siguientes: Errores, mensajeGeneral: string | null) {
    setErrores(siguientes);
    setGeneral(mensajeGeneral);
    const aDesplegar = Object.entries(siguientes)
      .filter(([, campos]) => FILTROS.some((c) => campos[c]))
      .map(([key]) => key);
    if (aDesplegar.length > 0) setConFiltros((actuales) => new Set([...actuales, ...aDesplegar]));
    setEnfocarError((n) => n + 1);
  }

  function plegarFiltros(fila: FilaCotizacion) {
    setConFiltros((actuales) => {
      const siguientes = new Set(actuales);
      if (!siguientes.delete(fila.key)) siguientes.add(fila.key);
      return siguientes;
    });
  }

  // After a failed Continuar, the first field in error takes the focus (and scrolls into view).
  useEffect(() => {
    if (enfocarError > 0) tablaRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [enfocarError]);

  const categorias = useMemo<ComboboxOption[]>(() => catalogo.categorias.map((c) => ({ value: String(c.id), label: c.nombre })), [catalogo]);

  function actualizar(fila: FilaCotizacion, siguiente: FilaCotizacion) {
    setFilas((actuales) => actuales.map((f) => (f.key === fila.key ? siguiente : f)));
    // The messages of the fields that just changed (a product also fills its origin and brand) no longer hold.
    const cambiados = CAMPOS_FILA.filter((c) => siguiente[c] !== fila[c]);
    setErrores(({ [fila.key]: deFila, ...resto }) => {
      const quedan = Object.fromEntries(Object.entries(deFila ?? {}).filter(([campo]) => !cambiados.includes(campo as CampoFila)));
      return Object.keys(quedan).length > 0 ? { ...resto, [fila.key]: quedan } : resto;
    });
  }

  function pedirEliminar(fila: FilaCotizacion) {
    // docs/producto.md §5: at least one row must remain.
    if (filas.length === 1) return toast.error(SIN_PRODUCTOS);
    setPorEliminar(fila);
  }

  function eliminar(fila: FilaCotizacion) {
    setPorEliminar(null);
    setFilas((actuales) => actuales.filter((f) => f.key !== fila.key));
    // Row numbers in the messages change: they are shown again on the next Continuar.
    setErrores({});
    setGeneral(null);
  }

  function continuar(e: React.FormEvent) {
    e.preventDefault();
    const validacion = validarFilas(filas, minimos, (f) => productoDe(catalogo, f)?.unidad.descripcion);
    if (validacion.general || Object.keys(validacion.errores).length > 0) return mostrarErrores(validacion.errores, validacion.general);
    setErrores({});
    setGeneral(null);
    save.mutate(validacion.productos, {
      onSuccess: () => {
        toast.success('Solicitud guardada correctamente.');
        navigate('/datos-cotizacion');
      },
      onError: (error) => {
        // A session that ended while on this screen: log in again; the rows wait in session storage.
        if (onExpired(error)) return;
        // The server checks the same rules: its messages go on their rows.
        const servidor = erroresDelServidor(error, filas);
        mostrarErrores(servidor.errores, servidor.general);
        toast.error('Error al realizar la solicitud, intente de nuevo más tarde');
      },
    });
  }

  // What 'Guardar como lista' keeps: the rows Continuar would send.
  const completas = useMemo(() => validarFilas(filas, minimos, (f) => productoDe(catalogo, f)?.unidad.descripcion).productos, [filas, minimos, catalogo]);

  const procedencia = (fila: FilaCotizacion) =>
    [catalogo.categorias.find((c) => c.id === fila.categoria)?.nombre, fila.origen, fila.marca].filter(Boolean).join(' · ');

  const numerada = filas.map((fila, i) => ({ fila, n: i + 1 }));
  type Fila = (typeof numerada)[number];

  const selector = (campo: 'categoria' | 'origen' | 'marca' | 'producto', header: string): Column<Fila> => ({
    id: campo,
    header,
    className: `cotizar__col-${campo}`,
    cell: ({ fila, n }) => {
      const opciones = opcionesFila(catalogo, fila);
      const valor = fila[campo];
      const invalid = Boolean(errores[fila.key]?.[campo]);
      const onChange = (v: string | null) => actualizar(fila, cambiarCampo(catalogo, fila, campo, v));
      const options: ComboboxOption[] =
        campo === 'categoria'
          ? categorias
          : campo === 'origen'
            ? opciones.origenes.map((o) => ({ value: o, label: o }))
            : opciones.marcas.map((m) => ({ value: m, label: m }));
      return (
        <>
          {campo === 'producto' ? (
            // Searches the whole catalogue until a category is chosen (docs/producto.md §16).
            <CajaProducto
              label={`${header}, fila ${n}`}
              categoria={fila.categoria}
              productos={opciones.productos}
              value={fila.producto}
              onChange={onChange}
              invalid={invalid}
              errorId={invalid ? errorId(fila, campo) : undefined}
            />
          ) : (
            <Combobox
              label={`${header}, fila ${n}`}
              options={options}
              value={valor === null ? null : String(valor)}
              onChange={onChange}
              // The cascade (docs/producto.md §2): a category first; then origin, brand and product narrow each other.
              disabled={campo !== 'categoria' && fila.categoria === null}
              placeholder="Selecciona"
              invalid={invalid}
              errorId={invalid ? errorId(fila, campo) : undefined}
            />
          )}
          <ErrorCampo fila={fila} campo={campo} errores={errores} />
        </>
      );
    },
  });

  const columns: Column<Fila>[] = [
    {
      id: 'n',
      header: 'Fila',
      className: 'cotizar__col-n',
      cell: ({ fila, n }) => {
        // Once chosen (by the product, or by hand), the button shows what the filters hold, small.
        const elegidos = procedencia(fila);
        return (
          <>
            {n}
            {/* Only at ≤ 480 px (cotizaciones.css): the filters are optional there, the product box searches the whole catalogue. */}
            <button
              type="button"
              className="cotizar__plegar"
              aria-expanded={conFiltros.has(fila.key)}
              aria-label={`${FILTROS_ROTULO}${elegidos ? `: ${elegidos}` : ''}, fila ${n}`}
              onClick={() => plegarFiltros(fila)}
            >
              <span className="cotizar__plegar-texto">{elegidos || FILTROS_ROTULO}</span>
            </button>
          </>
        );
      },
    },
    selector('categoria', 'Categoría'),
    selector('origen', 'Origen'),
    selector('marca', 'Marca'),
    selector('producto', 'Producto'),
    { id: 'unidad', header: 'Unidad', className: 'cotizar__col-unidad', cell: ({ fila }) => productoDe(catalogo, fila)?.unidad.descripcion ?? '—' },
    {
      id: 'cantidad',
      header: 'Cantidad',
      className: 'cotizar__col-cantidad',
      cell: ({ fila, n }) => {
        const invalid = Boolean(errores[fila.key]?.cantidad);
        const minimo = fila.categoria === null ? undefined : minimos?.get(fila.categoria);
        return (
          <>
            <input
              className="cotizar__cantidad"
              type="text"
              // A whole number in every unit (isCantidadTecleable): a phone opens its digits keypad, not the decimal one.
              inputMode="numeric"
              autoComplete="off"
              aria-label={`Cantidad, fila ${n}`}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId(fila, 'cantidad') : undefined}
              placeholder={minimo ? `Mín. ${minimo}` : undefined}
              value={fila.cantidad}
              onChange={(e) => {
                // docs/producto.md §5: digits only, no leading zero, ≤ 9999; any other keystroke is ignored.
                if (isCantidadTecleable(e.target.value)) actualizar(fila, { ...fila, cantidad: e.target.value });
              }}
            />
            <ErrorCampo fila={fila} campo="cantidad" errores={errores} />
          </>
        );
      },
    },
    {
      id: 'acciones',
      header: 'Acciones',
      className: 'data-table__full cotizar__col-acciones',
      cell: ({ fila, n }) => (
        <button type="button" className="btn btn--ghost cotizar__eliminar" aria-label={`Eliminar fila ${n}`} onClick={() => pedirEliminar(fila)}>
          Eliminar
        </button>
      ),
    },
  ];

  return (
    <form onSubmit={continuar} noValidate className="cotizar">
      {noSeVenden && (
        <div className="cotizar__no-se-venden" role="status">
          <p>{noSeVenden}</p>
        </div>
      )}
      {recuperadas && (
        <div className="cotizar__recuperadas" role="status">
          <p>{FILAS_RECUPERADAS}</p>
          <button type="button" className="btn btn--secondary" onClick={nuevaCotizacion}>
            Nueva cotización
          </button>
        </div>
      )}
      <div ref={tablaRef} className="cotizar__tabla">
        <DataTable
          caption="Productos a cotizar"
          rows={numerada}
          columns={columns}
          rowKey={({ fila }) => fila.key}
          rowClassName={({ fila }) => (conFiltros.has(fila.key) ? 'cotizar__fila cotizar__fila--filtros' : 'cotizar__fila')}
          empty={<p>{SIN_PRODUCTOS}</p>}
        />
      </div>
      <button type="button" className="btn btn--secondary cotizar__agregar" onClick={() => setFilas((actuales) => [...actuales, nuevaFila()])}>
        + Agregar producto
      </button>
      <FormError message={general ?? undefined} />
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={() => navigate('/')}>
          Cancelar
        </button>
        <GuardarComoLista productos={completas} />
        <SubmitButton busy={save.isPending} busyLabel="Guardando...">
          Continuar
        </SubmitButton>
      </div>
      <ConfirmDialog
        open={porEliminar !== null}
        title="¿Estás seguro de que deseas eliminar este producto?"
        variant="danger"
        onCancel={() => setPorEliminar(null)}
        onConfirm={() => porEliminar && eliminar(porEliminar)}
      />
    </form>
  );
}
