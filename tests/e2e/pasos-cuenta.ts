import { expect, type Page } from '@playwright/test';
import type { E2EUser } from '../fixtures';

// An account's first steps through its screens, as several specs take them: signing up on /signup
// and logging in on /login.

/** Signs up on /signup as Inés Pérez-Cotapos, a buyer unless `rol` says otherwise, and waits for /login. */
export async function registrarseEnPantalla(page: Page, email: string, password: string, rol: 'comprador' | 'proveedor' = 'comprador') {
  await page.goto('/signup');
  if (rol === 'proveedor') await page.getByRole('radio', { name: /Proveedor/ }).check();
  await page.getByLabel('Nombre', { exact: true }).fill('Inés');
  await page.getByLabel('Apellido').fill('Pérez-Cotapos');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Repite la contraseña').fill(password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL('/login');
}

/** Logs a supplier in on the login page already open (where it goes next is the page's to decide). */
export async function iniciarSesionProveedor(page: Page, user: E2EUser) {
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByLabel('Contraseña').fill(user.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Bienvenid@, has ingresado como proveedor.')).toBeVisible();
}

/** Opens /login and logs a supplier in. */
export async function ingresarProveedor(page: Page, user: E2EUser) {
  await page.goto('/login');
  await iniciarSesionProveedor(page, user);
}
