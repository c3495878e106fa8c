// Steps shared by the specs of an order's life after delivery (docs/producto.md §18).
import { type APIRequestContext, expect, type Locator } from '@playwright/test';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import { accessToken, aprobarProductos, authHeaders, createUserByApi, type E2EProveedor, type E2EUser, registrarProductos, uniqueStamp } from '../fixtures';
import { cotizarPorApi } from './pasos-comprador';
import { createProveedorListoByApi } from './proveedor-listo';

export interface PedidoDeUnProveedor {
  proveedor: E2EProveedor;
  comprador: E2EUser;
  producto: string;
  ordenId: number;
  pedidoId: number;
}

/** A new supplier ready to sell one beef product of its own, and a new buyer's order of `cantidad` kg of it, all by API. */
export async function pedidoDeUnProveedor(
  request: APIRequestContext,
  { empresa, producto, sku, precio, cantidad }: { empresa: string; producto: string; sku: string; precio: number; cantidad: number },
): Promise<PedidoDeUnProveedor> {
  const sello = uniqueStamp();
  const proveedor = await createProveedorListoByApi(request, `${empresa} ${sello}`);
  const nombre = `${producto} ${sello}`;
  await registrarProductos(request, proveedor, [{ sku: `${sku}-${sello}`, nombre, categoria: 'CARNE BOVINA', precio, stock: 500, dias: 120 }]);
  const ids = await aprobarProductos(request, [nombre]);
  const comprador = await createUserByApi(request, 'comprador');
  const { ordenId } = await cotizarPorApi(request, comprador, [{ producto: ids[nombre]!, cantidad }], { comprar: true });
  const orden = await (await request.get(`/api/ordenes/${ordenId}/`, { headers: authHeaders(await accessToken(request, comprador)) })).json();
  return { proveedor, comprador, producto: nombre, ordenId: ordenId!, pedidoId: orden.pedidos[0].id };
}

/** A pedido's final amounts as MontosIva reads them: the credit, then Neto, IVA (19 %) and Total of what is left. */
export async function expectMontosFinales(montos: Locator, netoAntes: number, credito: number) {
  const final = conIva(netoAntes - credito);
  await expect(montos).toContainText(`Crédito por reclamo−${formatClp(credito)}`);
  await expect(montos).toContainText(`Neto${formatClp(final.neto)}`);
  await expect(montos).toContainText(`IVA (19 %)${formatClp(final.iva)}`);
  await expect(montos).toContainText(`Total${formatClp(final.total_con_iva)}`);
}
