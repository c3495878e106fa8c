/** Files the app hands the browser to save: the catalogue's templates and the exports of pedidos and orders. */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An .xlsx, as base64 (the templates come inside JSON) or as the Blob an authenticated download
 * answered, as a link the browser downloads: a blob: URL, not a data: URL, so size does not matter.
 * Release it with URL.revokeObjectURL when done.
 */
export function urlDeXlsx(archivo: string | Blob): string {
  if (typeof archivo !== 'string') return URL.createObjectURL(archivo);
  const bytes = Uint8Array.from(atob(archivo), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: XLSX_MIME }));
}

/**
 * Saves a file now, as a click on a download link would: the request that fetched it carried the
 * session (`api(…, { auth: true, archivo: true })`), which a plain link cannot.
 */
export function guardarArchivo(archivo: Blob, nombre: string): void {
  const url = urlDeXlsx(archivo);
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
