import { useMutation } from '@tanstack/react-query';
import { archivoExportar, type ExportarQuery } from '#common/schemas/pedidos';
import { api } from './api-client';
import { guardarArchivo } from './descarga';

/** Whose export: the supplier's pedidos (/pedidos-recibidos) or the buyer's orders (/ordenes). */
export type Exportable = 'pedidos' | 'ordenes';

/** GET /api/pedidos/exportar/ or /api/ordenes/exportar/ — the .xlsx of a range of days, with the session. */
export const getExportar = (de: Exportable, rango: ExportarQuery) =>
  api<Blob>(`/api/${de}/exportar/?${new URLSearchParams({ desde: rango.desde, hasta: rango.hasta })}`, { auth: true, archivo: true });

/**
 * 'Descargar Excel': fetches the file and saves it under the name the server gives it
 * ('pedidos-2026-11-01-a-2026-11-30.xlsx'). A mutation although it reads: it runs on a click, once,
 * and its failure is the click's to tell.
 */
export const useDescargarExcel = (de: Exportable) =>
  useMutation({
    mutationFn: async (rango: ExportarQuery) => guardarArchivo(await getExportar(de, rango), archivoExportar(de, rango)),
  });
