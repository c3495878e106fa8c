import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { unidadCorta } from '#common/format';
import type { ProductoEncontrado } from '#common/schemas/catalogo';
import { nombreListaSchema } from '#common/schemas/listas';
import { z } from '#common/zod-es';
import { showFormErrors } from '../../../lib/form-errors';
import { useCreateLista } from '../../../lib/listas/listas-api';
import { useSessionExpiredHandler } from '../../../lib/session';
import { type Column, DataTable } from '../../../ui/data-table';
import { TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { AgregarProducto } from './agregar-producto';
import { errorCantidad, mensajesDeProductos } from './cantidad';

interface Borrador {
  producto: ProductoEncontrado;
  cantidad: string;
}
const nombreSchema = z.object({ nombre: nombreListaSchema });
type NombreValues = z.input<typeof nombreSchema>;
const FORM_ID = 'crear-lista';

/** 'Crear lista': a name and products found by name, each with its quantity; saved in one POST. */
export function CrearLista({ onClose }: { onClose(): void }) {
  const crear = useCreateLista();
  const onExpired = useSessionExpiredHandler();
  const [filas, setFilas] = useState<Borrador[]>([]);
  const [errores, setErrores] = useState<string[]>([]);
  const { register, handleSubmit, formState, setError } = useForm<NombreValues>({ resolver: zodResolver(nombreSchema), defaultValues: { nombre: '' } });
  const yaEstan = useMemo(() => new Set(filas.map((f) => f.producto.id)), [filas]);

  function onSubmit({ nombre }: NombreValues) {
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
          if (onExpired(error)) return;
          setErrores(mensajesDeProductos(error));
          showFormErrors(error, setError, { fields: ['nombre'], fallback: 'No se pudo guardar la lista.', toast: null });
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
      <form id={FORM_ID} onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField label="Nombre de la lista" placeholder="Ej: Semana" maxLength={100} {...register('nombre')} error={formState.errors.nombre?.message} />
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
      <FormError message={formState.errors.root?.server?.message}>
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
