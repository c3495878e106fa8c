import { useEffect, useMemo } from 'react';
import { ARCHIVO_PLANTILLA_EJEMPLO, ARCHIVO_PRODUCTOS_REGISTRADOS } from '#common/schemas/proveedor-carga';
import { urlDeXlsx } from '../../lib/descarga';
import { toast } from '../../ui/toast';
import { usePlantillasExcel } from './api/plantillas-excel';

function Descarga({ href, archivo, children }: { href: string | undefined; archivo: string; children: string }) {
  // docs/producto.md §2: disabled until its link is known.
  if (!href)
    return (
      <button type="button" className="btn btn--secondary" disabled>
        {children}
      </button>
    );
  return (
    <a className="btn btn--secondary" href={href} download={archivo}>
      {children}
    </a>
  );
}

/** docs/producto.md §2 Bulk upload: the registered-products template and the example template. */
export function PlantillasCarga() {
  const plantillas = usePlantillasExcel();
  const urls = useMemo(
    () => (plantillas.data ? { productos: urlDeXlsx(plantillas.data.productos_excel), ejemplo: urlDeXlsx(plantillas.data.ejemplo_excel) } : undefined),
    [plantillas.data],
  );
  useEffect(
    () => () => {
      if (urls) for (const url of Object.values(urls)) URL.revokeObjectURL(url);
    },
    [urls],
  );
  useEffect(() => {
    if (plantillas.isError) toast.error('Error al cargar las plantillas de Excel');
  }, [plantillas.isError]);

  return (
    <div className="carga__plantillas">
      <Descarga href={urls?.productos} archivo={ARCHIVO_PRODUCTOS_REGISTRADOS}>
        Descargar productos registrados
      </Descarga>
      <Descarga href={urls?.ejemplo} archivo={ARCHIVO_PLANTILLA_EJEMPLO}>
        Descargar plantilla de ejemplo
      </Descarga>
    </div>
  );
}
