import { expect, test } from '@playwright/test';
import { createUserByApi, expectAccessible, loginAs, loginByApi, shot } from '../fixtures';

// What a new user tripped over, in the browser: where a visitor who wants to sell is taken, one
// date format on screen, date inputs that read day-month-year, Chilean landlines, no placeholder
// in Mi Perfil (docs/decisions/017-telefonos-fechas-y-tuteo.md).

test('the page is es-CL', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-CL');
});

test("'Sube tu stock' and 'Vende con nosotros' take a visitor to signup as proveedor", async ({ page }) => {
  for (const entrar of [
    () => page.locator('.hero').getByRole('link', { name: 'Sube tu stock' }).click(),
    () => page.getByRole('contentinfo').getByRole('link', { name: 'Vende con nosotros' }).click(),
  ]) {
    await page.goto('/');
    await entrar();
    await expect(page).toHaveURL('/signup?rol=proveedor');
    await expect(page.getByRole('radio', { name: /Proveedor/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Comprador/ })).not.toBeChecked();
  }
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/signup?rol=proveedor');
    await expect(page.getByRole('radio', { name: /Proveedor/ })).toBeChecked();
    await shot(page, `redaccion-signup-proveedor-${width}`);
    await page.goto('/');
    await shot(page, `redaccion-home-${width}`);
  }
  // Plain /signup still starts as a buyer (docs/producto.md §5).
  await page.goto('/signup');
  await expect(page.getByRole('radio', { name: /Comprador/ })).toBeChecked();
});

test('Mi Perfil lists only what works: no Próximamente', async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, 'proveedor', '/mi-perfil');
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
    await expect(page.getByText('Próximamente')).toHaveCount(0);
    await expect(page.locator('[title="Próximamente"], [aria-disabled="true"]')).toHaveCount(0);
    const items = page.locator('.perfil-items').getByRole('link');
    await expect(items).toHaveText([/^D.*Datos de la cuenta/, /^D.*Direcciones/, /^S.*Seguridad/, /^M.*Mi empresa/, /^C.*Condiciones de despacho/]);
    await shot(page, `redaccion-mi-perfil-${width}`);
    await page.goto('/mi-cuenta');
    await expect(page.getByRole('navigation', { name: 'Mi perfil' }).getByRole('link')).toHaveText([
      'Mi Perfil',
      'Datos de la cuenta',
      'Direcciones',
      'Seguridad',
    ]);
  }
});

test('a date input reads day-month-year; the date and a landline are shown in one format', async ({ page, request }) => {
  const user = await createUserByApi(request, 'comprador');
  await loginByApi(page, user.email, user.password, '/mi-cuenta-editar');
  const fecha = page.getByLabel('Fecha de nacimiento');
  // Typed as Chile writes it, whatever the browser's language: 02-12-1990 is 2 December.
  await expect(fecha).toHaveAttribute('placeholder', 'dd-mm-aaaa');
  await fecha.fill('2-12-1990');
  await page.getByLabel('Teléfono').fill('(2) 2345 6789');
  await expectAccessible(page);
  await shot(page, 'redaccion-mi-cuenta-editar-1280');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page).toHaveURL('/mi-cuenta');
  await expect(page.getByText('2 de diciembre de 1990')).toBeVisible();
  await expect(page.getByText('+56 2 2345 6789 · Validado ✓')).toBeVisible();
  // No short date beside the long one anywhere on the screen.
  await expect(page.locator('main')).not.toContainText(/\b\d{1,2}[-/]\d{1,2}[-/]\d{4}\b/);
  await shot(page, 'redaccion-mi-cuenta-1280');

  // Back on the form, the kept day reads day-month-year; a month-first day is refused, nothing saved.
  await page.getByRole('link', { name: 'Modificar datos' }).click();
  await expect(fecha).toHaveValue('02-12-1990');
  await expect(page.getByLabel('Teléfono')).toHaveValue('+56 2 2345 6789');
  await fecha.fill('12-31-1990');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ingresa una fecha válida' })).toBeVisible();
  await expect(page).toHaveURL('/mi-cuenta-editar');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'redaccion-mi-cuenta-editar-375');
});

test('a regional landline is a valid delivery phone, and a saved address offers Activar', async ({ page, request }) => {
  const user = await createUserByApi(request, 'comprador');
  await loginByApi(page, user.email, user.password, '/direcciones-agregar');
  const agregar = async (nombre: string, telefono: string) => {
    await page.goto('/direcciones-agregar');
    await page.getByLabel('Nombre de contacto').fill(nombre);
    await page.getByLabel('Correo de contacto').fill('bodega@prueba.cl');
    await page.getByLabel('Teléfono').fill(telefono);
    await page.getByLabel('Dirección').fill('Av. Diego Portales 860, Puerto Montt');
    await page.getByLabel('Región').selectOption({ label: 'Región de Los Lagos' });
    await page.getByLabel('Comuna').selectOption({ label: 'Puerto Montt' });
    await page.getByRole('button', { name: 'Guardar dirección' }).click();
    await expect(page).toHaveURL('/direcciones');
  };
  await agregar('Bodega Sur', '652345678');
  await agregar('Bodega Norte', '+56652345678');
  const filas = page.locator('.direccion');
  await expect(filas).toHaveCount(2);
  await expect(filas.nth(0)).toContainText('+56 65 234 5678');
  await expect(filas.nth(1)).toContainText('+56 65 234 5678');
  // The active one says so; the other offers what its button does.
  await expect(filas.nth(0).getByText('Activada')).toBeVisible();
  await expect(filas.nth(0).getByRole('button', { name: 'Activar' })).toHaveCount(0);
  await expect(filas.nth(1).getByRole('button', { name: 'Activar' })).toBeEnabled();
  await expect(filas.nth(1).getByText('Desactivada', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Activada|Desactivada)$/ })).toHaveCount(0);
  await shot(page, 'redaccion-direcciones-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'redaccion-direcciones-375');
});
