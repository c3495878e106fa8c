import { type APIRequestContext, expect, test } from '@playwright/test';
import { PRODUCTOS_NO_VISIBLES } from '#common/schemas/panel';
import { accessToken, authHeaders, buildProductoNuevo, createUserByApi, E2E_MODERADOR, type E2EUser, expectAccessible, shot, uniqueStamp } from '../fixtures';
import { cotizarPorApi, idsDeProductos } from './pasos-comprador';
import { ingresarProveedor } from './pasos-cuenta';
import { createProveedorListoByApi } from './proveedor-listo';

// The supplier's workspace against the real server: where it lands after logging in, its side menu
// (☰ on a phone) and its panel, /panel. The demo supplier (SEED_DEMO) has products, lots and terms.

const DEMO = { email: 'ventas@frigorificolosandes.cl', password: 'abastece2026' };

for (const width of [1280, 375]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the demo supplier logs in, lands on its panel and opens Pedidos Recibidos from it', async ({ page }) => {
      await ingresarProveedor(page, DEMO);
      await expect(page).toHaveURL('/panel');
      await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
      for (const parte of ['Pedidos', 'Lotes por vencer', 'Ofertas sin stock', 'Cotizaciones perdidas por precio', 'Ventas de los últimos 30 días'])
        await expect(page.getByRole('heading', { level: 2, name: parte }), parte).toBeVisible();

      const lateral = page.getByRole('navigation', { name: 'Menú del proveedor' });
      const principal = page.getByRole('navigation', { name: 'Menú principal' });
      if (width >= 1024) {
        // Always in view beside the page, Resumen marked; the top bar keeps the rest, laid out.
        await expect(lateral).toBeVisible();
        await expect(lateral.getByRole('link', { name: 'Resumen' })).toHaveAttribute('aria-current', 'page');
        await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeHidden();
        await expect(principal.getByRole('listitem')).toHaveText(['Inicio', 'Mi Perfil', 'Historial Cotizaciones', 'Cerrar Sesión']);
        const menu = await lateral.boundingBox();
        const main = await page.getByRole('main').boundingBox();
        expect(menu!.x + menu!.width).toBeLessThanOrEqual(main!.x);
      } else {
        // On a phone, no side menu: ☰ holds the workspace, products under their long name.
        await expect(lateral).toHaveCount(0);
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await expect(principal.getByRole('link', { name: 'Mis Productos de Proveedor' })).toBeVisible();
        await expect(principal.getByRole('link', { name: 'Resumen' })).toHaveAttribute('aria-current', 'page');
        await shot(page, `panel-menu-${width}`);
        await page.keyboard.press('Escape');
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `panel-${width}`);
      await expectAccessible(page);

      await page.getByRole('link', { name: /pedidos? por responder$/ }).click();
      await expect(page).toHaveURL('/pedidos-recibidos?estado=pendiente');
      await expect(page.getByRole('heading', { level: 1, name: 'Pedidos Recibidos' })).toBeVisible();
      if (width >= 1024) await expect(lateral.locator('a[href="/pedidos-recibidos"]')).toHaveAttribute('aria-current', 'page');
    });
  });
}

test("a new supplier's panel opens with its checklist, each step a way to do it", async ({ page, request }) => {
  const user = await createUserByApi(request, 'proveedor');
  await ingresarProveedor(page, user);
  await expect(page).toHaveURL('/panel');
  const pasos = page.getByRole('region', { name: 'Primeros pasos' });
  await expect(pasos.getByText('0 de 3 listos')).toBeVisible();
  await expect(pasos.getByRole('status')).toHaveText(PRODUCTOS_NO_VISIBLES);
  await expect(pasos.getByRole('listitem')).toHaveText([/^1Empresa.*Pendiente$/, /^2Condiciones de despacho.*Pendiente$/, /^3Productos.*Pendiente$/]);
  await pasos.getByRole('link', { name: 'Condiciones de despacho' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Condiciones de despacho' })).toBeVisible();
  await shot(page, 'panel-primeros-pasos-1280');
});

/** A new supplier offering `precio` per kg of a product: its own, for the moderator (producto null), or a catalogue one. */
async function ofrecer(request: APIRequestContext, user: E2EUser, nombre: string, precio: number, producto: number | null = null) {
  const fila = buildProductoNuevo({ sku: `PAN-${uniqueStamp()}`, nombre, categoria: 'CARNE BOVINA', precio, stock: 500, dias: 120, producto });
  const res = await request.post('/api/productos/registrar-nuevos/', { headers: authHeaders(await accessToken(request, user)), data: { productos: [fila] } });
  expect(res.status(), await res.text()).toBe(201);
}

test('a supplier whose price lost a quotation reads it on its panel, by product', async ({ page, request }) => {
  test.setTimeout(60_000);
  const nombre = `Lomo liso ${uniqueStamp()}`;
  // Both suppliers with their company and terms saved: only then are their offers compared.
  const caro = await createProveedorListoByApi(request, `Carnes caras ${uniqueStamp()}`);
  await ofrecer(request, caro, nombre, 9990);
  const moderador = authHeaders(await accessToken(request, E2E_MODERADOR));
  const pendientes: Array<{ id: number; nombre: string }> = await (await request.get('/api/productos/productos-pendientes/', { headers: moderador })).json();
  const aprobado = await request.post('/api/productos/moderar-producto/', {
    headers: moderador,
    data: { producto_id: pendientes.find((p) => p.nombre === nombre)!.id, accion: 'aprobar' },
  });
  expect(aprobado.status(), await aprobado.text()).toBe(200);
  // Another supplier offers the same product for less: the comparison chooses it.
  const [productoId] = await idsDeProductos(request, [nombre]);
  await ofrecer(request, await createProveedorListoByApi(request, `Carnes baratas ${uniqueStamp()}`), nombre, 9000, productoId!);
  await cotizarPorApi(request, await createUserByApi(request, 'comprador'), [{ producto: productoId!, cantidad: 100 }]);

  await ingresarProveedor(page, caro);
  await expect(page).toHaveURL('/panel');
  // 9.990 against 9.000: 11 % dearer.
  await expect(page.getByRole('region', { name: 'Cotizaciones perdidas por precio' }).getByRole('listitem')).toHaveText([`${nombre}: 1 de 1 · te faltó 11 %`]);
  await shot(page, 'panel-perdidas-1280');
});
