import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, loginAs, loginByApi, pick, shot } from '../fixtures';

// Issue #11: /moderacion-productos against the real server, on the demo seed's pending products
// (proposed by the demo supplier, Carnes del Maule): the moderator approves 'Cordero magallánico
// pierna' (a buyer then finds it in /cotizar's pickers and the supplier no longer sees it pending)
// and rejects 'Queso de cabra fresco' with a reason the supplier reads. 'Longaniza de Chillán'
// stays pending: mis-productos.spec.ts reads it.

const DEMO_PROVEEDOR = { email: 'proveedor@abastece.cl', password: 'abastece2026' };
const _SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';
const MOTIVO = 'Falta la marca del envase y la foto del producto.';

const pendientes = (page: Page) => page.getByRole('table', { name: 'Productos pendientes de moderación' }).locator('tbody tr');
// Other specs upload exclusive products to the same server: this one counts only the seed's three.
const SEMILLA = ['Cordero magallánico pierna', 'Longaniza de Chillán', 'Queso de cabra fresco'];
const deLaSemilla = (page: Page) => pendientes(page).filter({ hasText: new RegExp(SEMILLA.join('|')) });
const staged = (page: Page) => page.getByRole('list', { name: 'Decisiones por enviar' }).getByRole('listitem');

test('the moderator stages, changes, removes and sends decisions; buyers and the supplier see the outcome', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'moderador', '/moderacion-productos');
  await expect(page.getByRole('heading', { name: 'Moderación de Productos Pendientes' })).toBeVisible();
  await expect(page.getByText('No hay productos por confirmar.')).toBeVisible();
  await expect(deLaSemilla(page)).toHaveCount(3);
  await expect(deLaSemilla(page).filter({ hasText: 'Cordero magallánico pierna' })).toContainText('proveedor@abastece.cl');
  await expect(deLaSemilla(page).filter({ hasText: 'Cordero magallánico pierna' })).toContainText('CARNE BOVINA');

  // Search (product, category, provider or ID) and the sorts.
  const buscar = page.getByPlaceholder('Buscar producto, categoría, proveedor o ID...');
  await buscar.fill('lacteo');
  await expect(deLaSemilla(page)).toHaveCount(1);
  await expect(deLaSemilla(page)).toContainText('Queso de cabra fresco');
  await buscar.fill('');
  const orden = page.getByLabel('Ordenar por');
  await orden.selectOption({ label: 'Nombre (A-Z)' });
  await expect(deLaSemilla(page).locator('td:nth-child(2)')).toHaveText(SEMILLA);
  await orden.selectOption({ label: 'Nombre (Z-A)' });
  await expect(deLaSemilla(page).first()).toContainText('Queso de cabra fresco');
  const ids = (await deLaSemilla(page).locator('td:nth-child(1)').allInnerTexts()).map(Number);
  await orden.selectOption({ label: 'ID (descendente)' });
  await expect(deLaSemilla(page).locator('td:nth-child(1)')).toHaveText(ids.sort((a, b) => b - a).map(String));
  await orden.selectOption({ label: 'Proveedor (A-Z)' });
  await expect(deLaSemilla(page)).toHaveCount(3);

  // Staging moves a product out of the pending list; staging again changes the decision; Quitar returns it.
  await page.getByRole('button', { name: 'Aprobar Cordero magallánico pierna' }).click();
  await page.getByRole('button', { name: 'Aprobar Queso de cabra fresco' }).click();
  await page.getByRole('button', { name: 'Rechazar Longaniza de Chillán' }).click();
  await expect(deLaSemilla(page)).toHaveCount(0);
  await expect(staged(page)).toHaveCount(3);
  await staged(page)
    .filter({ hasText: 'Queso de cabra fresco' })
    .getByRole('button', { name: /^Cambiar a rechazar/ })
    .click();
  await expect(staged(page).filter({ hasText: 'Queso de cabra fresco' })).toContainText('Rechazar');
  await staged(page).filter({ hasText: 'Queso de cabra fresco' }).getByLabel('Motivo del rechazo (opcional)').fill(MOTIVO);
  await page.getByRole('button', { name: 'Quitar Longaniza de Chillán' }).click();
  await expect(deLaSemilla(page)).toHaveCount(1);
  await expect(deLaSemilla(page)).toContainText('Longaniza de Chillán');
  await shot(page, 'moderacion-1280');
  await expectAccessible(page);

  // 'Quitar todos' asks first; No keeps the staged list.
  await page.getByRole('button', { name: 'Quitar todos' }).click();
  const quitar = page.getByRole('dialog', { name: '¿Seguro que quieres quitar todos los productos de staged?' });
  await quitar.getByRole('button', { name: 'No' }).click();
  await expect(staged(page)).toHaveCount(2);

  // Send the approved ones: the rejected one stays staged.
  await page.getByRole('button', { name: 'Enviar aprobados' }).click();
  const aprobados = page.getByRole('dialog', { name: '¿Deseas enviar todos los productos marcados como aprobados?' });
  await shot(page, 'moderacion-confirmar-1280');
  await aprobados.getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('Moderaciones enviadas correctamente')).toBeVisible();
  await expect(staged(page)).toHaveCount(1);
  await expect(staged(page)).toContainText('Queso de cabra fresco');
  // Nothing approved is left to send.
  await page.getByRole('button', { name: 'Enviar aprobados' }).click();
  await expect(page.getByText('No hay productos para enviar')).toBeVisible();

  await page.getByRole('button', { name: 'Enviar rechazados' }).click();
  await page.getByRole('dialog', { name: '¿Deseas enviar todos los productos marcados como rechazados?' }).getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('No hay productos por confirmar.')).toBeVisible();
  // Sent products do not come back to the pending list.
  await page.reload();
  await expect(deLaSemilla(page)).toHaveCount(1);
  await expect(deLaSemilla(page)).toContainText('Longaniza de Chillán');

  // A buyer finds the approved product in /cotizar's pickers, and not the rejected one.
  const comprador = await browser.newPage();
  await loginAs(comprador, 'comprador', '/cotizar');
  await pick(comprador, 'Categoría, fila 1', 'carne', 'CARNE BOVINA');
  await pick(comprador, 'Producto, fila 1', 'cordero', 'Cordero magallánico pierna');
  const catalogo = await (await comprador.request.get('/api/productos/consolidated-data/')).json();
  const nombres = catalogo.productos.map((p: { nombre: string }) => p.nombre);
  expect(nombres).toContain('Cordero magallánico pierna');
  expect(nombres).not.toContain('Queso de cabra fresco');
  await comprador.close();

  // The supplier: the approved product is no longer pending; the rejected one shows its state and the reason.
  const proveedor = await browser.newPage();
  await loginByApi(proveedor, DEMO_PROVEEDOR.email, DEMO_PROVEEDOR.password, '/mis-productos-proovedor');
  const buscarProducto = proveedor.getByPlaceholder('Buscar producto, SKU, precio, stock o fecha...');
  const filas = proveedor.getByRole('table', { name: 'Listado de Productos' }).locator('tbody tr');
  await buscarProducto.fill('Cordero magallánico');
  await expect(filas.first()).toContainText('Cordero magallánico pierna');
  await expect(filas.first()).not.toHaveClass(/fila-producto--pendiente/);
  await expect(filas.getByText('En revisión')).toHaveCount(0);
  await buscarProducto.fill('Queso de cabra');
  await expect(filas.first()).toHaveClass(/fila-producto--rechazado/);
  await expect(filas.first()).toContainText(`Motivo: ${MOTIVO}`);
  await filas.first().getByText('Rechazado', { exact: true }).hover();
  await expect(proveedor.getByRole('tooltip')).toHaveText('Este producto fue rechazado. Revisa los detalles o contacta soporte.');
  await shot(proveedor, 'mis-productos-rechazado-1280');
  await proveedor.close();
});

test('at 375 px the two cards stack, nothing overflows sideways; Quitar todos empties the staged list', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, 'moderador', '/moderacion-productos');
  await expect(pendientes(page).first()).toBeVisible();
  const primero = (await pendientes(page).first().locator('td:nth-child(2)').innerText()).trim();
  await page.getByRole('button', { name: `Rechazar ${primero}` }).click();
  await expect(staged(page)).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'moderacion-375');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Quitar todos' }).click();
  await page.getByRole('dialog', { name: '¿Seguro que quieres quitar todos los productos de staged?' }).getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('No hay productos por confirmar.')).toBeVisible();
  await expect(pendientes(page).filter({ hasText: primero })).toHaveCount(1);
});
