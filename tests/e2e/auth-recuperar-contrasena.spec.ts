import { expect, test } from '@playwright/test';
import { createUserByApi, readMailLink } from '../fixtures';

test('a supplier who forgot the password gets a link by e-mail, sets a new one and logs in with it', async ({ page, request }) => {
  const user = await createUserByApi(request, 'proveedor');
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('heading', { name: 'Recuperar contraseña' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Se ha enviado un enlace para restablecer tu contraseña.')).toBeVisible();
  await expect(page).toHaveURL('/');

  const link = await readMailLink(user.email, 'password/reset/confirm');
  await page.goto(link);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('cilantro-77');
  await page.getByLabel('Repite la nueva contraseña').fill('cilantro-78');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
  await page.getByLabel('Repite la nueva contraseña').fill('cilantro-77');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Contraseña restablecida exitosamente.')).toBeVisible();
  await expect(page).toHaveURL('/');

  // The link is single-use
  await page.goto(link);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('cilantro-99');
  await page.getByLabel('Repite la nueva contraseña').fill('cilantro-99');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  // Said in plain Spanish with what to do, never the server's 'Token inválido para este usuario.'
  await expect(
    page.getByRole('alert').filter({ hasText: 'Este enlace ya no es válido: puede haber expirado o ya fue usado. Pide un enlace nuevo.' }),
  ).toBeVisible();
  await expect(page.getByText('Token inválido para este usuario.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeVisible();

  // Old password refused, new one accepted
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByLabel('Contraseña').fill(user.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('No se encontró una cuenta activa con las credenciales entregadas.')).toBeVisible();
  await page.getByLabel('Contraseña').fill('cilantro-77');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Bienvenid@, has ingresado como proveedor.')).toBeVisible();
});

test('an activation link that was already used says the account is active, with no error toast', async ({ page, request }) => {
  const user = await createUserByApi(request, 'comprador');
  await page.goto(await readMailLink(user.email, 'activate'));
  await expect(page.getByText('Tu cuenta ya está activa: este enlace ya se usó.')).toBeVisible();
  await expect(page.getByText('Error al verificar la cuenta. Inténtalo nuevamente.')).toHaveCount(0);
});
