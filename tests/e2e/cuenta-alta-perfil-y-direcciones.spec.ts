import { expect, type Page, test } from '@playwright/test';
import { createUserByApi, loginByApi, menuLabels, openMenu, readMailLink, uniqueEmail } from '../fixtures';

const toast = (page: Page, text: string) => expect(page.locator('[data-sonner-toaster]').getByText(text, { exact: true }).first()).toBeVisible();

async function fillAddress(page: Page, values: { nombre: string; correo: string; telefono: string; direccion: string; region: string; comuna: string }) {
  await page.getByLabel('Nombre de contacto').fill(values.nombre);
  await page.getByLabel('Correo de contacto').fill(values.correo);
  await page.getByLabel('Teléfono').fill(values.telefono);
  await page.getByLabel('Dirección').fill(values.direccion);
  await page.getByLabel('Región').selectOption({ label: values.region });
  await page.getByLabel('Comuna').selectOption({ label: values.comuna });
}

test('a buyer signs up, activates from the e-mail, logs in, edits the account, manages addresses and logs out', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('comprador');
  const password = 'palta-hass-2026';

  // Sign up
  await page.goto('/signup');
  await expect(page.getByLabel('Comprador')).toBeChecked();
  await page.getByLabel('Nombre', { exact: true }).fill('Camila');
  await page.getByLabel('Apellido').fill('Rojas');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Repite la contraseña').fill(password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();

  // Not active yet: a wrong password gets the server's generic detail (the right one is
  // cuenta-correo-y-activacion.spec.ts's journey: it says the account is not active yet)
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(`${password}-no`);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await toast(page, 'No se encontró una cuenta activa con las credenciales entregadas.');

  // Activate with the link of the real e-mail file
  await page.goto(await readMailLink(email, 'activate'));
  await toast(page, 'Cuenta verificada con éxito. ¡Bienvenido/a!');
  await expect(page).toHaveURL('/');

  // Log in
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email.toUpperCase());
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await toast(page, 'Bienvenid@, has ingresado como comprador.');
  await expect(page).toHaveURL('/');
  expect(await menuLabels(page)).toContain('Mi Perfil');

  // Profile menu and account data
  await page.getByRole('link', { name: 'Mi Perfil' }).click();
  await expect(page.getByText('Camila Rojas')).toBeVisible();
  await expect(page.locator('.perfil-header').getByText('Comprador')).toBeVisible();
  await page
    .getByRole('link', { name: /Datos de la cuenta/ })
    .first()
    .click();
  await expect(page).toHaveURL('/mi-cuenta');
  await expect(page.getByText(`${email} · Validado ✓`)).toBeVisible();
  await expect(page.getByText('No especificado · Sin validar ❗')).toBeVisible();
  await expect(page.getByText('Cotizante')).toBeVisible();

  // Edit the account
  await page.getByRole('link', { name: 'Modificar datos' }).click();
  await expect(page.getByLabel('Tipo de usuario')).toBeDisabled();
  await page.getByLabel('Teléfono').fill('+56 9 8765 4321');
  await page.getByLabel('Fecha de nacimiento').fill('1990-05-17');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await toast(page, '¡Datos actualizados correctamente!');
  await expect(page).toHaveURL('/mi-cuenta');
  await expect(page.getByText('+56 9 8765 4321 · Validado ✓')).toBeVisible();
  await expect(page.getByText('17 de mayo de 1990')).toBeVisible();

  // Addresses: none yet, then two
  await page.getByRole('navigation', { name: 'Mi perfil' }).getByRole('link', { name: 'Direcciones' }).click();
  await expect(page.getByText('No tienes direcciones guardadas.')).toBeVisible();
  await page.getByRole('link', { name: 'Agregar Dirección' }).click();
  await expect(page.getByLabel('Comuna')).toBeDisabled();
  await fillAddress(page, {
    nombre: 'Cocina Central',
    correo: 'cocina@prueba.cl',
    telefono: '+56912345678',
    direccion: 'Av. Providencia 1234, local 5',
    region: 'Región Metropolitana de Santiago',
    comuna: 'Ñuñoa',
  });
  await page.getByRole('button', { name: 'Guardar dirección' }).click();
  await toast(page, '¡Dirección agregada correctamente!');
  await expect(page).toHaveURL('/direcciones');
  await page.getByRole('link', { name: 'Agregar Dirección' }).click();
  await fillAddress(page, {
    nombre: 'Sucursal Viña',
    correo: 'vina@prueba.cl',
    telefono: '322123456',
    direccion: 'Calle Valparaíso 555, Viña',
    region: 'Región de Valparaíso',
    comuna: 'Viña del Mar',
  });
  await page.getByRole('button', { name: 'Guardar dirección' }).click();
  await toast(page, '¡Dirección agregada correctamente!');

  const cards = page.locator('.direccion');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Cocina Central');
  await expect(cards.first()).toContainText('(Activa)');
  await expect(cards.first().getByText('Activada')).toBeVisible();
  await expect(cards.first().getByRole('button', { name: 'Activar' })).toHaveCount(0);

  // Activate the second: it moves first
  await cards.nth(1).getByRole('button', { name: 'Activar' }).click();
  await toast(page, 'Dirección activada correctamente.');
  await expect(cards.first()).toContainText('Sucursal Viña');
  await expect(cards.first()).toContainText('(Activa)');

  // Edit it (the form comes prefilled from the session copy, the server's record then confirms it)
  await cards.first().getByRole('link', { name: 'Modificar' }).click();
  await expect(page).toHaveURL(/\/direcciones-editar\?id=\d+$/);
  await expect(page.getByLabel('Nombre de contacto')).toHaveValue('Sucursal Viña');
  await expect(page.getByLabel('Comuna')).toHaveValue('5109');
  await page.getByLabel('Nombre de contacto').fill('Sucursal Viña Centro');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await toast(page, '¡Dirección actualizada correctamente!');
  await expect(cards.first()).toContainText('Sucursal Viña Centro');

  // The account shows the active address as the shipping address
  await page.goto('/mi-cuenta');
  await expect(page.getByText('Calle Valparaíso 555, Viña, Viña del Mar')).toBeVisible();

  // Delete the active one: the other becomes active
  await page.goto('/direcciones');
  await cards.first().getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('dialog', { name: '¿Deseas eliminar esta dirección?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await toast(page, 'Dirección eliminada correctamente.');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Cocina Central');
  await expect(cards.first()).toContainText('(Activa)');

  // Log out
  await openMenu(page);
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await toast(page, 'Has cerrado sesión correctamente.');
  await page.goto('/direcciones');
  await expect(page).toHaveURL('/login?next=%2Fdirecciones');
});

test('an address opened in a new tab loads from the server by its id: Región and Comuna shown', async ({ page, context, request }) => {
  const user = await createUserByApi(request, 'comprador');
  await loginByApi(page, user.email, user.password, '/direcciones-agregar');
  await fillAddress(page, {
    nombre: 'Sucursal Viña',
    correo: 'vina@prueba.cl',
    telefono: '322123456',
    direccion: 'Calle Valparaíso 555, Viña',
    region: 'Región de Valparaíso',
    comuna: 'Viña del Mar',
  });
  await page.getByRole('button', { name: 'Guardar dirección' }).click();
  await toast(page, '¡Dirección agregada correctamente!');
  const href = await page.locator('.direccion').first().getByRole('link', { name: 'Modificar' }).getAttribute('href');

  // A new tab (no session copy) opened at the link.
  const tab = await context.newPage();
  await tab.goto(href!.replace('/direcciones-editar', '/direcciones-modificar'));
  await expect(tab.getByLabel('Nombre de contacto')).toHaveValue('Sucursal Viña');
  await expect(tab.getByLabel('Región')).toHaveValue('5');
  await expect(tab.getByLabel('Comuna')).toHaveValue('5109');
  await expect(tab.getByLabel('Comuna').locator('option:checked')).toHaveText('Viña del Mar');
  await tab.close();
});

test('/direcciones-modificar opens the same edit screen, and without a saved copy goes back to the list', async ({ page, request }) => {
  const user = await createUserByApi(request, 'proveedor');
  await loginByApi(page, user.email, user.password, '/direcciones-modificar');
  await expect(page).toHaveURL('/direcciones');
});
