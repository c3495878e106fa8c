import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUserByApi, E2E_DATA_DIR, type E2EUser, expectAccessible, loginAs, loginByApi, pick, shot } from '../fixtures';

// /moderacion-productos against the real server. A new supplier proposes three products
// the platform does not have (registrar-nuevos, the confirmation of the bulk upload's exclusive
// group); the moderator approves one (a buyer then finds it in /cotizar's pickers and the supplier
// no longer sees it pending), rejects one with a reason the supplier reads, and leaves one pending.
// Names carry a stamp of their own and the supplier is new: other specs, and a retry of this one,
// find the server as they left it.

const MOTIVO = 'Falta la marca del envase y la foto del producto.';

/** The newest e-mail to `para` whose text has `texto`, as the server wrote it (.eml, quoted-printable UTF-8), read as text. */
async function correoCon(para: string, texto: string): Promise<string> {
  const dir = path.resolve(E2E_DATA_DIR, 'mail');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : []) {
      const qp = fs.readFileSync(path.join(dir, file), 'latin1').replace(/=\r?\n/g, '');
      const eml = Buffer.from(
        qp.replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
      if (eml.toLowerCase().includes(`to: ${para.toLowerCase()}`) && eml.includes(texto)) return eml;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no llegó a ${para} un correo con «${texto}»`);
}

const pendientes = (page: Page) => page.getByRole('table', { name: 'Productos pendientes de moderación' }).locator('tbody tr');
const staged = (page: Page) => page.getByRole('list', { name: 'Decisiones por enviar' }).getByRole('listitem');

/** Three products proposed by a new supplier, pending moderation; their names in A-Z order. */
async function proponer(request: APIRequestContext): Promise<{ proveedor: E2EUser; sello: string; cordero: string; longaniza: string; queso: string }> {
  const sello = `${Date.now()}`.slice(-7);
  const nombres = { cordero: `Cordero magallánico pierna ${sello}`, longaniza: `Longaniza de Chillán ${sello}`, queso: `Queso de cabra fresco ${sello}` };
  const proveedor = await createUserByApi(request, 'proveedor');
  const { access } = await (await request.post('/auth/jwt/create/', { data: proveedor })).json();
  const fila = (id: number, nombre: string, categoria: string) => ({
    id,
    sku: `MOD-${sello}-${id}`,
    nombre,
    stock: 200,
    precio: 9990,
    fecha_vencimiento: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
    rangos: {},
    origen: 'Chile',
    categoria,
    marca: 'Campo Austral',
    producto: null,
    formato: 'AL VACIO',
    unidad: 'KILO',
    errores: [],
    producto_asignado: null,
  });
  const res = await request.post('/api/productos/registrar-nuevos/', {
    headers: { authorization: `JWT ${access}` },
    data: { productos: [fila(2, nombres.cordero, 'CARNE BOVINA'), fila(3, nombres.longaniza, 'CERDO'), fila(4, nombres.queso, 'LACTEO')] },
  });
  expect(res.status(), await res.text()).toBe(201);
  expect((await res.json()).registrados).toBe(3);
  return { proveedor, sello, ...nombres };
}

test('the moderator stages, changes, removes and sends decisions; buyers and the supplier see the outcome', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const n = await proponer(page.request);
  const NOMBRES = [n.cordero, n.longaniza, n.queso];
  // Other specs propose products to the same server: this one counts only its own three.
  const propios = (p: Page) => pendientes(p).filter({ hasText: new RegExp(`${n.cordero}|${n.longaniza}|${n.queso}`) });
  await loginAs(page, 'moderador', '/moderacion-productos');
  await expect(page.getByRole('heading', { name: 'Moderación de Productos Pendientes' })).toBeVisible();
  await expect(page.getByText('No hay productos por confirmar.')).toBeVisible();
  // The list is shared and paged at 10: its own stamp keeps this spec's three on the first page.
  const buscar = page.getByPlaceholder('Buscar producto, categoría, proveedor o ID...');
  await buscar.fill(n.sello);
  await expect(propios(page)).toHaveCount(3);
  await expect(propios(page).filter({ hasText: n.cordero })).toContainText(n.proveedor.email);
  await expect(propios(page).filter({ hasText: n.cordero })).toContainText('CARNE BOVINA');

  // Search (product, category, provider or ID) and the sorts.
  await buscar.fill('lacteo');
  await expect(propios(page)).toHaveCount(1);
  await expect(propios(page)).toContainText(n.queso);
  await buscar.fill(n.sello);
  const orden = page.getByLabel('Ordenar por');
  await orden.selectOption({ label: 'Nombre (A-Z)' });
  await expect(propios(page).locator('.moderacion__nombre')).toHaveText(NOMBRES);
  await orden.selectOption({ label: 'Nombre (Z-A)' });
  await expect(propios(page).first()).toContainText(n.queso);
  const ids = (await propios(page).locator('td:nth-child(1)').allInnerTexts()).map(Number);
  await orden.selectOption({ label: 'ID (descendente)' });
  await expect(propios(page).locator('td:nth-child(1)')).toHaveText(ids.sort((a, b) => b - a).map(String));
  await orden.selectOption({ label: 'Proveedor (A-Z)' });
  await expect(propios(page)).toHaveCount(3);

  // Staging moves a product out of the pending list; staging again changes the decision; Quitar returns it.
  await page.getByRole('button', { name: `Aprobar ${n.cordero}` }).click();
  await page.getByRole('button', { name: `Aprobar ${n.queso}` }).click();
  await page.getByRole('button', { name: `Rechazar ${n.longaniza}` }).click();
  await expect(propios(page)).toHaveCount(0);
  await expect(staged(page)).toHaveCount(3);
  await staged(page)
    .filter({ hasText: n.queso })
    .getByRole('button', { name: /^Cambiar a rechazar/ })
    .click();
  await expect(staged(page).filter({ hasText: n.queso })).toContainText('Rechazar');
  await staged(page).filter({ hasText: n.queso }).getByLabel('Motivo del rechazo (opcional)').fill(MOTIVO);
  await page.getByRole('button', { name: `Quitar ${n.longaniza}` }).click();
  await expect(propios(page)).toHaveCount(1);
  await expect(propios(page)).toContainText(n.longaniza);
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
  await expect(staged(page)).toContainText(n.queso);
  // Nothing approved is left to send.
  await page.getByRole('button', { name: 'Enviar aprobados' }).click();
  await expect(page.getByText('No hay productos para enviar')).toBeVisible();

  await page.getByRole('button', { name: 'Enviar rechazados' }).click();
  await page.getByRole('dialog', { name: '¿Deseas enviar todos los productos marcados como rechazados?' }).getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('No hay productos por confirmar.')).toBeVisible();
  // Sent products do not come back to the pending list.
  await page.reload();
  await buscar.fill(n.sello);
  await expect(propios(page)).toHaveCount(1);
  await expect(propios(page)).toContainText(n.longaniza);

  // A buyer finds the approved product in /cotizar's pickers, and not the rejected one.
  const comprador = await browser.newPage();
  await loginAs(comprador, 'comprador', '/cotizar');
  await pick(comprador, 'Categoría, fila 1', 'carne', 'CARNE BOVINA');
  await pick(comprador, 'Producto, fila 1', 'cordero', n.cordero);
  const catalogo = await (await comprador.request.get('/api/productos/consolidated-data/')).json();
  const nombres = catalogo.productos.map((p: { nombre: string }) => p.nombre);
  expect(nombres).toContain(n.cordero);
  expect(nombres).not.toContain(n.queso);
  await comprador.close();

  // The supplier: the approved product is no longer pending; the rejected one shows its state and the reason.
  // A context of its own: axe checks its pages too.
  const proveedor = await (await browser.newContext()).newPage();
  await loginByApi(proveedor, n.proveedor.email, n.proveedor.password, '/mis-productos-proovedor');
  const buscarProducto = proveedor.getByPlaceholder('Buscar producto, SKU, precio, stock o fecha...');
  const filas = proveedor.getByRole('table', { name: 'Listado de Productos' }).locator('tbody tr');
  await buscarProducto.fill(n.cordero);
  await expect(filas.first()).toContainText(n.cordero);
  await expect(filas.first()).not.toHaveClass(/fila-producto--pendiente/);
  await expect(filas.getByText('En revisión')).toHaveCount(0);
  await buscarProducto.fill(n.queso);
  await expect(filas.first()).toHaveClass(/fila-producto--rechazado/);
  await expect(filas.first()).toContainText(`Motivo: ${MOTIVO}`);
  await filas.first().getByText('Rechazado', { exact: true }).hover();
  await expect(proveedor.getByRole('tooltip')).toHaveText('Este producto fue rechazado. Revisa los detalles o contacta soporte.');
  await shot(proveedor, 'mis-productos-rechazado-1280');

  // The rejection reached the supplier by e-mail, with the note and the way to correct it.
  const correo = await correoCon(n.proveedor.email, MOTIVO);
  expect(correo).toContain(`Tu producto «${n.queso}» fue rechazado`);
  expect(correo).toContain('/mis-productos-proovedor');

  // It corrects the product from its phone and sends it again: the row is in review, and the moderator has it pending.
  await proveedor.setViewportSize({ width: 375, height: 800 });
  const corregido = `Queso de cabra fresco Campo Austral ${n.sello}`;
  // The tooltip hovered above would cover the row.
  await proveedor.mouse.move(0, 0);
  await filas.first().getByRole('button', { name: 'Corregir y reenviar' }).click();
  const dialogo = proveedor.getByRole('dialog', { name: 'Corregir y reenviar' });
  await expect(dialogo.getByText(`Motivo del rechazo: ${MOTIVO}`)).toBeVisible();
  await expect(dialogo.getByLabel('Nombre')).toHaveValue(n.queso);
  await dialogo.getByLabel('Nombre').fill(corregido);
  await dialogo.getByLabel('Marca').fill('Campo Austral Premium');
  await shot(proveedor, 'reenviar-producto-375');
  await expectAccessible(proveedor);
  await dialogo.getByRole('button', { name: 'Reenviar a revisión' }).click();
  await expect(proveedor.getByText('Tu producto volvió a revisión. Te avisaremos por correo cuando lo revisen.')).toBeVisible();
  await expect(dialogo).toHaveCount(0);
  await buscarProducto.fill(corregido);
  await expect(filas.first()).toHaveClass(/fila-producto--pendiente/);
  await expect(filas.first().getByText('En revisión', { exact: true })).toBeVisible();
  await expect(filas.first()).not.toContainText('Motivo:');
  expect(await proveedor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await proveedor.close();

  await page.reload();
  await buscar.fill(n.sello);
  await expect(propios(page)).toHaveCount(1);
  await expect(pendientes(page).filter({ hasText: corregido })).toHaveCount(1);
});

test('each pending product opens in full with its closest catalogue products, at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(60_000);
  const sello = `${Date.now()}`.slice(-7);
  const proveedor = await createUserByApi(page.request, 'proveedor');
  const { access } = await (await page.request.post('/auth/jwt/create/', { data: proveedor })).json();
  // The name as a supplier would write it; the SKU, which the search also reads, finds this run's.
  const nombre = 'Lomo Vetado Premium';
  const res = await page.request.post('/api/productos/registrar-nuevos/', {
    headers: { authorization: `JWT ${access}` },
    data: {
      productos: [
        {
          id: 2,
          sku: `PREM-${sello}`,
          nombre,
          stock: 250,
          precio: 18990,
          fecha_vencimiento: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
          rangos: { 'Desde 300 kg': 17990 },
          origen: 'Argentina',
          categoria: 'CARNE BOVINA',
          marca: 'Patagonia Beef',
          producto: null,
          formato: 'AL VACIO',
          unidad: 'KILO',
          errores: [],
          producto_asignado: null,
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  for (const ancho of [1280, 375]) {
    await page.setViewportSize({ width: ancho, height: 900 });
    await loginAs(page, 'moderador', '/moderacion-productos');
    await page.getByPlaceholder('Buscar producto, categoría, proveedor o ID...').fill(`PREM-${sello}`);
    const fila = pendientes(page);
    await expect(fila).toHaveCount(1);
    // 'Lomo vetado' (the seed's) is the closest: 'Premium' is the word apart.
    await expect(fila.locator('.moderacion__parecido')).toHaveText('Parecido a: Lomo vetado (60 %)');
    await fila.getByRole('button', { name: /^Ver detalle/ }).click();
    for (const texto of [`PREM-${sello}`, 'Patagonia Beef', 'Argentina', 'AL VACIO', '$18.990', 'Desde 300 kg: $17.990', '250 kg']) {
      await expect(fila.getByText(texto, { exact: true })).toBeVisible();
    }
    await expect(
      fila
        .getByRole('list', { name: `Productos parecidos a ${nombre}` })
        .getByRole('listitem')
        .first(),
    ).toContainText('Parecido a: Lomo vetado');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ancho);
    await shot(page, `moderacion-detalle-${ancho}`);
    await expectAccessible(page);
  }
});

test('at 375 px the two cards stack, nothing overflows sideways; Quitar todos empties the staged list', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, 'moderador', '/moderacion-productos');
  await expect(pendientes(page).first()).toBeVisible();
  const primero = (await pendientes(page).first().locator('.moderacion__nombre').innerText()).trim();
  await page.getByRole('button', { name: `Rechazar ${primero}`, exact: true }).click();
  await expect(staged(page)).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'moderacion-375');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Quitar todos' }).click();
  await page.getByRole('dialog', { name: '¿Seguro que quieres quitar todos los productos de staged?' }).getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('No hay productos por confirmar.')).toBeVisible();
  // By the exact name: another spec's product may carry this one's name plus a stamp.
  await expect(pendientes(page).getByText(primero, { exact: true })).toHaveCount(1);
});
