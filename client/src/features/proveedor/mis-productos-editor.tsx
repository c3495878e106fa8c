import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { type ProveedorProductoEditData, proveedorProductoEditSchema } from '#common/schemas/proveedor-productos';
import { ApiError } from '../../lib/api-client';
import { showFormErrors } from '../../lib/form-errors';
import { FechaField } from '../../ui/fecha-input';
import { TextField } from '../../ui/fields';
import { FormError, SubmitButton } from '../../ui/form-controls';
import { toast } from '../../ui/toast';
import { useRefreshProveedoresProductos } from './api/proveedores-productos';
import { useUpdateProveedorProducto } from './api/update-proveedor-producto';
import { ACTUALIZADO, INESPERADO, mensajeErrorEdicion } from './mis-productos-errores';
import { type FilaProducto, rangosDe } from './mis-productos-filas';

interface Valores {
  tarifa: string;
  cantidad: string;
  fecha_expiracion: string;
  rangos: Record<string, string>;
}

const CAMPOS = ['tarifa', 'cantidad', 'fecha_expiracion'] as const;
// The form holds text; the shared schema turns it into the numbers the server stores.
const resolver = zodResolver(proveedorProductoEditSchema) as unknown as Resolver<Valores, unknown, ProveedorProductoEditData>;

/**
 * docs/producto.md §4 Supplier product editing: one row (the offer and its lot) at a time. Edit copies price,
 * quantity, expiry and tiers into the form; Cancelar discards; a successful save closes it. The
 * price and tiers are the offer's (every row of it changes); quantity and expiry are this lot's.
 */
export function EditorProducto({ fila, onClose }: { fila: FilaProducto; onClose(): void }) {
  const { oferta, lote } = fila;
  // Each tier as this product reads it ('Desde 100 cajas'): the form sends those names, the server knows both.
  const rangos = rangosDe(oferta.unidad);
  const update = useUpdateProveedorProducto();
  const refresh = useRefreshProveedoresProductos();
  const { register, control, handleSubmit, formState, setError } = useForm<Valores, unknown, ProveedorProductoEditData>({
    resolver,
    defaultValues: {
      tarifa: String(oferta.tarifa),
      cantidad: lote ? String(lote.cantidad) : '',
      fecha_expiracion: lote?.fecha_expiracion ?? '',
      rangos: Object.fromEntries(rangos.map((r) => [r.nombre, oferta.rangos[r.clave] === undefined ? '' : String(oferta.rangos[r.clave])])),
    },
  });
  const { errors } = formState;

  function guardar(data: ProveedorProductoEditData) {
    // cantidad_anterior: what the form showed, so an order that took stock meanwhile is never undone (docs/decisions/009).
    const body = { ...data, stock_id: lote?.id, cantidad_anterior: lote?.cantidad };
    update.mutate(
      { id: oferta.id, body },
      {
        onSuccess: () => {
          toast.success(ACTUALIZADO);
          onClose();
        },
        onError: (error) => {
          // docs/producto.md §8's message in the toast; a field's reason also under its field, any other above Guardar.
          showFormErrors(error, setError, { fields: CAMPOS, fallback: INESPERADO, toast: mensajeErrorEdicion(error) });
          // Deleted meanwhile (another tab): the row goes, and its editor with it.
          if (error instanceof ApiError && error.status === 404) {
            onClose();
            refresh();
          }
        },
      },
    );
  }

  return (
    <form className="editor-producto" onSubmit={handleSubmit(guardar)} noValidate aria-label={`Editar ${oferta.producto_nombre}`}>
      <p className="editor-producto__titulo">
        <strong>{oferta.producto_nombre}</strong> <span className="muted">SKU {oferta.sku}</span>
      </p>
      <div className="editor-producto__campos">
        <TextField label="Precio neto" inputMode="numeric" {...register('tarifa')} error={errors.tarifa?.message} />
        {rangos.map(({ nombre }) => (
          <TextField key={nombre} label={nombre} inputMode="numeric" {...register(`rangos.${nombre}`)} error={errors.rangos?.[nombre]?.message} />
        ))}
        <TextField label="Stock" inputMode="decimal" {...register('cantidad')} error={errors.cantidad?.message} />
        <FechaField control={control} name="fecha_expiracion" label="Fecha vencimiento" />
      </div>
      <FormError message={errors.root?.server?.message} />
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancelar
        </button>
        <SubmitButton busy={update.isPending} busyLabel="Guardando...">
          Guardar
        </SubmitButton>
      </div>
    </form>
  );
}
