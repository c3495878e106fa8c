import { useState } from 'react';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '#common/constants';
import { ARCHIVO_DEMASIADO_GRANDE, ARCHIVO_REQUERIDO, ARCHIVO_TIPO_INVALIDO, type CargaExcel, cargaExcelSchemaOut } from '#common/schemas/proveedor-carga';
import { apiErrorMessage } from '../../lib/api-errors';
import { useSessionExpiredHandler } from '../../lib/session';
import { DropZone } from '../../ui/drop-zone';
import { SubmitButton } from '../../ui/form-controls';
import { toast } from '../../ui/toast';
import { useCargarExcel } from './api/cargar-excel';

/** docs/producto.md §5 Upload file: the client's first check (the server checks the content again). */
const MENSAJES_ARCHIVO = { type: ARCHIVO_TIPO_INVALIDO, size: ARCHIVO_DEMASIADO_GRANDE };

/** docs/producto.md §2 Bulk upload: the drop zone, 'Subir archivo Excel' / 'Subiendo...' and the upload's progress. */
export function ArchivoCarga({ onCargado }: { onCargado(carga: CargaExcel): void }) {
  const cargar = useCargarExcel();
  const onExpired = useSessionExpiredHandler();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [progreso, setProgreso] = useState(0);

  function subir(e: React.FormEvent) {
    e.preventDefault();
    if (!archivo) return setError(ARCHIVO_REQUERIDO);
    setProgreso(0);
    cargar.mutate(
      { archivo, onProgress: setProgreso },
      {
        onSuccess: (respuesta) => {
          const carga = cargaExcelSchemaOut.safeParse(respuesta);
          if (!carga.success) return void toast.error('Error al cargar productos');
          onCargado(carga.data);
        },
        onError: (err) => {
          if (onExpired(err)) return;
          // docs/producto.md §8: the server's detail (a refused file says why), else 'Error al subir el archivo'.
          toast.error(apiErrorMessage(err, 'Error al subir el archivo'));
        },
      },
    );
  }

  return (
    <form className="panel carga__archivo" onSubmit={subir} noValidate>
      <DropZone
        label="Archivo Excel (.xlsx o .xls, hasta 5MB)"
        accept={UPLOAD_EXTENSIONS}
        maxBytes={UPLOAD_MAX_BYTES}
        messages={MENSAJES_ARCHIVO}
        file={archivo}
        onFileChange={(f) => {
          setArchivo(f);
          setError(undefined);
        }}
        error={error}
        disabled={cargar.isPending}
      />
      <div className="carga__subir">
        <SubmitButton busy={cargar.isPending} busyLabel="Subiendo...">
          Subir archivo Excel
        </SubmitButton>
        {cargar.isPending && (
          <>
            <progress className="carga__progreso" max={1} value={progreso} aria-label="Progreso de la subida" />
            <span className="muted" aria-live="polite">
              {progreso < 1 ? `${Math.round(progreso * 100)} %` : 'Revisando el archivo...'}
            </span>
          </>
        )}
      </div>
    </form>
  );
}
