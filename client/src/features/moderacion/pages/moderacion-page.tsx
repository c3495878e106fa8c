import { Fragment, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { SearchSortFilters } from '../../../ui/search-sort-filters';
import { formatCantidad, formatClp, formatFechaHora } from '#common/format';
import { type AccionModeracion, MOTIVO_MAX, type ProductoParecido, type ProductoPendiente } from '#common/schemas/moderacion';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { type Column, DataTable } from '../../../ui/data-table';
import { SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useModerarProductos } from '../api/moderar-producto';
import { useProductosPendientes } from '../api/productos-pendientes';
import { stagedGuardados } from '../api/staged-storage';
import { buscarPendientes, ORDENES_PENDIENTES, type OrdenPendientes, ordenarPendientes, porEnviar, type Staged, stage } from '../components/staged';
import './moderacion.css';

const PAGE_SIZE = 10;
type Envio = AccionModeracion | 'todo';
type Pregunta = { tipo: 'enviar'; cuales: Envio } | { tipo: 'quitar-todos' } | null;

// docs/producto.md §2 Moderation: the four confirm popups, to the letter ('staged' included: docs/decisions/017).
const PREGUNTAS: Record<Envio | 'quitar-todos', string> = {
  aprobar: '¿Deseas enviar todos los productos marcados como aprobados?',
  rechazar: '¿Deseas enviar todos los productos marcados como rechazados?',
  todo: '¿Deseas enviar todos los productos en staged?',
  'quitar-todos': '¿Seguro que quieres quitar todos los productos de staged?',
};

/**
 * docs/producto.md §2 /moderacion-productos: the pending table on the left, the staged decisions on the
 * right. Staging is local until sent; sending posts one call per product in parallel and the
 * products that went through leave the staged list (those that failed stay, to try again).
 */
export default function ModeracionPage() {
  const pendientes = useProductosPendientes();
  const moderar = useModerarProductos();
  // Kept in session storage as they change: a reload finds the decisions and reasons as they were.
  const [staged, setStaged] = useState<Staged[]>(() => stagedGuardados.get() ?? []);
  const [texto, setTexto] = useState('');
  const [orden, setOrden] = useState<OrdenPendientes | ''>('');
  const [pregunta, setPregunta] = useState<Pregunta>(null);
  // The one pending product opened in full (an expanded row of the table).
  const [abierto, setAbierto] = useState<number | null>(null);

  useEffect(() => {
    if (staged.length > 0) stagedGuardados.set(staged);
    else stagedGuardados.remove();
  }, [staged]);

  // A restored decision about a product no longer pending (another moderator decided it) has nothing left to send.
  useEffect(() => {
    if (!pendientes.data) return;
    const ids = new Set(pendientes.data.map((p) => p.id));
    setStaged((s) => (s.every((x) => ids.has(x.id)) ? s : s.filter((x) => ids.has(x.id))));
  }, [pendientes.data]);

  useEffect(() => {
    if (pendientes.isError) toast.error('Error al cargar productos pendientes', { id: 'pendientes' });
  }, [pendientes.isError]);

  const visibles = useMemo(() => {
    const enStaged = new Set(staged.map((s) => s.id));
    return ordenarPendientes(
      buscarPendientes(
        (pendientes.data ?? []).filter((p) => !enStaged.has(p.id)),
        texto,
      ),
      orden,
    );
  }, [pendientes.data, staged, texto, orden]);

  const marcar = (p: ProductoPendiente, accion: AccionModeracion) => setStaged((s) => stage(s, p, accion));
  const quitar = (id: number) => setStaged((s) => s.filter((x) => x.id !== id));
  const setMotivo = (id: number, motivo: string) => setStaged((s) => s.map((x) => (x.id === id ? { ...x, motivo } : x)));

  function pedirEnvio(cuales: Envio) {
    if (porEnviar(staged, cuales).length === 0) return toast.error('No hay productos para enviar');
    setPregunta({ tipo: 'enviar', cuales });
  }

  function enviar(cuales: Envio) {
    setPregunta(null);
    const items = porEnviar(staged, cuales);
    moderar.mutate(
      items.map((s) => ({ producto_id: s.id, accion: s.accion, ...(s.accion === 'rechazar' && s.motivo.trim() ? { motivo: s.motivo.trim() } : {}) })),
      {
        onSuccess: ({ enviados, fallidos }) => {
          setStaged((s) => s.filter((x) => !enviados.includes(x.id)));
          if (fallidos.length > 0) toast.error('Error al enviar moderaciones');
          else toast.success('Moderaciones enviadas correctamente');
        },
        onError: () => toast.error('Error al enviar moderaciones'),
      },
    );
  }

  const acciones = (p: ProductoPendiente) => (
    <div className="moderacion__acciones">
      <button type="button" className="btn btn--primary" onClick={() => marcar(p, 'aprobar')} aria-label={`Aprobar ${p.nombre}`}>
        Aprobar
      </button>
      <button type="button" className="btn btn--danger" onClick={() => marcar(p, 'rechazar')} aria-label={`Rechazar ${p.nombre}`}>
        Rechazar
      </button>
    </div>
  );

  const columns: Column<ProductoPendiente>[] = [
    { id: 'id', header: 'ID', cell: (p) => p.id },
    {
      id: 'nombre',
      header: 'Nombre',
      cell: (p) => (
        <>
          <span className="moderacion__nombre">{p.nombre}</span>
          {p.similares[0] && (
            <span className="moderacion__parecido">
              Parecido a: {p.similares[0].nombre} ({porcentaje(p.similares[0])})
            </span>
          )}
          <button
            type="button"
            className="btn btn--ghost moderacion__ver"
            aria-expanded={false}
            aria-label={`Ver detalle de ${p.nombre}`}
            onClick={() => setAbierto(p.id)}
          >
            Ver detalle
            {p.similares.length > 0 && (
              <span className="tag moderacion__parecidos">{p.similares.length === 1 ? '1 parecido' : `${p.similares.length} parecidos`}</span>
            )}
          </button>
        </>
      ),
    },
    { id: 'categoria', header: 'Categoría', cell: (p) => p.categoria_nombre },
    { id: 'proveedor', header: 'Proveedor', className: 'moderacion__proveedor', cell: (p) => (p.proveedor_email ? <Correo email={p.proveedor_email} /> : '—') },
    {
      id: 'acciones',
      header: 'Acciones',
      className: 'data-table__full',
      cell: acciones,
    },
  ];

  return (
    <div className="page moderacion">
      <section className="panel moderacion__pendientes" aria-labelledby="moderacion-pendientes">
        <h1 id="moderacion-pendientes">Moderación de Productos Pendientes</h1>
        <SearchSortFilters
          className="moderacion__filtros"
          placeholder="Buscar producto, categoría, proveedor o ID..."
          texto={texto}
          onTextoChange={setTexto}
          orden={orden}
          onOrdenChange={setOrden}
          ordenes={ORDENES_PENDIENTES}
        />
        {pendientes.isPending ? (
          <p className="empty" role="status">
            Cargando...
          </p>
        ) : pendientes.isError ? (
          <div className="empty" role="alert">
            <p>Error al cargar productos pendientes</p>
            <button type="button" className="btn btn--secondary" onClick={() => pendientes.refetch()}>
              Reintentar
            </button>
          </div>
        ) : (
          <DataTable
            key={`${texto}|${orden}`}
            caption="Productos pendientes de moderación"
            rows={visibles}
            columns={columns}
            rowKey={(p) => p.id}
            pageSize={PAGE_SIZE}
            editingKey={abierto}
            renderEditor={(p) => <Detalle producto={p} acciones={acciones(p)} onCerrar={() => setAbierto(null)} />}
            empty={
              texto && (pendientes.data?.length ?? 0) > staged.length
                ? 'Ningún producto coincide con tu búsqueda.'
                : 'No hay productos pendientes de moderación.'
            }
          />
        )}
      </section>

      <section className="panel moderacion__staged" aria-labelledby="moderacion-staged">
        <h2 id="moderacion-staged">Productos por confirmar</h2>
        {staged.length === 0 ? (
          <p className="empty">No hay productos por confirmar.</p>
        ) : (
          <>
            <div className="moderacion__bulk">
              <SubmitButton type="button" className="btn btn--primary" busy={moderar.isPending} onClick={() => pedirEnvio('aprobar')}>
                Enviar aprobados
              </SubmitButton>
              <SubmitButton type="button" className="btn btn--danger" busy={moderar.isPending} onClick={() => pedirEnvio('rechazar')}>
                Enviar rechazados
              </SubmitButton>
              <SubmitButton type="button" className="btn btn--secondary" busy={moderar.isPending} onClick={() => pedirEnvio('todo')}>
                Enviar todo
              </SubmitButton>
              <button type="button" className="btn btn--ghost" disabled={moderar.isPending} onClick={() => setPregunta({ tipo: 'quitar-todos' })}>
                Quitar todos
              </button>
            </div>
            <ul className="moderacion__lista" aria-label="Decisiones por enviar">
              {staged.map((s) => (
                <StagedItem key={s.id} item={s} onCambiar={(accion) => marcar(s, accion)} onQuitar={() => quitar(s.id)} onMotivo={(m) => setMotivo(s.id, m)} />
              ))}
            </ul>
          </>
        )}
      </section>

      <ConfirmDialog
        open={pregunta !== null}
        title={pregunta ? PREGUNTAS[pregunta.tipo === 'enviar' ? pregunta.cuales : 'quitar-todos'] : ''}
        variant={pregunta?.tipo === 'quitar-todos' ? 'danger' : 'default'}
        onConfirm={() => {
          if (pregunta?.tipo === 'enviar') enviar(pregunta.cuales);
          else {
            setStaged([]);
            setPregunta(null);
          }
        }}
        onCancel={() => setPregunta(null)}
      />
    </div>
  );
}

/**
 * A supplier's e-mail that may break before its '@' and its dots (a <wbr>: copying it copies the
 * address as it is), so a long address wraps by its parts, not letter by letter in a narrow column.
 */
function Correo({ email }: { email: string }) {
  let desde = 0;
  return (
    <span className="moderacion__correo">
      {email.split(/(?=[.@])/).map((parte) => {
        const key = desde;
        desde += parte.length;
        return (
          <Fragment key={key}>
            {key > 0 && <wbr />}
            {parte}
          </Fragment>
        );
      })}
    </span>
  );
}

const porcentaje = (s: ProductoParecido) => `${Math.round(s.similitud * 100)} %`;

/**
 * All a moderator needs to decide (docs/decisions/009), as the table's expanded row: the product's
 * data, the offer of the supplier who proposed it, and every catalogue product whose name is close,
 * to catch a duplicate; its decision buttons at hand.
 */
function Detalle({ producto: p, acciones, onCerrar }: { producto: ProductoPendiente; acciones: ReactNode; onCerrar(): void }) {
  const rangos = Object.entries(p.rangos);
  // The button that opened it is gone (the row is replaced): the keyboard goes on from here.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const datos: Array<[string, string]> = [
    ['SKU', p.sku ?? '—'],
    ['Marca', p.marca],
    ['Origen', p.origen],
    ['Formato', p.formatos.join(', ') || '—'],
    ['Unidad', p.unidad],
    ['Precio', p.precio === null ? '—' : formatClp(p.precio)],
    ['Rangos', rangos.length > 0 ? rangos.map(([rango, precio]) => `${rango}: ${formatClp(precio)}`).join(' · ') : 'Sin rangos'],
    ['Stock', p.stock > 0 ? formatCantidad(p.stock, p.unidad) : 'Sin stock'],
    ['Proveedor', p.proveedor_nombre || '—'],
    ['Correo', p.proveedor_email || '—'],
    ['Enviado', formatFechaHora(p.creado_en)],
  ];
  return (
    <section ref={ref} tabIndex={-1} className="moderacion__detalle" aria-label={`Detalle de ${p.nombre}`}>
      <div className="moderacion__detalle-cabeza">
        <h3>
          #{p.id} <span className="moderacion__nombre">{p.nombre}</span> <span className="muted">· {p.categoria_nombre}</span>
        </h3>
        <button type="button" className="btn btn--ghost" aria-expanded={true} aria-label={`Ocultar detalle de ${p.nombre}`} onClick={onCerrar}>
          Ocultar detalle
        </button>
      </div>
      <dl className="moderacion__datos">
        {datos.map(([campo, valor]) => (
          <div key={campo}>
            <dt>{campo}</dt>
            <dd>{campo === 'Correo' && p.proveedor_email ? <Correo email={p.proveedor_email} /> : valor}</dd>
          </div>
        ))}
      </dl>
      {p.similares.length === 0 ? (
        <p className="muted">Ningún producto del catálogo se llama parecido.</p>
      ) : (
        <ul className="moderacion__similares" aria-label={`Productos parecidos a ${p.nombre}`}>
          {p.similares.map((s) => (
            <li key={s.id}>
              Parecido a: {s.nombre} ({porcentaje(s)})
              <span className="muted">
                {' '}
                · {s.categoria} · {s.marca}
              </span>
            </li>
          ))}
        </ul>
      )}
      {acciones}
    </section>
  );
}

/** One staged decision: its product, the decision (which can be changed), the reason of a rejection, and Quitar. */
function StagedItem({
  item,
  onCambiar,
  onQuitar,
  onMotivo,
}: {
  item: Staged;
  onCambiar(a: AccionModeracion): void;
  onQuitar(): void;
  onMotivo(m: string): void;
}) {
  const motivoId = useId();
  const aprobar = item.accion === 'aprobar';
  return (
    <li className={`moderacion__item moderacion__item--${item.accion}`}>
      <div className="moderacion__item-cabeza">
        <span>
          <strong>
            #{item.id} {item.nombre}
          </strong>
          <span className="muted"> · {item.categoria_nombre}</span>
        </span>
        <span className={`tag moderacion__decision moderacion__decision--${item.accion}`}>{aprobar ? 'Aprobar' : 'Rechazar'}</span>
      </div>
      {!aprobar && (
        <div className="field">
          <label htmlFor={motivoId}>Motivo del rechazo (opcional)</label>
          <textarea id={motivoId} rows={2} maxLength={MOTIVO_MAX} value={item.motivo} onChange={(e) => onMotivo(e.target.value)} />
        </div>
      )}
      <div className="moderacion__item-acciones">
        <button type="button" className="btn btn--ghost" onClick={() => onCambiar(aprobar ? 'rechazar' : 'aprobar')}>
          {aprobar ? 'Cambiar a rechazar' : 'Cambiar a aprobar'}
          <span className="visually-hidden"> {item.nombre}</span>
        </button>
        <button type="button" className="btn btn--ghost" onClick={onQuitar} aria-label={`Quitar ${item.nombre}`}>
          Quitar
        </button>
      </div>
    </li>
  );
}
