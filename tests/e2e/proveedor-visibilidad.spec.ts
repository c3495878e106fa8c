import { expect, test } from '@playwright/test';
import { PRODUCTOS_NO_VISIBLES } from '#common/schemas/panel';
import {
  accessToken,
  aprobarProductos,
  authHeaders,
  createProveedorByApi,
  createUserByApi,
  expectAccessible,
  loginByApi,
  registrarProductos,
  shot,
  uniqueStamp,
} from '../fixtures';
import { ENTREGA_POR_API } from './pasos-comprador';
import { guardarCondicionesByApi } from './proveedor-listo';

// A supplier's offers are compared only once it saved its company and its delivery terms
// (docs/decisions/024, 'Visibilidad'); until then its product list says so, linking what is missing.

for (const width of [1280, 375]) {
  test(`${width} px: a supplier with its company but no terms is told why it is not compared, and is compared once it saves them`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const sello = uniqueStamp();
    const nombre = `Garbanzo visible ${sello}`;
    const proveedor = await createProveedorByApi(request, `Legumbres ${sello}`);
    await registrarProductos(request, proveedor, [{ sku: `GV-${sello}`, nombre, categoria: 'SECOS', precio: 1_990, stock: 800, dias: 90 }]);
    const { [nombre]: productoId } = await aprobarProductos(request, [nombre]);
    const comprador = await createUserByApi(request, 'comprador');
    /** The suppliers a buyer's comparison of the product offers, through the API as the screens call it. */
    const comparar = async (): Promise<string[]> => {
      const headers = authHeaders(await accessToken(request, comprador));
      const productos = [{ producto: productoId!, cantidad: 100 }];
      const s = await request.post('/api/cotizaciones/crear-solicitud/', { headers, data: { productos } });
      const solicitudId: number = (await s.json()).id;
      const c = await request.post('/api/cotizaciones/crear-cotizante/', { headers, data: { ...ENTREGA_POR_API, solicitud_id: solicitudId } });
      expect(c.status(), await c.text()).toBe(201);
      const q = await request.post('/api/cotizaciones/comparar-precios/', { headers, data: { productos, solicitudId } });
      expect(q.status(), await q.text()).toBe(201);
      const linea = (await q.json()).resultados[0];
      return [...linea.opciones_seleccionadas, ...linea.opciones_adicionales].map((o: { proveedor: string }) => o.proveedor);
    };
    expect(await comparar()).toEqual([]);

    await loginByApi(page, proveedor.email, proveedor.password, '/mis-productos-proovedor');
    const aviso = page.getByRole('status').filter({ hasText: PRODUCTOS_NO_VISIBLES });
    await expect(aviso).toBeVisible();
    // Its company is saved: only the terms are a link.
    await expect(aviso.getByRole('link')).toHaveText(['tus condiciones de despacho']);
    await expect(page.getByText(`GV-${sello}`).first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, `mis-productos-aviso-${width}`);
    await aviso.getByRole('link', { name: 'tus condiciones de despacho' }).click();
    await expect(page).toHaveURL('/mis-condiciones');
    await expect(
      page.getByText('Aún no guardas tus condiciones: hasta que las guardes, tus productos no aparecen en las cotizaciones.', { exact: false }),
    ).toBeVisible();
    await shot(page, `mis-condiciones-aviso-${width}`);

    await guardarCondicionesByApi(request, proveedor);
    expect(await comparar()).toEqual([`Legumbres ${sello}`]);
    await page.goto('/mis-productos-proovedor');
    await expect(page.getByText(`GV-${sello}`).first()).toBeVisible();
    await expect(page.getByText(PRODUCTOS_NO_VISIBLES)).toHaveCount(0);
  });
}
