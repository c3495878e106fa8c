// The lines table is a ui/ piece now (/facturacion shows it too); this name stays until the
// supplier's pages import ui/lineas-table.tsx themselves.
export { LineasTable as LineasPedido } from '../../../ui/lineas-table';
