import { expect, type Page, test } from '@playwright/test';
import { createUserByApi, E2E_MODERADOR, expectAccessible, loginAs, loginByApi, shot } from '../fixtures';

// 'Seguridad' on the profile changes the password with the current one; the other
// sessions end and this one goes on.

const toast = (page: Page, text: string) => expect(page.locator('[data-sonner-toaster]').getByText(text, { exact: true }).first()).toBeVisible();

async function cambiar(page: Page, actual: string, nueva: string) {
  await page.getByLabel('Contraseña actual').fill(actual);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(nueva);
  await page.getByLabel('Repite la nueva contraseña').fill(nueva);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
}

test('a buyer changes the password from the profile: the other sessions end, this one goes on', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const user = await createUserByApi(page.request, 'comprador');
  // Another device, logged in before the change.
  const otro = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const telefono = await otro.newPage();
  await loginByApi(telefono, user.email, user.password, '/mi-cuenta');
  await expect(telefono.getByRole('heading', { name: 'Datos de la cuenta' })).toBeVisible();

  await loginByApi(page, user.email, user.password, '/mi-perfil');
  await page.getByRole('link', { name: /Seguridad/ }).click();
  await expect(page).toHaveURL('/seguridad');
  await expect(page.getByRole('navigation', { name: 'Mi perfil' }).getByRole('link', { name: 'Seguridad' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'seguridad-1280');

  // A wrong current password, said under its field.
  await cambiar(page, 'no-es-la-mia', 'quinoa-real-2027');
  await expect(page.getByText('Contraseña inválida.')).toBeVisible();
  await expect(page.getByLabel('Contraseña actual')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'seguridad-error-1280');

  await cambiar(page, user.password, 'quinoa-real-2027');
  await toast(page, 'Contraseña actualizada. Cerramos tus otras sesiones.');
  await expect(page).toHaveURL('/mi-perfil');
  // This session goes on, after a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  await page.goto('/mi-cuenta');
  await expect(page.getByText(`${user.email} · Validado ✓`)).toBeVisible();

  // The other device's session is over: its next private screen sends it to /login.
  await telefono.goto('/direcciones');
  await expect(telefono).toHaveURL('/login?next=%2Fdirecciones');
  await otro.close();

  // The old password no longer opens the account; the new one does.
  expect((await page.request.post('/auth/jwt/create/', { data: { email: user.email, password: user.password } })).status()).toBe(401);
  expect((await page.request.post('/auth/jwt/create/', { data: { email: user.email, password: 'quinoa-real-2027' } })).status()).toBe(200);
});

test('a supplier changes the password on a phone (375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const user = await loginAs(page, 'proveedor', '/seguridad');
  await expect(page.getByRole('heading', { name: 'Seguridad', level: 1 })).toBeVisible();
  // The sidebar is one sideways-scrolling row here: its current item is brought into view.
  await expect(page.getByRole('navigation', { name: 'Mi perfil' }).getByRole('link', { name: 'Seguridad' })).toBeInViewport();
  await shot(page, 'seguridad-375');
  // The client's own rules first.
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('maqui-1');
  await page.getByLabel('Repite la nueva contraseña').fill('maqui-2');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
  await expect(page.getByText('Este campo es obligatorio')).toBeVisible();
  await shot(page, 'seguridad-error-375');

  await cambiar(page, user.password, 'maqui-silvestre-9');
  await toast(page, 'Contraseña actualizada. Cerramos tus otras sesiones.');
  await expect(page).toHaveURL('/mi-perfil');
  expect((await page.request.post('/auth/jwt/create/', { data: { email: user.email, password: 'maqui-silvestre-9' } })).status()).toBe(200);
});

test('a moderator has the screen too (the suite shares its moderator: nothing is changed)', async ({ page }) => {
  await loginByApi(page, E2E_MODERADOR.email, E2E_MODERADOR.password, '/seguridad');
  await expect(page.getByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
  await expect(page.getByLabel('Contraseña actual')).toBeVisible();
});

test('a visitor without a session is sent to /login', async ({ page }) => {
  await page.goto('/seguridad');
  await expect(page).toHaveURL('/login?next=%2Fseguridad');
  await toast(page, 'Debes iniciar sesión');
});
