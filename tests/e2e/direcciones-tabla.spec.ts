import { type APIRequestContext, expect, test } from '@playwright/test';
import { createUserByApi, loginByApi } from '../fixtures';

/** Adds an address through the API, the way the form does. */
async function addDireccion(request: APIRequestContext, access: string, nombre: string, comunaNombre: string) {
  const regiones: { id: number; nombre: string }[] = await (await request.get('/api/ubicacion/regiones/')).json();
  const region = regiones.find((r) => r.nombre === 'Región de Valparaíso')!;
  const comunas: { id: number; nombre: string }[] = await (await request.get(`/api/ubicacion/comunas/?region=${region.id}`)).json();
  const comuna = comunas.find((c) => c.nombre === comunaNombre)!;
  const res = await request.post('/api/cotizaciones/direccion/agregar/', {
    headers: { authorization: `JWT ${access}` },
    data: {
      nombre_contacto: nombre,
      correo_contacto: 'local@prueba.cl',
      telefono_contacto: '+56912345678',
      direccion_envio: `Avenida Libertad ${Math.floor(Math.random() * 900) + 100}`,
      region: region.id,
      region_nombre: region.nombre,
      comuna: comuna.id,
      comuna_nombre: comuna.nombre,
      cotizante_id: '',
      fecha_entrega: '',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('the address list is a sortable table on wide screens and a card per address at 375 px; deleting asks in red and Escape backs out', async ({
  page,
  request,
}) => {
  const user = await createUserByApi(request, 'comprador');
  const { access } = await loginByApi(page, user.email, user.password, '/404-vacia');
  await addDireccion(request, access, 'Bodega Quilpué', 'Quilpué');
  await addDireccion(request, access, 'Almacén Viña', 'Viña del Mar');
  await page.goto('/direcciones');

  const table = page.getByRole('table', { name: 'Mis direcciones' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  // docs/producto.md §2: the active address first, tagged '(Activa)' and said 'Activada'; the others offer 'Activar'.
  await expect(rows.first()).toContainText('Bodega Quilpué');
  await expect(rows.first()).toContainText('(Activa)');
  await expect(rows.first().getByText('Activada')).toBeVisible();
  await expect(rows.first().getByRole('button', { name: 'Activar' })).toHaveCount(0);
  await expect(rows.nth(1).getByRole('button', { name: 'Activar' })).toBeEnabled();

  // Sort by contact name, A-Z
  const contacto = page.getByRole('columnheader', { name: /Contacto/ });
  await contacto.getByRole('button').click();
  await expect(contacto).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText('Almacén Viña');

  // Delete asks first, in red; Escape closes the question and focus returns to the button
  const eliminar = rows.filter({ hasText: 'Bodega Quilpué' }).getByRole('button', { name: 'Eliminar' });
  await eliminar.click();
  const dialog = page.getByRole('dialog', { name: '¿Deseas eliminar esta dirección?' });
  await expect(dialog).toBeVisible();
  const confirmar = dialog.getByRole('button', { name: 'Eliminar' });
  await expect(confirmar).toHaveCSS('background-color', 'rgb(180, 35, 24)');
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirmar).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(eliminar).toBeFocused();
  await expect(rows).toHaveCount(2);

  // 375 px: no header row, each address a card with its labels, nothing wider than the screen
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(table.locator('thead')).toBeHidden();
  await expect(rows.first()).toHaveCSS('display', 'block');
  const box = await rows.first().boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
  expect(box!.height).toBeGreaterThan(150);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.getByLabel('Ordenar por')).toBeVisible();
  await page.getByLabel('Ordenar por').selectOption({ label: 'Contacto (descendente)' });
  await expect(rows.first()).toContainText('Bodega Quilpué');

  // The question works on the phone too; confirming deletes
  await rows.filter({ hasText: 'Almacén Viña' }).getByRole('button', { name: 'Eliminar' }).click();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.locator('[data-sonner-toaster]').getByText('Dirección eliminada correctamente.')).toBeVisible();
  await expect(rows).toHaveCount(1);
});

test('a tampered copy of the address being edited is dropped: the edit screen goes back to the list', async ({ page, request }) => {
  const user = await createUserByApi(request, 'comprador');
  await loginByApi(page, user.email, user.password, '/direcciones');
  await expect(page.getByText('No tienes direcciones guardadas.')).toBeVisible();
  await page.evaluate(() => sessionStorage.setItem('direccionEditar', '{"id": "1 OR 1=1", "nombre_contacto": 5'));
  await page.goto('/direcciones-editar');
  await expect(page).toHaveURL('/direcciones');
  await expect(page.getByText('No tienes direcciones guardadas.')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('direccionEditar'))).toBeNull();
});
