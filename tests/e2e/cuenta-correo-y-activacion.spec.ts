import { expect, type Page, test } from '@playwright/test';
import { createUserByApi, loginByApi, readMailLink, shot, uniqueEmail } from '../fixtures';
import { registrarseEnPantalla } from './pasos-cuenta';

// The account's e-mail rules on the client: the right password on an inactive account says so and offers the
// activation e-mail again; a new e-mail takes effect only through the link sent to it.
// An activation link keeps the password typed at signup only in the browser that
// signed up; anywhere else (another browser, a resent link) the page asks for a password, and
// shows the signup's names and role, editable (docs/decisions/003).

const toast = (page: Page, text: string) => expect(page.locator('[data-sonner-toaster]').getByText(text, { exact: true }).first()).toBeVisible();

test('the right password on an account not yet active says so, and /login sends the activation e-mail again', async ({ page, request }) => {
  const email = uniqueEmail('inactiva');
  const password = 'merken-2026';
  const res = await request.post('/auth/users/', {
    data: { first_name: 'Rosa', last_name: "O'Higgins", email, password, re_password: password, is_comprador: true, is_proveedor: false },
  });
  expect(res.status()).toBe(201);
  const first = await readMailLink(email, 'activate');

  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Tu cuenta aún no está activada. Revisa tu correo o pide un nuevo enlace de activación.' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Reenviar correo de activación' }).click();
  await toast(page, 'Te enviamos un nuevo enlace de activación.');
  // A new e-mail with its own link arrived.
  await expect.poll(() => readMailLink(email, 'activate')).not.toBe(first);

  // A resent link carries no signup: whoever opens it chooses the password.
  await page.goto(await readMailLink(email, 'activate'));
  await choosePassword(page, 'merken-ahumado-7');
  await toast(page, 'Cuenta verificada con éxito. ¡Bienvenido/a!');
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('merken-ahumado-7');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await toast(page, 'Bienvenid@, has ingresado como comprador.');
});

async function choosePassword(page: Page, password: string) {
  await expect(page.getByText(/^Elige una contraseña para activar tu cuenta\./)).toBeVisible();
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Repite la contraseña').fill(password);
  await page.getByRole('button', { name: 'Activar cuenta' }).click();
}

test("the signup's own browser activates with the signup's password; another browser must choose one", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('dos-navegadores');
  await registrarseEnPantalla(page, email, 'maqui-silvestre-1');
  const link = await readMailLink(email, 'activate');

  // Another browser (no clave): it asks for a password, and the link still works afterwards.
  const other = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phone = await other.newPage();
  await phone.goto(link);
  await expect(phone.getByText(/^Elige una contraseña para activar tu cuenta\./)).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Activar cuenta' })).toBeVisible();
  await shot(phone, 'activacion-pide-contrasena-375');
  await other.close();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The browser that signed up: no question, the signup's password.
  await page.goto(link);
  await toast(page, 'Cuenta verificada con éxito. ¡Bienvenido/a!');
  await expect(page).toHaveURL('/');

  // The link again: the account is active, said calmly, with no red toast.
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'Tu cuenta ya está activa: este enlace ya se usó.' })).toBeVisible();
  await expect(page.getByText('Error al verificar la cuenta. Inténtalo nuevamente.')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shot(page, 'activacion-ya-activa-1280');
  await page.getByRole('main').getByRole('link', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('maqui-silvestre-1');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await toast(page, 'Bienvenid@, has ingresado como comprador.');
});

test("a link opened in another browser shows the signup's names and role, editable, and the account takes what its opener chose", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('nombres');
  // Someone signs up with this address (as a buyer named Inés Pérez-Cotapos) in one browser...
  await registrarseEnPantalla(page, email, 'maqui-ajeno-4');
  const link = await readMailLink(email, 'activate');

  // ...and the mailbox's owner opens the link in another one: the signup's data, to confirm or change.
  const other = await browser.newContext();
  const owner = await other.newPage();
  await owner.goto(link);
  await expect(owner.getByText(/^Elige una contraseña para activar tu cuenta\./)).toBeVisible();
  await expect(owner.getByText(email, { exact: true })).toBeVisible();
  await expect(owner.getByLabel('Nombre', { exact: true })).toHaveValue('Inés');
  await expect(owner.getByLabel('Apellido')).toHaveValue('Pérez-Cotapos');
  await expect(owner.getByRole('radio', { name: /Comprador/ })).toBeChecked();
  await shot(owner, 'activacion-nombres-y-rol-1280');

  // The signup's rules, on the page.
  await owner.getByLabel('Nombre', { exact: true }).fill('Rosa2');
  await owner.getByLabel('Apellido').fill('Soto');
  await owner.getByRole('radio', { name: /Proveedor/ }).check();
  await choosePassword(owner, 'boldo-propio-5');
  await expect(owner.getByText('El nombre solo puede contener letras')).toBeVisible();
  await owner.getByLabel('Nombre', { exact: true }).fill('Rosa');
  await owner.getByRole('button', { name: 'Activar cuenta' }).click();
  await toast(owner, 'Cuenta verificada con éxito. ¡Bienvenido/a!');

  await owner.goto('/login');
  await owner.getByLabel('Correo electrónico').fill(email);
  await owner.getByLabel('Contraseña').fill('boldo-propio-5');
  await owner.getByRole('button', { name: 'Iniciar sesión' }).click();
  await toast(owner, 'Bienvenid@, has ingresado como proveedor.');
  await owner.goto('/mi-cuenta');
  await expect(owner.getByText('Rosa Soto', { exact: true })).toBeVisible();
  await other.close();
});

test('a link opened elsewhere asks for a password (1280 px) and activates with it', async ({ page, request }) => {
  const email = uniqueEmail('otro-equipo');
  const res = await request.post('/auth/users/', {
    data: { first_name: 'Rosa', last_name: 'Soto', email, password: 'boldo-fresco-2', re_password: 'boldo-fresco-2', is_proveedor: true },
  });
  expect(res.status()).toBe(201);
  await page.goto(await readMailLink(email, 'activate'));
  await expect(page.getByText(/^Elige una contraseña para activar tu cuenta\./)).toBeVisible();
  await shot(page, 'activacion-pide-contrasena-1280');
  // The reset's rules, with the product's failure toast.
  await page.getByLabel('Contraseña', { exact: true }).fill('123456');
  await page.getByLabel('Repite la contraseña').fill('123456');
  await page.getByRole('button', { name: 'Activar cuenta' }).click();
  await expect(page.getByText('Esta contraseña es demasiado común.')).toBeVisible();
  await toast(page, 'Error al verificar la cuenta. Inténtalo nuevamente.');

  await choosePassword(page, 'boldo-elegido-3');
  await toast(page, 'Cuenta verificada con éxito. ¡Bienvenido/a!');
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('boldo-fresco-2');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await toast(page, 'No se encontró una cuenta activa con las credenciales entregadas.');
  await page.getByLabel('Contraseña').fill('boldo-elegido-3');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await toast(page, 'Bienvenid@, has ingresado como proveedor.');
});

test('changing the e-mail waits for the link sent to the new address; the link confirms it once', async ({ page, request }) => {
  const user = await createUserByApi(request, 'comprador');
  const nuevo = uniqueEmail('nuevo');
  await loginByApi(page, user.email, user.password, '/mi-cuenta-editar');

  await page.getByLabel('Correo electrónico').fill(nuevo);
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await toast(page, `Te enviamos un enlace a ${nuevo} para confirmar el cambio de correo.`);
  await expect(page).toHaveURL('/mi-cuenta');
  // Not yet in effect: the old address stands, the new one waits.
  await expect(page.getByText(`${user.email} · Validado ✓`)).toBeVisible();
  await expect(page.getByText(`Correo pendiente de confirmación: ${nuevo}`)).toBeVisible();

  const link = await readMailLink(nuevo, 'confirmar-correo');
  await page.goto(link);
  await toast(page, 'Tu correo fue actualizado.');
  await expect(page).toHaveURL('/mi-cuenta');
  await expect(page.getByText(`${nuevo} · Validado ✓`)).toBeVisible();
  await expect(page.getByText('Correo pendiente de confirmación')).toHaveCount(0);

  // Used once: a second visit explains itself and leads back to the edit screen.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: /enlace/ })).toBeVisible();
  await expect(page.getByText('Token inválido para este usuario.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Modificar datos' }).click();
  await expect(page).toHaveURL('/mi-cuenta-editar');
});

test("a third party's signup with the new address does not block the change", async ({ page, request }) => {
  const user = await createUserByApi(request, 'proveedor');
  const nuevo = uniqueEmail('disputado');
  await loginByApi(page, user.email, user.password, '/mi-cuenta-editar');
  await page.getByLabel('Correo electrónico').fill(nuevo);
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await toast(page, `Te enviamos un enlace a ${nuevo} para confirmar el cambio de correo.`);

  // Someone else signs up with that address before the link is opened.
  const ajeno = await request.post('/auth/users/', {
    data: { first_name: 'Otro', last_name: 'Alguien', email: nuevo, password: 'ajeno-9876', re_password: 'ajeno-9876', is_comprador: true },
  });
  expect(ajeno.status()).toBe(201);

  await page.goto(await readMailLink(nuevo, 'confirmar-correo'));
  await toast(page, 'Tu correo fue actualizado.');
  await expect(page).toHaveURL('/mi-cuenta');
  await expect(page.getByText(`${nuevo} · Validado ✓`)).toBeVisible();
  expect((await request.post('/auth/jwt/create/', { data: { email: nuevo, password: user.password } })).status()).toBe(200);
});
