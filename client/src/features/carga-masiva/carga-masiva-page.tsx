import { useState } from 'react';
import type { CargaExcel, FilaCarga } from '#common/schemas/proveedor-carga';
import { useActualizarPrecios } from './api/actualizar-precios';
import { useRegistrarNuevos } from './api/registrar-nuevos';
import { ArchivoCarga } from './archivo';
import { ErroresModal } from './errores-modal';
import { hoyEnChile } from '#common/fecha';
import { type Grupo, lineasErroresArchivo, nuevaFilaManual, type Secciones, seccionesDe } from './filas';
import { PlantillasCarga } from './plantillas';
import { type Enviar, SeccionCarga } from './seccion';
import './carga-masiva.css';

/**
 * docs/producto.md §2 /carga-masiva: templates, the file, then what the platform understood of it in three
 * groups, each confirmed on its own. The upload's answer lives only on this screen: nothing is
 * written until a group is confirmed, and a new file replaces it.
 */
export default function CargaMasivaPage() {
  const actualizar = useActualizarPrecios();
  // One mutation per group, so each confirm button is busy only for its own call.
  const registrarNuevos = useRegistrarNuevos();
  const registrarExclusivos = useRegistrarNuevos();
  const [secciones, setSecciones] = useState<Secciones | null>(null);
  const [erroresArchivo, setErroresArchivo] = useState<string[]>([]);

  function cargado(carga: CargaExcel) {
    setSecciones(seccionesDe(carga));
    setErroresArchivo(lineasErroresArchivo(carga.errores));
  }

  const onFilas = (grupo: Grupo) => (cambiar: (filas: FilaCarga[]) => FilaCarga[]) =>
    setSecciones((actuales) => actuales && { ...actuales, [grupo]: cambiar(actuales[grupo]) });
  const nuevaFila = () => nuevaFilaManual(secciones ?? { existentes: [], nuevos: [], exclusivos: [] }, hoyEnChile());

  const enviarExistentes: Enviar = (productos, { onSuccess, onError }) =>
    actualizar.mutate(productos, { onSuccess: (r) => onSuccess({ tomadas: r.actualizados, errores: r.errores }), onError });
  // docs/producto.md §7 {productos} for both: a new row carries its catalogue product (producto), an exclusive
  // one its own category by name, so no categoria_id is needed.
  const registrar =
    (mutation: typeof registrarNuevos): Enviar =>
    (productos, { onSuccess, onError }) =>
      mutation.mutate({ productos }, { onSuccess: (r) => onSuccess({ tomadas: r.registrados, errores: r.errores }), onError });

  return (
    <section className="page carga">
      <h1>Carga masiva de productos</h1>
      <p className="muted">
        Descarga tus productos registrados o la plantilla de ejemplo, complétala y súbela. Antes de guardar nada te mostraremos lo que entendimos de tu archivo
        para que lo revises.
      </p>
      <PlantillasCarga />
      <ArchivoCarga onCargado={cargado} />
      {secciones && (
        <>
          <SeccionCarga
            grupo="existentes"
            filas={secciones.existentes}
            enviar={enviarExistentes}
            enviando={actualizar.isPending}
            nuevaFila={nuevaFila}
            onFilas={onFilas('existentes')}
          />
          <SeccionCarga
            grupo="nuevos"
            filas={secciones.nuevos}
            enviar={registrar(registrarNuevos)}
            enviando={registrarNuevos.isPending}
            onFilas={onFilas('nuevos')}
          />
          <SeccionCarga
            grupo="exclusivos"
            filas={secciones.exclusivos}
            enviar={registrar(registrarExclusivos)}
            enviando={registrarExclusivos.isPending}
            nuevaFila={nuevaFila}
            onFilas={onFilas('exclusivos')}
          />
        </>
      )}
      <ErroresModal titulo="Errores en el archivo Excel" lineas={erroresArchivo} onClose={() => setErroresArchivo([])} />
    </section>
  );
}
