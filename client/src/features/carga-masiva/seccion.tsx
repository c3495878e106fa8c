import { useId, useState } from 'react';
import {
  type ErrorSku,
  type FilaCarga,
  SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS,
  SIN_PRODUCTOS_VALIDOS,
  sinFilasValidasSchema,
  soloExclusivosValidos,
} from '#common/schemas/proveedor-carga';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-errors';
import { useSessionExpiredHandler } from '../../lib/session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SubmitButton } from '../../ui/form-controls';
import { toast } from '../../ui/toast';
import { aplicarConfirmacion, editarFila, filasValidas, type Grupo, lineasErroresCarga } from './filas';
import { hoyEnChile } from '#common/fecha';
import { ErroresModal } from './errores-modal';
import { TablaCarga } from './tabla';

/** What a confirmation call answered: how many rows it took and the ones it refused. */
export interface Confirmacion {
  tomadas: number;
  errores: ErrorSku[];
}

/** Runs the group's mutation; the section reacts to its outcome. */
export type Enviar = (filas: FilaCarga[], callbacks: { onSuccess(res: Confirmacion): void; onError(error: unknown): void }) => void;

/** docs/producto.md §2 and §8, per group: title, button, and the messages of its confirmation. */
const TEXTOS: Record<Grupo, { titulo: string; boton: string; exito: string; error: string; sinValidas: string; nota?: string }> = {
  existentes: {
    titulo: 'Productos ya registrados',
    boton: 'Confirmar productos existentes',
    exito: 'Productos actualizados correctamente.',
    error: 'Error al actualizar productos.',
    sinValidas: SIN_PRODUCTOS_VALIDOS,
    nota: 'SKU que ya ofreces: se actualizan su precio, sus precios por volumen y su stock.',
  },
  nuevos: {
    titulo: 'Productos nuevos detectados',
    boton: 'Confirmar productos nuevos',
    exito: 'Productos nuevos registrados correctamente.',
    error: 'Error al registrar productos nuevos.',
    sinValidas: SIN_PRODUCTOS_VALIDOS,
    nota: 'Productos del catálogo que reconocimos en tu archivo: revisa que el producto asignado sea el correcto.',
  },
  exclusivos: {
    titulo: 'Productos nuevos exclusivos',
    boton: 'Confirmar productos exclusivos',
    exito: 'Productos exclusivos registrados correctamente.',
    error: 'Error al registrar productos exclusivos.',
    sinValidas: SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS,
    nota: 'Productos que no están en el catálogo: quedarán en revisión por el equipo de la plataforma antes de publicarse.',
  },
};

/** docs/producto.md §2: what the '¿Estás seguro?' popup says when some rows have errors. */
const avisoConErrores = (grupo: Grupo, validas: number) =>
  grupo === 'exclusivos'
    ? soloExclusivosValidos(validas)
    : `Los productos con errores no se subirán. Se subirán ${validas} ${validas === 1 ? 'producto válido' : 'productos válidos'}.`;

interface SeccionCargaProps {
  grupo: Grupo;
  filas: FilaCarga[];
  enviar: Enviar;
  enviando: boolean;
  /** An empty row for the supplier to fill by hand (agregadoManual); not offered where a row needs a catalogue match. */
  nuevaFila?(): FilaCarga;
  /** Applies a confirmation's outcome to the group's rows as they are when it arrives (edits made meanwhile kept). */
  onFilas(actualizar: (filas: FilaCarga[]) => FilaCarga[]): void;
}

/**
 * One group of the upload with its confirmation (docs/producto.md §4 Bulk upload): only rows without errors
 * are sent; if some have errors, '¿Estás seguro?' first. Rows taken leave the list, rows refused
 * stay with the server's reason and the 'Errores al cargar los Datos' popup lists them.
 */
export function SeccionCarga({ grupo, filas, enviar, enviando, nuevaFila, onFilas }: SeccionCargaProps) {
  const textos = TEXTOS[grupo];
  const tituloId = useId();
  const onExpired = useSessionExpiredHandler();
  const [preguntar, setPreguntar] = useState(false);
  const [rechazos, setRechazos] = useState<string[]>([]);
  const validas = filasValidas(filas);
  const conErrores = filas.length - validas.length;

  const editar = (fila: FilaCarga, cambios: Partial<FilaCarga>) =>
    onFilas((actuales) => actuales.map((f) => (f.id === fila.id ? editarFila(f, cambios, hoyEnChile(), grupo) : f)));
  const quitar = (fila: FilaCarga) => onFilas((actuales) => actuales.filter((f) => f.id !== fila.id));
  // First in the list, so it is on the page in view rather than after the last one.
  const agregar = nuevaFila && (() => onFilas((actuales) => [nuevaFila(), ...actuales]));

  function confirmar() {
    if (validas.length === 0) return void toast.error(textos.sinValidas);
    if (conErrores > 0) return setPreguntar(true);
    subir();
  }

  function subir() {
    setPreguntar(false);
    const enviadas = validas;
    enviar(enviadas, {
      onSuccess: ({ tomadas, errores }) => {
        onFilas((actuales) => aplicarConfirmacion(actuales, enviadas, errores));
        if (tomadas > 0) toast.success(textos.exito);
        setRechazos(lineasErroresCarga(errores));
      },
      onError: (error) => {
        if (onExpired(error)) return;
        toast.error(apiErrorMessage(error, textos.error));
        // docs/producto.md §5: none valid on the server either; its reasons go on their rows and in the popup.
        const ninguna = error instanceof ApiError && error.status === 400 ? sinFilasValidasSchema.safeParse(error.data) : undefined;
        if (ninguna?.success) {
          onFilas((actuales) => aplicarConfirmacion(actuales, enviadas, ninguna.data.errores));
          setRechazos(lineasErroresCarga(ninguna.data.errores));
        }
      },
    });
  }

  return (
    <section className="carga__seccion" aria-labelledby={tituloId}>
      <div className="carga__seccion-head">
        <h2 id={tituloId}>
          {textos.titulo} <span className="carga__cuenta">({filas.length})</span>
        </h2>
        {conErrores > 0 && <span className="tag carga__tag-error">{conErrores} con errores</span>}
      </div>
      {textos.nota && <p className="muted">{textos.nota}</p>}
      <TablaCarga grupo={grupo} caption={textos.titulo} filas={filas} onEditar={editar} onQuitar={quitar} />
      <div className="carga__acciones">
        {agregar && (
          <button type="button" className="btn btn--ghost" onClick={agregar}>
            + Agregar producto
          </button>
        )}
        <SubmitButton type="button" busy={enviando} busyLabel="Enviando..." disabled={filas.length === 0} onClick={confirmar}>
          {textos.boton}
        </SubmitButton>
      </div>
      <ConfirmDialog
        open={preguntar}
        title="¿Estás seguro?"
        message={avisoConErrores(grupo, validas.length)}
        cancelLabel="Cancelar"
        confirmLabel="Confirmar"
        onCancel={() => setPreguntar(false)}
        onConfirm={subir}
      />
      <ErroresModal titulo="Errores al cargar los Datos" lineas={rechazos} onClose={() => setRechazos([])} />
    </section>
  );
}
