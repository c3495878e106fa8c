import { expect, type Page, test } from '@playwright/test';
import { createUserByApi, loginByApi } from '../fixtures';

// Every validation message of docs/producto.md §5 for signup, edit account and addresses, shown in the browser.
const expectErrors = async (page: Page, messages: string[]) => {
  for (const m of messages) await expect(page.getByRole('alert').filter({ hasText: m }).first()).toBeVisible();
};

test('signup validation', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expectErrors(page, ['Este campo es obligatorio']);
  await page.getByLabel('Correo electrónico').fill('no-es-correo');
  await page.getByLabel('Contraseña', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expectErrors(page, ['Ingresa un correo válido', 'La contraseña debe tener al menos 6 caracteres.']);
  await page.getByLabel('Nombre', { exact: true }).fill('Ana');
  await page.getByLabel('Apellido').fill('Soto');
  await page.getByLabel('Correo electrónico').fill('ana.soto@prueba.cl');
  await page.getByLabel('Contraseña', { exact: true }).fill('abcdef-1');
  await page.getByLabel('Repite la contraseña').fill('abcdef-2');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expectErrors(page, ['Las contraseñas no coinciden.']);
});

test('a taken e-mail at signup answers as a new one: nobody learns which e-mails have accounts', async ({ page, request }) => {
  const user = await createUserByApi(request, 'comprador');
  await page.goto('/signup');
  await page.getByLabel('Nombre', { exact: true }).fill('Ana');
  await page.getByLabel('Apellido').fill('Soto');
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('abcdef-1');
  await page.getByLabel('Repite la contraseña').fill('abcdef-1');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  // The owner is told by e-mail instead (server/modules/auth/registro.api.test.ts).
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Ya existe un usuario con este correo.')).toHaveCount(0);
});

test('edit account validation, and an e-mail already in use answered as a free one', async ({ page, request }) => {
  const other = await createUserByApi(request, 'proveedor');
  const user = await createUserByApi(request, 'comprador');
  await loginByApi(page, user.email, user.password, '/mi-cuenta-editar');
  const save = () => page.getByRole('button', { name: 'Guardar Cambios' }).click();

  await page.getByLabel('Nombre').fill('');
  await page.getByLabel('Apellido').fill('');
  await page.getByLabel('Correo electrónico').fill('');
  await save();
  await expectErrors(page, ['El nombre es obligatorio', 'El apellido es obligatorio', 'El correo es obligatorio']);

  await page.getByLabel('Nombre').fill('A');
  await page.getByLabel('Apellido').fill('B');
  await page.getByLabel('Correo electrónico').fill('sin-arroba');
  await page.getByLabel('Teléfono').fill('12345');
  await page.getByLabel('Fecha de nacimiento').fill(`${new Date().getFullYear() - 10}-01-01`);
  await save();
  await expectErrors(page, [
    'El nombre debe tener al menos 2 caracteres',
    'El apellido debe tener al menos 2 caracteres',
    'Ingresa un correo válido',
    'Ingresa un teléfono válido (ej: +56 9 1234 5678 o 65 234 5678)',
    'Debes tener al menos 18 años',
  ]);

  await page.getByLabel('Nombre').fill('Ana3');
  await page.getByLabel('Apellido').fill('Soto!');
  await page.getByLabel('Fecha de nacimiento').fill('1890-01-01');
  await save();
  await expectErrors(page, ['El nombre solo puede contener letras', 'El apellido solo puede contener letras', 'Ingresa una fecha válida']);

  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Apellido').fill('Soto');
  await page.getByLabel('Correo electrónico').fill(other.email);
  await page.getByLabel('Teléfono').fill('');
  await page.getByLabel('Fecha de nacimiento').fill('');
  await save();
  // Another account's address answers as a free one (docs/decisions/003: the profile tells no one
  // which e-mails have accounts): it waits for a link that never comes, and its owner is told.
  await expect(page.locator('[data-sonner-toaster]').getByText(`Te enviamos un enlace a ${other.email} para confirmar el cambio de correo.`)).toBeVisible();
  await expect(page.getByText('Este correo ya está en uso')).toHaveCount(0);
  await expect(page).toHaveURL('/mi-cuenta');
  await expect(page.getByText(`${user.email} · Validado ✓`)).toBeVisible();
});

test('address validation', async ({ page, request }) => {
  const user = await createUserByApi(request, 'comprador');
  await loginByApi(page, user.email, user.password, '/direcciones-agregar');
  const save = () => page.getByRole('button', { name: 'Guardar dirección' }).click();
  await save();
  await expectErrors(page, ['Este campo es obligatorio', 'Seleccione una región', 'Seleccione una comuna']);
  await page.getByLabel('Nombre de contacto').fill('Local 22');
  await page.getByLabel('Correo de contacto').fill('malo');
  await page.getByLabel('Teléfono').fill('1234');
  await page.getByLabel('Dirección').fill('Calle 1');
  await save();
  await expectErrors(page, [
    'El nombre no puede contener números',
    'Correo electrónico inválido. Ej: nombre@empresa.cl',
    'Debe tener al menos 8 dígitos',
    'La dirección debe ser más específica',
  ]);
  await page.getByLabel('Teléfono').fill('123456789');
  await save();
  await expectErrors(page, ['Formato inválido. Ej: +56 9 1234 5678, 912345678, (2) 2345 6789, 652345678']);
  // Changing the region clears a comuna of the previous one
  await page.getByLabel('Región').selectOption({ label: 'Región de Valparaíso' });
  await page.getByLabel('Comuna').selectOption({ label: 'Viña del Mar' });
  await page.getByLabel('Región').selectOption({ label: 'Región de Ñuble' });
  await expect(page.getByLabel('Comuna')).toHaveValue('');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL('/direcciones');
});
