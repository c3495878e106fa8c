import ExcelJS from 'exceljs';
import { diaUtc, hoyEnChile, sumarDias } from '#common/fecha';
import { FORMATO_FECHA_EXCEL } from '#common/format';
import { cantidadConfirmada } from '#common/reclamo';
import { estadoPedidoTexto, type ExportarQuery, PROBLEMA_TEXTO } from '#common/schemas/pedidos';
import type { Db } from '#server/db/client';
import { instanteEnChile } from '#server/modules/listas/recordatorios/ocurrencia';
import { escaparCelda } from '#server/modules/proveedor/carga/filas';
import { findPedidosExportar, type Intervalo, ordenesPorIds, pedidosPorIds } from './exportar.repository';
import { findOrdenesCabecera, findPedidosCompletos, type OrdenCabecera, type PedidoCompleto } from './pedidos.repository';

/**
 * The .xlsx of a supplier's pedidos or of a buyer's orders over a range of Chile days
 * (docs/producto.md §18, docs/decisions/026 §Exportar): sheet 'Pedidos', one row per pedido with
 * its final amounts, claim, invoice and payment; sheet 'Líneas', one row per line. Numbers are
 * numbers and days are Excel dates, so the file sums and sorts; every text cell is escaped against
 * formula injection as the catalogue's templates are (a buyer's name may start with '=').
 */

/** Pedidos read per query: a year of a busy supplier's is thousands, each with its lines. */
const POR_PAGINA = 500;

type Valor = string | number | Date | null;

/** The instants from midnight of `desde` to midnight after `hasta`, on Chile's clock. */
const intervaloDe = ({ desde, hasta }: ExportarQuery): Intervalo => ({ desde: instanteEnChile(desde, 0), hasta: instanteEnChile(sumarDias(hasta, 1), 0) });

const fecha = (iso: string | null) => (iso === null ? null : diaUtc(iso.slice(0, 10)));

const RECLAMO_TEXTO = { abierto: 'Abierto', aceptado: 'Aceptado', rechazado: 'Rechazado' } as const;

/** Whose name the file gives each pedido: the buyer's to its supplier, the supplier's to its buyer. */
export type Contraparte = 'comprador' | 'proveedor';

const COLUMNAS_PEDIDOS = (contraparte: Contraparte) =>
  [
    ['N°', 10],
    ['Fecha', 12],
    ['Fecha de entrega', 16],
    ['Estado', 18],
    [contraparte === 'comprador' ? 'Comprador' : 'Proveedor', 32],
    ['Comuna', 18],
    ['Líneas', 8],
    ['Neto', 12],
    ['IVA', 12],
    ['Total', 12],
    ['Crédito', 12],
    ['Reclamo', 12],
    ['Monto reclamado', 16],
    ['Factura N°', 14],
    ['Fecha factura', 14],
    ['Pagado el', 12],
  ] as const;
const COLUMNAS_LINEAS = [
  ['N° pedido', 10],
  ['SKU', 16],
  ['Producto', 36],
  ['Marca', 18],
  ['Unidad', 10],
  ['Pedida', 10],
  ['Confirmada', 12],
  ['Recibida', 10],
  ['Problema', 12],
  ['Precio', 12],
  ['Subtotal', 12],
] as const;

function filaPedido(p: PedidoCompleto, orden: OrdenCabecera, contraparte: Contraparte): Valor[] {
  const credito = p.reclamo?.estado === 'aceptado' ? (p.reclamo.monto_credito ?? 0) : null;
  return [
    p.numero,
    // The day it was placed, in Chile: the day the range selects it by.
    fecha(hoyEnChile(new Date(p.creado_en))),
    fecha(p.fecha_entrega),
    estadoPedidoTexto(p.estado, p.parcial),
    contraparte === 'comprador' ? orden.comprador : p.proveedor,
    orden.entrega.comuna_nombre,
    p.lineas.length,
    p.neto,
    p.iva,
    p.total_con_iva,
    credito,
    p.reclamo ? RECLAMO_TEXTO[p.reclamo.estado] : null,
    p.reclamo?.monto ?? null,
    p.factura_numero,
    fecha(p.factura_fecha),
    fecha(p.pagado_el),
  ];
}

/** What its supplier confirmed of a line (null: all of it), once the pedido was confirmed; what arrived, once received (a line not named: all of it). */
function filasLineas(p: PedidoCompleto): Valor[][] {
  const confirmado = p.estado === 'confirmado' || p.estado === 'despachado' || p.estado === 'entregado';
  return p.lineas.map((l) => {
    const confirmada = confirmado ? cantidadConfirmada(l) : null;
    const recibida = p.recibido_en === null ? null : (l.cantidad_recibida ?? confirmada);
    return [
      p.numero,
      l.sku,
      l.producto_nombre,
      l.marca,
      l.unidad,
      l.cantidad,
      confirmada,
      recibida,
      l.problema ? PROBLEMA_TEXTO[l.problema] : null,
      l.precio,
      l.subtotal,
    ];
  });
}

function hoja(wb: ExcelJS.Workbook, nombre: string, columnas: ReadonlyArray<readonly [string, number]>, fechas: readonly string[]) {
  const ws = wb.addWorksheet(nombre, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columnas.map(([header, width]) => ({ header, width }));
  ws.getRow(1).font = { bold: true };
  for (const f of fechas) ws.getColumn(columnas.findIndex(([h]) => h === f) + 1).numFmt = FORMATO_FECHA_EXCEL;
  return ws;
}

const escapar = (fila: Valor[]) => fila.map((v) => (typeof v === 'string' ? escaparCelda(v) : v));

/** The export of a supplier's pedidos (`{proveedorId}`) or of a buyer's orders (`{compradorId}`), as .xlsx bytes. */
export async function writeExportar(db: Db, de: { proveedorId: number } | { compradorId: number }, rango: ExportarQuery): Promise<Buffer> {
  const contraparte: Contraparte = 'proveedorId' in de ? 'comprador' : 'proveedor';
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Abastece';
  const pedidos = hoja(wb, 'Pedidos', COLUMNAS_PEDIDOS(contraparte), ['Fecha', 'Fecha de entrega', 'Fecha factura', 'Pagado el']);
  const lineas = hoja(wb, 'Líneas', COLUMNAS_LINEAS, []);

  const filas = await findPedidosExportar(db, de, intervaloDe(rango));
  for (let i = 0; i < filas.length; i += POR_PAGINA) {
    const pagina = filas.slice(i, i + POR_PAGINA);
    const completos = await findPedidosCompletos(db, pedidosPorIds(pagina.map((f) => f.id)));
    const ordenes = new Map((await findOrdenesCabecera(db, ordenesPorIds([...new Set(pagina.map((f) => f.orden_id))]))).map((o) => [o.id, o]));
    for (const p of completos) {
      pedidos.addRow(escapar(filaPedido(p, ordenes.get(p.orden_id)!, contraparte)));
      for (const l of filasLineas(p)) lineas.addRow(escapar(l));
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
