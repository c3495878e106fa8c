import { useMutation } from '@tanstack/react-query';
import type { CargaExcel } from '#common/schemas/proveedor-carga';
import { api } from '../../../lib/api-client';

interface CargarExcelArgs {
  archivo: File;
  /** From 0 to 1 while the file travels (api-client reports it for FormData bodies). */
  onProgress?(fraction: number): void;
}

/** docs/producto.md §7: POST cargar-excel, multipart field `archivo` (authorized). Nothing is written on the server at this step. */
export function cargarExcel({ archivo, onProgress }: CargarExcelArgs) {
  const body = new FormData();
  body.append('archivo', archivo);
  return api<CargaExcel>('/api/productos/cargar-excel/', { method: 'POST', body, auth: true, onUploadProgress: onProgress });
}

export const useCargarExcel = () => useMutation({ mutationFn: cargarExcel });
