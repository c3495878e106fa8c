import { useMemo, useState } from 'react';
import { formatCantidad } from '#common/format';
import { sinFila } from '#common/schemas/cotizaciones-filas';
import type { Lista, ListaInput } from '#common/schemas/listas';
import { apiErrorMessage, parseApiError } from '../../../lib/api-errors';
import { useCotizarLista } from '../../../lib/listas/cotizar-lista';
import { cuerpoDeLista, useDeleteLista, useUpdateLista } from '../../../lib/listas/listas-api';
import { NombreListaModal } from '../../../lib/listas/nombre-lista';
import { useSessionExpiredHandler } from '../../../lib/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { type Column, DataTable } from '../../../ui/data-table';
import { EntryCard } from '../../../ui/entry-card';
import { toast } from '../../../ui/toast';
import { AgregarProducto } from './agregar-producto';
import { erroresDeFila, mensajesDeProductos } from './cantidad';
import { CantidadEnLinea } from './cantidad-en-linea';
import { RecordatorioForm, textoRecordatorio } from './recordatorio';

type Linea = Lista['productos'][number];

const contarProductos = (n: number) => (n === 1 ? '1 producto' : `${n} productos`);

/**
 * One list of /listas (docs/producto.md §16): its products with their quantities edited in place,
 * rename, remove a product, add one, the weekly reminder, 'Cotizar esta lista' and delete. Every
 * change is a PUT of the whole list.
 */
export function ListaCard({ lista }: { lista: Lista }) {
  const update = useUpdateLista();
  const borrar = useDeleteLista();
  const onExpired = useSessionExpiredHandler();
  const cotizar = useCotizarLista();
  const [renombrando, setRenombrando] = useState(false);
  const [eliminando, setEliminando] = useState(false);
  const [agregando, setAgregando] = useState(false);
  const yaEstan = useMemo(() => new Set(lista.productos.map((p) => p.producto)), [lista.productos]);
  const disponibles = lista.productos.filter((p) => p.disponible);

  /** Saves the list with `cambios`; resolves with the server's message for `fila` (from 1), else toasts it. */
  const guardar = (cambios: Partial<ListaInput>, fila?: number) =>
    new Promise<string | undefined>((resolve) =>
      update.mutate(
        { id: lista.id, body: cuerpoDeLista(lista, cambios) },
        {
          onSuccess: () => resolve(undefined),
          onError: (error) => {
            if (onExpired(error)) return resolve(undefined);
            const deFila = fila === undefined ? [] : erroresDeFila(mensajesDeProductos(error), fila);
            if (deFila[0]) return resolve(deFila[0]);
            const campos = parseApiError(error).fields;
            const propio = campos.recordatorio ?? (campos.productos && sinFila(campos.productos));
            if (propio && fila === undefined) return resolve(propio);
            toast.error(apiErrorMessage(error, 'No se pudo guardar la lista.'));
            resolve(undefined);
          },
        },
      ),
    );

  const cambiarCantidad = (i: number, cantidad: number) =>
    guardar({ productos: lista.productos.map((p, j) => ({ producto: p.producto, cantidad: j === i ? cantidad : p.cantidad })) }, i + 1);

  function quitar(linea: Linea) {
    void guardar({ productos: lista.productos.filter((p) => p !== linea).map((p) => ({ producto: p.producto, cantidad: p.cantidad })) }).then((error) => {
      if (!error) toast.success(`${linea.nombre} quitado de la lista`);
    });
  }

  const columnas: Column<Linea>[] = [
    {
      id: 'producto',
      header: 'Producto',
      cell: (l) => (
        <>
          <strong>{l.nombre}</strong>
          {!l.disponible && <span className="lista__no-disponible"> Ya no se vende</span>}
        </>
      ),
    },
    { id: 'categoria', header: 'Categoría', cell: (l) => l.categoria },
    {
      id: 'cantidad',
      header: 'Cantidad',
      cell: (l) => (
        <CantidadEnLinea
          label={`Cantidad de ${l.nombre}`}
          cantidad={l.cantidad}
          unidad={l.unidad}
          onGuardar={(c) => cambiarCantidad(lista.productos.indexOf(l), c)}
        />
      ),
    },
    {
      id: 'quitar',
      header: 'Quitar',
      className: 'data-table__full',
      cell: (l) =>
        lista.productos.length > 1 ? (
          <button type="button" className="btn btn--ghost" onClick={() => quitar(l)} aria-label={`Quitar ${l.nombre} de la lista`}>
            Quitar
          </button>
        ) : null,
    },
  ];

  return (
    <EntryCard
      title={lista.nombre}
      subtitle={`${contarProductos(lista.productos.length)} · ${textoRecordatorio(lista.recordatorio)}`}
      deleteLabel={`Eliminar la lista «${lista.nombre}»`}
      onDelete={() => setEliminando(true)}
    >
      <div className="lista__acciones">
        <button type="button" className="btn btn--primary" disabled={disponibles.length === 0} onClick={() => cotizar(lista)}>
          Cotizar esta lista
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => setRenombrando(true)}>
          Cambiar nombre
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setAgregando((v) => !v)} aria-expanded={agregando}>
          Agregar productos
        </button>
      </div>
      {disponibles.length < lista.productos.length && (
        <p className="muted">
          {disponibles.length === 0 ? 'Ninguno de estos productos se vende hoy.' : 'Los productos que ya no se venden quedan en la lista, pero no se cotizan.'}
        </p>
      )}
      <DataTable caption={`Productos de la lista «${lista.nombre}»`} rows={lista.productos} columns={columnas} rowKey={(l) => l.producto} empty={null} />
      {agregando && (
        <AgregarProducto
          yaEstan={yaEstan}
          busy={update.isPending}
          onAgregar={(p, cantidad) =>
            guardar(
              { productos: [...lista.productos.map((x) => ({ producto: x.producto, cantidad: x.cantidad })), { producto: p.id, cantidad }] },
              lista.productos.length + 1,
            ).then((error) => {
              if (!error) toast.success(`${p.nombre} agregado: ${formatCantidad(cantidad, p.unidad)}`);
              return error;
            })
          }
        />
      )}
      <RecordatorioForm
        key={JSON.stringify(lista.recordatorio)}
        nombreLista={lista.nombre}
        recordatorio={lista.recordatorio}
        onGuardar={(recordatorio) =>
          guardar({ recordatorio }).then((error) => {
            if (!error) toast.success(recordatorio ? textoRecordatorio(recordatorio) : 'Recordatorio quitado');
            return error;
          })
        }
      />
      {renombrando && <RenombrarLista lista={lista} onClose={() => setRenombrando(false)} />}
      <ConfirmDialog
        open={eliminando}
        title={`¿Deseas eliminar la lista «${lista.nombre}»?`}
        message="Se borran sus productos y su recordatorio. Tus cotizaciones y órdenes no cambian."
        variant="danger"
        confirmLabel="Eliminar"
        cancelLabel="Cancelar"
        onCancel={() => setEliminando(false)}
        onConfirm={() =>
          borrar.mutate(lista.id, {
            onSuccess: () => toast.success(`Lista «${lista.nombre}» eliminada`),
            onError: (error) => {
              if (!onExpired(error)) toast.error(apiErrorMessage(error, 'No se pudo eliminar la lista.'));
            },
            onSettled: () => setEliminando(false),
          })
        }
      />
    </EntryCard>
  );
}

function RenombrarLista({ lista, onClose }: { lista: Lista; onClose(): void }) {
  const update = useUpdateLista();
  return (
    <NombreListaModal
      title="Cambiar nombre"
      nombre={lista.nombre}
      submitLabel="Guardar"
      busy={update.isPending}
      onClose={onClose}
      onGuardar={(nombre, showError) =>
        update.mutate(
          { id: lista.id, body: cuerpoDeLista(lista, { nombre }) },
          {
            onSuccess: (guardada) => {
              toast.success(`Lista «${guardada.nombre}» guardada`);
              onClose();
            },
            onError: showError,
          },
        )
      }
    />
  );
}
