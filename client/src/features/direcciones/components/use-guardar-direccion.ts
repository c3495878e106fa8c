import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { DireccionInput } from '../../../../../common/schemas/direcciones';
import { ApiError } from '../../../lib/api-client';
import { useSession, useSessionExpiredHandler } from '../../../lib/session';
import { toast } from '../../../ui/toast';
import { saveDireccion } from '../api/save-direccion';
import { DIRECCIONES_KEY } from '../api/use-direcciones';

/** Add (no id) or edit an address; both end on /direcciones with SPEC §8's toasts. */
export function useGuardarDireccion(editingId?: number) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const onExpired = useSessionExpiredHandler();
  return async (values: DireccionInput) => {
    try {
      await saveDireccion(values, editingId);
      await Promise.all([queryClient.invalidateQueries({ queryKey: DIRECCIONES_KEY }), session.reload()]);
      toast.success(editingId === undefined ? '¡Dirección agregada correctamente!' : '¡Dirección actualizada correctamente!');
      navigate('/direcciones');
    } catch (error) {
      if (onExpired(error)) return;
      const detail = error instanceof ApiError ? ((error.data as { detail?: string })?.detail ?? error.field('comuna')) : undefined;
      toast.error(detail ?? (editingId === undefined ? 'Error al guardar la dirección' : 'Error al actualizar la dirección'));
    }
  };
}
