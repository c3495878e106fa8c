import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productosElegidos } from '../components/eleccion';
import { type Eleccion, eleccionGuardada } from './eleccion-storage';

/** SPEC §7: PUT {cotizacionId}/actualizar/ with the final choice; the clave opens an anonymous quotation. */
export const updateSeleccion = (eleccion: Eleccion, headers: Record<string, string> | undefined) =>
  api<{ id: number }>(`/api/cotizaciones/${eleccion.cotizacion_id}/actualizar/`, {
    method: 'PUT',
    body: { productos: productosElegidos(eleccion.resultados) },
    auth: true,
    headers,
  });

/** Saves the choice and marks it saved, so the order screen does not send it again. */
export async function saveEleccion({ eleccion, headers }: { eleccion: Eleccion; headers: Record<string, string> | undefined }): Promise<void> {
  await updateSeleccion(eleccion, headers);
  eleccionGuardada.set({ ...eleccion, guardada: true });
}

export const useSaveEleccion = () => useMutation({ mutationFn: saveEleccion });
