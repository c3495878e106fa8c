import { useMutation } from '@tanstack/react-query';
import type { ResultadoComparacion } from '#common/schemas/comparacion';
import { api } from '../api-client';
import { type Seleccion, seleccionGuardada } from './seleccion-storage';

/** The body of PUT actualizar (docs/producto.md §7): one item per offer bought. The server prices them again. */
export const productosElegidos = (resultados: readonly ResultadoComparacion[]) =>
  resultados.flatMap((r) =>
    r.opciones_seleccionadas
      .filter((o) => o.cantidad_proveida > 0)
      .map((o) => ({ proveedor_producto_id: o.proveedor_producto_id, cantidad: o.cantidad_proveida, precio: o.precio })),
  );

/** docs/producto.md §7: PUT {cotizacionId}/actualizar/ with the final choice; the clave opens an anonymous quotation. */
export const updateSeleccion = (seleccion: Seleccion, headers: Record<string, string> | undefined) =>
  api<{ id: number }>(`/api/cotizaciones/${seleccion.cotizacion_id}/actualizar/`, {
    method: 'PUT',
    body: { productos: productosElegidos(seleccion.resultados) },
    auth: true,
    headers,
  });

/** Saves the choice and marks it saved, so the order screen does not send it again. */
export async function saveSeleccion({ seleccion, headers }: { seleccion: Seleccion; headers: Record<string, string> | undefined }): Promise<void> {
  await updateSeleccion(seleccion, headers);
  seleccionGuardada.set({ ...seleccion, guardada: true });
}

export const useSaveSeleccion = () => useMutation({ mutationFn: saveSeleccion });
