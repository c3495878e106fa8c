import { useMemo, useState } from 'react';
import { unidadCorta } from '#common/format';
import type { ProductoEncontrado } from '#common/schemas/catalogo';
import { useCreateLista } from '../../../lib/listas/listas-api';
import { NombreListaField, useNombreLista } from '../../../lib/listas/nombre-lista';
import { type Column, DataTable } from '../../../ui/data-table';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { AgregarProducto } from './agregar-producto';
import { errorCantidad, mensajesDeProductos } from './cantidad';

interface Borrador {
  producto: ProductoEncontrado;
  cantidad: string;
}
const FORM_ID = 'crear-lista';

/** 'Crear lista': a name and products found by name, each with its quantity; saved in one POST. */
export function CrearLista({ onClose }: { onClose(): void }) {
  const crear = useCreateLista();
  const [filas, setFilas] = useState<Borrador[]>([]);
  const [errores, setErrores] = useState<string[]>([]);
  const { form, showError } = useNombreLista();
  const yaEstan = useMemo(() => new Set(filas.map((f) => f.producto.id)), [filas]);

  function onSubmit({ nombre }: { nombre: string }) {
    const propios = filas.flatMap((f, i) => {
      const e = errorCantidad(f.cantidad);
      return e ? [`Fila ${i + 1}: ${e}`] : [];
    });
    if (filas.length === 0) propios.push('Agrega al menos un producto a la lista.');
    setErrores(propios);
    if (propios.length > 0) return;
    crear.mutate(
      { nombre, productos: filas.map((f) => ({ producto: f.producto.id, cantidad: Number(f.cantidad) })) },
      {
        onSuccess: (lista) => {
          toast.success(`Lista «${lista.nombre}» guardada`);
          onClose();
        },
        onError: (error) => {
          if (showError(error)) setErrores(mensajesDeProductos(error));
        },
      },
    );
  }

  const columnas: Column<Borrador>[] = [
    { id: 'producto', header: 'Producto', cell: (f) => <strong>{f.producto.nombre}</strong> },
    { id: 'categoria', header: 'Categoría', cell: (f) => f.producto.categoria },
    {
      id: 'cantidad',
      header: 'Cantidad',
      cell: (f) => (
        <span className="lista-cantidad__campo">
          <input
            type="text"
            inputMode="numeric"
            aria-label={`Cantidad de ${f.producto.nombre}`}
            value={f.cantidad}
            onChange={(e) => setFilas((actuales) => actuales.map((x) => (x === f ? { ...x, cantidad: e.target.value } : x)))}
          />
          <span className="muted">{unidadCorta(f.producto.unidad, Number(f.cantidad) || 2)}</span>
        </span>
      ),
    },
    {
      id: 'quitar',
      header: 'Quitar',
      className: 'data-table__full',
      cell: (f) => (
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => setFilas((actuales) => actuales.filter((x) => x !== f))}
          aria-label={`Quitar ${f.producto.nombre}`}
        >
          Quitar
        </button>
      ),
    },
  ];

  return (
    <section className="panel crear-lista" aria-labelledby="crear-lista-titulo">
      <h2 id="crear-lista-titulo">Nueva lista</h2>
      <form id={FORM_ID} onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <NombreListaField form={form} />
      </form>
      <DataTable
        caption="Productos de la nueva lista"
        rows={filas}
        columns={columnas}
        rowKey={(f) => f.producto.id}
        empty={<p className="muted">Busca un producto por su nombre y agrégalo con su cantidad.</p>}
      />
      <AgregarProducto
        yaEstan={yaEstan}
        onAgregar={(producto, cantidad) => {
          setFilas((actuales) => [...actuales, { producto, cantidad: String(cantidad) }]);
          return undefined;
        }}
      />
      {/* The rows' messages are listed whole below; the form's one spot repeats none of them. */}
      <FormError message={errores.length > 0 ? undefined : form.formState.errors.root?.server?.message}>
        {errores.length > 0 && (
          <ul>
            {errores.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </FormError>
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancelar
        </button>
        <SubmitButton form={FORM_ID} busy={crear.isPending} busyLabel="Guardando...">
          Guardar lista
        </SubmitButton>
      </div>
    </section>
  );
}
