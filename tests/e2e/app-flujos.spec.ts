import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { COLUMNAS_EXCEL } from '#common/schemas/proveedor-carga';
import { PRECIO_INVALIDO } from '#common/schemas/proveedor-productos';
import {
  accessToken,
  authHeaders,
  createCompradorConDireccion,
  createProveedorByApi,
  createUserByApi,
  type DireccionE2E,
  expectAccessible,
  filaExcelConPrecioNegativo,
  generarCotizacion,
  loginAs,
  loginByApi,
  openMenu,
  pick,
  registrarProductos,
  shot,
  uniqueStamp,
} from '../fixtures';

// The app's flows between screens (docs/decisions/018-flujos-y-avisos.md): logging in returns to
// the page the visitor was on, redirects say why, toasts cover no heading and a failed login's goes
// with the next success, the billing answer and the chosen saved address stay, and the supplier's
// wide screens fit a 1280 px window.

const toaster = (page: Page) => page.locator('[data-sonner-toaster]');

const PROVIDENCIA: DireccionE2E = {
  nombre_contacto: 'Bodega Providencia',
  correo_contacto: 'bodega@prueba.cl',
  telefono_contacto: '+56922334455',
  direccion_envio: 'Av. Providencia 1234',
  region: 13,
  comuna: 13123,
};

/** A demo product in row 1 of /cotizar, then Continuar: the request is saved and /datos-cotizacion opens. */
async function solicitudDeLomo(page: Page) {
  await page.goto('/cotizar');
  await pick(page, 'Categoría, fila 1', 'carne', 'CARNE BOVINA');
  await pick(page, 'Producto, fila 1', 'Lomo vetado');
  await page.getByRole('textbox', { name: 'Cantidad, fila 1' }).fill('150');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Datos de entrega' })).toBeVisible();
}

/** The horizontal overflow of the page and of every element matching `selector` (0 when none scrolls sideways). */
const desborde = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const doc = document.documentElement;
    const cajas = [...document.querySelectorAll(sel)].map((e) => e.scrollWidth - e.clientWidth);
    return Math.max(doc.scrollWidth - doc.clientWidth, ...cajas, 0);
  }, selector);

test.describe('logging in returns to where you were', () => {
  test("mid-quotation, the menu's 'Iniciar Sesión' comes back to /datos-cotizacion", async ({ page }) => {
    const comprador = await createUserByApi(page.request, 'comprador');
    await solicitudDeLomo(page);
    await openMenu(page);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL('/login?next=%2Fdatos-cotizacion');
    await page.getByLabel('Correo electrónico').fill(comprador.email);
    await page.getByLabel('Contraseña').fill(comprador.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL('/datos-cotizacion');
    await expect(page.getByRole('heading', { name: 'Datos de entrega' })).toBeVisible();
    await expect(toaster(page).getByText('Bienvenid@, has ingresado como Comprador.')).toBeVisible();
  });

  test("a guard's redirect comes back to the private page, and a foreign next= goes home", async ({ page }) => {
    const comprador = await createUserByApi(page.request, 'comprador');
    await page.goto('/mi-cuenta?x=1');
    await expect(page).toHaveURL('/login?next=%2Fmi-cuenta%3Fx%3D1');
    await expect(toaster(page).getByText('Inicia sesión para ver esta página.')).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(comprador.email);
    await page.getByLabel('Contraseña').fill(comprador.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL('/mi-cuenta?x=1');
    await expect(page.getByRole('heading', { name: 'Datos de la cuenta' })).toBeVisible();

    // Logged in, /login?next= goes straight on; another site's address never.
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await expect(page).toHaveURL('/');
    }
    await page.goto('/login?next=%2Fhistorial');
    await expect(page).toHaveURL('/historial');
  });
});

test('a failed login toast goes away when the next attempt succeeds', async ({ page }) => {
  const comprador = await createUserByApi(page.request, 'comprador');
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(comprador.email);
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  const fallido = toaster(page).locator('[data-sonner-toast][data-type="error"]');
  await expect(fallido).toBeVisible();
  await page.getByLabel('Contraseña').fill(comprador.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(toaster(page).getByText('Bienvenid@, has ingresado como Comprador.')).toBeVisible();
  await expect(fallido).toHaveCount(0);
});

test.describe('toasts', () => {
  for (const width of [1280, 375]) {
    test(`sit at the bottom and cover no heading at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await loginAs(page, 'comprador', '/mi-cuenta-editar');
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await expect(page).toHaveURL('/mi-cuenta');
      const toast = toaster(page).locator('[data-sonner-toast]', { hasText: '¡Datos actualizados correctamente!' });
      await expect(toast).toHaveAttribute('data-mounted', 'true');
      await expect(toaster(page)).toHaveAttribute('data-y-position', 'bottom');
      // Once in place, it starts below every heading in view.
      const headings = await page
        .locator('main :is(h1, h2)')
        .evaluateAll((hs) => hs.map((h) => h.getBoundingClientRect().bottom).filter((b) => b > 0 && b < innerHeight));
      await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThan(Math.max(...headings));
      await shot(page, `toast-abajo-${width}`);
    });
  }
});

test.describe('redirects say why', () => {
  test('the later screens of the quotation, without one', async ({ page }) => {
    for (const path of ['/cotizar-resultado', '/facturacion']) {
      await page.goto(path);
      await expect(page).toHaveURL('/cotizar');
      await expect(toaster(page).getByText('Primero genera una cotización.')).toBeVisible();
    }
    await page.goto('/confirmar-cotizacion');
    await expect(page).toHaveURL('/cotizar');
    await expect(toaster(page).getByText('Primero elige los productos que quieres cotizar.')).toBeVisible();
    await shot(page, 'redireccion-cotizar-1280');
  });

  test("a role's screens, opened by another role", async ({ page }) => {
    await loginAs(page, 'comprador', '/moderacion-productos');
    await expect(page).toHaveURL('/');
    await expect(toaster(page).getByText('Esta página es para moderadores.')).toBeVisible();
    await page.goto('/mis-productos-proovedor');
    await expect(page).toHaveURL('/');
    await expect(toaster(page).getByText('Debes estar registrado como proveedor para usar esta funcionalidad')).toBeVisible();
  });
});

test('the chosen saved address stays when only the date changes', async ({ page }) => {
  const comprador = await createCompradorConDireccion(page.request, PROVIDENCIA);
  const otra = { ...PROVIDENCIA, nombre_contacto: 'Cocina Central', direccion_envio: 'Av. Italia 1450', comuna: 13120 };
  const res = await page.request.post('/api/cotizaciones/direccion/agregar/', {
    headers: authHeaders(await accessToken(page.request, comprador)),
    data: { ...otra, cotizante_id: '', fecha_entrega: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await loginByApi(page, comprador.email, comprador.password);
  await solicitudDeLomo(page);
  const selector = page.getByLabel('Usar una dirección guardada');
  // The active address prefills the form.
  await expect(selector.locator('option:checked')).toHaveText(/^Bodega Providencia/);
  await selector.selectOption({ label: 'Cocina Central — Av. Italia 1450, Ñuñoa' });
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Cocina Central');
  // The comuna is there, so the date is the list of delivery days (docs/decisions/027-dias-de-entrega.md): its last day.
  const fecha = page.getByRole('combobox', { name: 'Fecha de entrega (opcional)' });
  await expect(fecha.locator('option').nth(1)).toBeAttached();
  await fecha.selectOption({ index: (await fecha.locator('option').count()) - 1 });
  await expect(selector.locator('option:checked')).toHaveText(/^Cocina Central/);
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Cocina Central');
  await shot(page, 'datos-entrega-direccion-1280');
  // Typing over the address makes it other data.
  await page.getByLabel('Nombre de contacto').fill('Cocina Sur');
  await expect(selector.locator('option:checked')).toHaveText('Ingresar otros datos');
});

test('the billing answer stands after a reload of /facturacion', async ({ page }) => {
  test.setTimeout(60_000);
  const comprador = await createCompradorConDireccion(page.request, PROVIDENCIA);
  await loginByApi(page, comprador.email, comprador.password);
  await solicitudDeLomo(page);
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Bodega Providencia');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await generarCotizacion(page);
  await page.getByRole('button', { name: 'Comprar' }).click();
  const pregunta = page.getByRole('dialog', { name: 'Datos de facturación' });
  await expect(pregunta).toBeVisible();
  await pregunta.getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('button', { name: /^Confirmar compra por/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Confirmar compra por/ })).toBeVisible();
  await expect(pregunta).toHaveCount(0);

  await page.getByRole('button', { name: 'Ingresar datos de facturación' }).click();
  await expect(page.getByRole('form', { name: 'Datos de facturación' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Datos de facturación' })).toBeVisible();
  await expect(pregunta).toHaveCount(0);
  await shot(page, 'facturacion-recargada-1280');
});

test.describe("the supplier's wide screens", () => {
  /** An .xlsx with the template's headers and `n` rows whose price is negative (each one an error). */
  async function archivoConErrores(n: number, sello: string): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Productos');
    sheet.addRow([...COLUMNAS_EXCEL]);
    for (let i = 0; i < n; i++) {
      const fila: Record<string, string | number> = filaExcelConPrecioNegativo(`ERR-${i}`, `Conserva ${sello} ${i}`);
      sheet.addRow(COLUMNAS_EXCEL.map((c) => fila[c] ?? null));
    }
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  for (const width of [1280, 375]) {
    test(`the upload's error list scrolls by keyboard and passes axe; the preview fits ${width} px`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 800 });
      await loginAs(page, 'proveedor', '/carga-masiva');
      await page.getByLabel('Archivo Excel (.xlsx o .xls, hasta 5MB)').setInputFiles({
        name: 'errores.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await archivoConErrores(40, uniqueStamp()),
      });
      await page.getByRole('button', { name: 'Subir archivo Excel' }).click();
      const popup = page.getByRole('dialog', { name: 'Errores en el archivo Excel' });
      const lista = popup.getByRole('region', { name: 'Errores en el archivo Excel' });
      await expect(lista.getByRole('listitem')).toHaveCount(40);
      // Long enough to scroll, and the keyboard scrolls it: it takes the focus by Tab.
      expect(await lista.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
      for (let i = 0; i < 5 && !(await lista.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
      await expect(lista).toBeFocused();
      await page.keyboard.press('End');
      await expect.poll(() => lista.evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
      const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      expect(violations.map((v) => v.id)).toEqual([]);
      await shot(page, `carga-lista-errores-${width}`);
      await popup.getByRole('button', { name: 'Cerrar' }).last().click();

      // The preview: nothing sideways, and each row's errors within the window's width.
      await expect(page.getByText(PRECIO_INVALIDO).first()).toBeVisible();
      expect(await desborde(page, '.carga__tabla, .data-table')).toBe(0);
      const cajas = await page.locator('td.carga__col-errores').evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().right));
      expect(cajas.length).toBeGreaterThan(0);
      expect(Math.max(...cajas)).toBeLessThanOrEqual(width);
      await shot(page, `carga-vista-previa-${width}`);
      await expectAccessible(page);
    });
  }

  test('the product list never scrolls the page sideways at 1280 or 1024 px, with long names and prices', async ({ page }) => {
    const sello = uniqueStamp();
    const proveedor = await createProveedorByApi(page.request, `Distribuidora ${sello}`);
    const rangos = { 'Desde 100 kg': 1_234_000, 'Desde 300 kg': 1_230_000, 'Desde 700 kg': 1_220_000, 'Desde 1000 kg': 1_210_000, 'Desde 1500 kg': 1_200_000 };
    await registrarProductos(
      page.request,
      proveedor,
      Array.from({ length: 3 }, (_, i) => ({
        sku: `SKU-LARGO-${sello}-${i}`,
        nombre: `Filete de salmón ahumado en frío premium ${sello} ${i}`,
        categoria: 'CARNE BOVINA',
        precio: 1_234_567,
        stock: 123_456,
        dias: 40 + i,
        rangos,
      })),
    );
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await loginByApi(page, proveedor.email, proveedor.password, '/mis-productos-proovedor');
      await expect(page.getByText(`SKU-LARGO-${sello}-0`)).toBeVisible();
      // The table of these extreme prices (seven digits in every tier) may scroll inside its box, never
      // the page: the supplier's side menu takes 14.5 rem from 1,024 px on (docs/decisions/024).
      expect(await desborde(page, 'body'), `${width} px`).toBe(0);
      await shot(page, `mis-productos-${width}`);
    }
  });
});
