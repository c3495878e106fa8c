import { expect, test } from '@playwright/test';
import { createUserByApi, loginByApi } from '../fixtures';

// One busy state for submit buttons and one placement for form errors, on every form.

test('a submit button is busy (disabled, aria-busy, its busy label) exactly while the write runs', async ({ page, request }) => {
  const user = await createUserByApi(request, 'proveedor');
  // Hold the real server's answer until the busy state has been seen (not a mock: the request goes through).
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/auth/jwt/create/', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  const busy = page.getByRole('button', { name: 'Ingresando...' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  release();

  await expect(page.locator('[data-sonner-toaster]').getByText('No se encontró una cuenta activa con las credenciales entregadas.')).toBeVisible();
  const idle = page.getByRole('button', { name: 'Iniciar sesión' });
  await expect(idle).toBeEnabled();
  await expect(idle).not.toHaveAttribute('aria-busy');
});

test("the server's reason for a field lands under that field, tied to it by aria-describedby", async ({ page, request }) => {
  const user = await createUserByApi(request, 'comprador');
  await loginByApi(page, user.email, user.password, '/direcciones-agregar');
  await page.getByLabel('Nombre de contacto').fill('Cocina Central');
  await page.getByLabel('Correo de contacto').fill('cocina@prueba.cl');
  await page.getByLabel('Teléfono').fill('+56912345678');
  await page.getByLabel('Dirección').fill('Av. Providencia 1234, local 5');
  await page.getByLabel('Región').selectOption({ label: 'Región de Valparaíso' });
  await page.getByLabel('Comuna').selectOption({ label: 'Viña del Mar' });
  // Only the server knows a comuna of another region: tamper with the option's value, as an old tab could send.
  await page.getByLabel('Comuna').evaluate((select: HTMLSelectElement) => {
    select.selectedOptions[0]!.value = '13101';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.getByRole('button', { name: 'Guardar dirección' }).click();

  const comuna = page.getByLabel('Comuna');
  await expect(comuna).toHaveAttribute('aria-invalid', 'true');
  const errorId = await comuna.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText('La comuna no pertenece a la región seleccionada.');
  await expect(page).toHaveURL('/direcciones-agregar');
});
