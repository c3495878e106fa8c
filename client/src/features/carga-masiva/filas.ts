import { type CargaExcel, type ErrorSku, erroresFila, type FilaCarga, NOMBRES_RANGO, validateFila } from '#common/schemas/proveedor-carga';

/** The three groups of an upload (docs/producto.md §2 Bulk upload), in the order the screen shows them. */
export type Grupo = 'existentes' | 'nuevos' | 'exclusivos';
export type Secciones = Record<Grupo, FilaCarga[]>;
export const GRUPOS: readonly Grupo[] = ['existentes', 'nuevos', 'exclusivos'];

export const seccionesDe = (carga: CargaExcel): Secciones => ({
  existentes: carga.productos_existentes,
  nuevos: carga.productos_nuevos,
  exclusivos: carga.productos_nuevos_exclusivos,
});

/**
 * An edit on screen: the row takes the change and its errors are docs/producto.md §5's verdict on it now, by
 * the rule the server applies (common/ erroresFila), so a row fixed here is valid when sent; a
 * stock conflict's question stays until the supplier answers it. Errors only the server can tell
 * (an unknown category, a repeated SKU) go with the edit; if they still hold, the confirmation
 * brings them back as that row's reason. A row of an offer the supplier has may carry no lot.
 */
export function editarFila(fila: FilaCarga, cambios: Partial<FilaCarga>, hoy: string, grupo: Grupo): FilaCarga {
  const editada = { ...fila, ...cambios };
  return { ...editada, errores: erroresFila(editada, hoy, { sinLote: grupo === 'existentes' }) };
}

/** A row the supplier adds by hand to a section (docs/producto.md §3 agregadoManual), with the next free id. */
export function nuevaFilaManual(secciones: Secciones, hoy: string): FilaCarga {
  const id = Math.max(1, ...GRUPOS.flatMap((g) => secciones[g].map((f) => f.id))) + 1;
  const fila: FilaCarga = {
    id,
    sku: '',
    nombre: '',
    stock: null,
    precio: null,
    fecha_vencimiento: null,
    rangos: Object.fromEntries(NOMBRES_RANGO.map((r) => [r, null])),
    origen: null,
    categoria: null,
    marca: null,
    producto: null,
    formato: null,
    unidad: null,
    errores: [],
    producto_asignado: null,
    agregadoManual: true,
  };
  return { ...fila, errores: validateFila(fila, hoy) };
}

/** docs/producto.md §5: only rows without errors are sent. */
export const filasValidas = (filas: readonly FilaCarga[]) => filas.filter((f) => f.errores.length === 0);

/**
 * docs/producto.md §4 Bulk upload: after a confirmation the rows sent and taken leave the list; rows the
 * server refused stay with its reason, and rows that were not sent (with errors) stay as they were.
 */
export function aplicarConfirmacion(filas: readonly FilaCarga[], enviadas: readonly FilaCarga[], rechazos: readonly ErrorSku[]): FilaCarga[] {
  const ids = new Set(enviadas.map((f) => f.id));
  const motivos = new Map<string, string[]>();
  // A stock conflict names its row: the lots changed again, so the row asks again with the new numbers.
  const conflictos = new Map<number, ErrorSku>();
  for (const rechazo of rechazos) {
    if (rechazo.fila !== undefined && rechazo.conflicto) conflictos.set(rechazo.fila, rechazo);
    else motivos.set(rechazo.sku, [...(motivos.get(rechazo.sku) ?? []), rechazo.motivo]);
  }
  return filas.flatMap((fila) => {
    if (!ids.has(fila.id)) return [fila];
    const conflicto = conflictos.get(fila.id);
    if (conflicto) return [{ ...fila, conflicto: conflicto.conflicto, errores: [conflicto.motivo] }];
    const propios = motivos.get(fila.sku);
    return propios ? [{ ...fila, errores: propios }] : [];
  });
}

/** docs/producto.md §2 popups: 'Fila N: errors' for the file, 'SKU x: reason' for a confirmation. */
export const lineasErroresArchivo = (errores: CargaExcel['errores']) => errores.map((e) => `Fila ${e.fila}: ${e.errores.join(' ')}`);
export const lineasErroresCarga = (errores: readonly ErrorSku[]) => errores.map((e) => `SKU ${e.sku}: ${e.motivo}`);
