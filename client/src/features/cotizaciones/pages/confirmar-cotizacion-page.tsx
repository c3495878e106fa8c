import { formatTelefono } from '#common/chile/telefono';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Redirigir } from '../../../ui/redirigir';
import { SIN_SOLICITUD } from '../../../lib/flujo-cotizacion/paso-faltante';
import { LOADING_MIN_MS } from '#common/constants';
import { formatDiaLargo } from '#common/format';
import { ApiError } from '../../../lib/api-client';
import { useSessionExpiredHandler } from '../../../lib/session';
import { type Column, DataTable } from '../../../ui/data-table';
import { SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useComparePrecios } from '../../../lib/flujo-cotizacion/compare-precios';
import {
  type CotizanteGuardado,
  cotizacionGuardada,
  cotizanteGuardado,
  type SolicitudGuardada,
  solicitudGuardada,
} from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { useSaveCotizante } from '../api/save-cotizante';
import { MensajesComparando } from '../components/mensajes-comparando';
import './cotizaciones.css';
import { EN_CURSO } from '../../../lib/flujo-cotizacion/en-curso';

type Detalle = SolicitudGuardada['detalles'][number];

// At ≤ 480 px a line is the product and its quantity, with its category, origin and brand small under
// them (cotizaciones.css; docs/decisions/018-flujos-y-avisos.md, 'Pedir en el teléfono').
const COLUMNAS: Column<Detalle>[] = [
  { id: 'producto', header: 'Producto', className: 'resumen__col-producto', cell: (d) => <strong>{d.producto_nombre}</strong> },
  { id: 'categoria', header: 'Categoría', className: 'resumen__col-secundaria', cell: (d) => d.categoria },
  { id: 'origen', header: 'Origen', className: 'resumen__col-secundaria', cell: (d) => d.origen },
  { id: 'marca', header: 'Marca', className: 'resumen__col-secundaria', cell: (d) => d.marca },
  { id: 'unidad', header: 'Unidad', className: 'resumen__col-unidad', cell: (d) => d.unidad },
  { id: 'cantidad', header: 'Cantidad', className: 'resumen__col-cantidad', cell: (d) => d.cantidad.toLocaleString('es-CL') },
];

const NO_INDICADO = 'No indicado';

/** 'YYYY-MM-DD' as a Chilean reader writes it; the day itself, with no time zone to shift it. */
const fechaLegible = (iso: string | null) => (iso ? formatDiaLargo(iso) : 'Lo antes posible');

/** The body that re-saves the delivery data just as it was confirmed (docs/producto.md §4.3). */
const cuerpoDe = ({ fecha_entrega, nombre_contacto, correo_contacto, telefono_contacto, direccion_envio, region, comuna }: CotizanteGuardado) => ({
  fecha_entrega: fecha_entrega ?? undefined,
  nombre_contacto,
  correo_contacto,
  telefono_contacto,
  direccion_envio,
  region: region ?? undefined,
  comuna: comuna ?? undefined,
});

/** docs/producto.md §2 Summary; without the request and its delivery data in session storage there is nothing to confirm. */
export default function ConfirmarCotizacionPage() {
  const solicitud = solicitudGuardada.get();
  const cotizante = cotizanteGuardado.get();
  if (!solicitud || !cotizante || cotizante.solicitud_id !== solicitud.id) return <Redirigir to="/cotizar" mensaje={SIN_SOLICITUD} />;
  return <Resumen solicitud={solicitud} cotizante={cotizante} />;
}

function Resumen({ solicitud, cotizante }: { solicitud: SolicitudGuardada; cotizante: CotizanteGuardado }) {
  const navigate = useNavigate();
  const saveCotizante = useSaveCotizante();
  const compare = useComparePrecios();
  const onExpired = useSessionExpiredHandler();
  const [generando, setGenerando] = useState(false);
  const espera = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(espera.current), []);

  function fallar(error: unknown, mensaje: string) {
    setGenerando(false);
    if (!onExpired(error)) toast.error(mensaje);
  }

  function generar() {
    const inicio = Date.now();
    // Only the flow's first comparison waits (none stored yet in the tab: the flow's storage is
    // cleared by an order and by 'Nueva cotización'); comparing again after coming back for another
    // date or other products shows the results as soon as they are ready.
    const primera = cotizacionGuardada.get() === null;
    setGenerando(true);
    saveCotizante.mutate(
      { body: cuerpoDe(cotizante), solicitud },
      {
        onError: (error) => fallar(error, 'Ocurrió un error al confirmar la cotización'),
        onSuccess: () =>
          compare.mutate(
            { solicitud },
            {
              // docs/producto.md §4.3, §9: the first results open once the loading screen has shown for 6 s in total.
              onSuccess: () => {
                const resto = primera ? Math.max(0, LOADING_MIN_MS - (Date.now() - inicio)) : 0;
                espera.current = setTimeout(() => navigate('/cotizar-resultado'), resto);
              },
              onError: (error) =>
                fallar(
                  error,
                  error instanceof ApiError && error.status === 400
                    ? 'Error en los datos enviados. Por favor, verifica la información.'
                    : 'Error al generar la cotización. Intenta nuevamente.',
                ),
            },
          ),
      },
    );
  }

  if (generando) return <MensajesComparando />;

  // On a phone the data read as three lines (when, who, where): each line's first field starts it, the
  // others follow it, their labels left to screen readers (cotizaciones.css).
  const entrega: [string, string, linea?: 'linea'][] = [
    ['Fecha de entrega', fechaLegible(cotizante.fecha_entrega), 'linea'],
    ['Nombre de contacto', cotizante.nombre_contacto, 'linea'],
    ['Correo de contacto', cotizante.correo_contacto],
    ['Teléfono', formatTelefono(cotizante.telefono_contacto)],
    ['Dirección de envío', cotizante.direccion_envio || NO_INDICADO, 'linea'],
    ['Región', cotizante.region_nombre ?? NO_INDICADO],
    ['Comuna', cotizante.comuna_nombre ?? NO_INDICADO],
  ];

  return (
    <section className="page resumen">
      <div>
        <h1>Resumen de la solicitud</h1>
        <p className="muted">Revisa tu solicitud antes de generar la cotización.</p>
      </div>
      <div>
        <div className="section-head">
          <h2>Productos solicitados</h2>
          <button type="button" className="btn btn--ghost" onClick={() => navigate('/cotizar', { state: EN_CURSO })}>
            Modificar productos
          </button>
        </div>
        <div className="resumen__productos">
          <DataTable caption="Productos solicitados" rows={solicitud.detalles} columns={COLUMNAS} rowKey={(d) => d.producto_id} empty={null} />
        </div>
      </div>
      <div>
        <div className="section-head">
          <h2>Datos de entrega</h2>
          <button type="button" className="btn btn--ghost" onClick={() => navigate('/datos-cotizacion')}>
            Modificar datos
          </button>
        </div>
        <dl className="panel datos resumen__entrega" aria-label="Datos de entrega">
          {entrega.map(([campo, valor, linea]) => (
            <div key={campo} className={linea ? 'datos__fila datos__fila--linea' : 'datos__fila'}>
              <dt>{campo}</dt>
              <dd>{valor}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={() => navigate('/datos-cotizacion')}>
          Volver
        </button>
        <SubmitButton type="button" busy={saveCotizante.isPending || compare.isPending} className="btn btn--primary btn--lg" onClick={generar}>
          Generar cotización
        </SubmitButton>
      </div>
    </section>
  );
}
