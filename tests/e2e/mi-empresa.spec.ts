import { expect, test } from '@playwright/test';
import { RUT_EMPRESA_INVALIDO } from '#common/schemas/empresa';
import {
  accessToken,
  aprobarProductos,
  createCompradorConDireccion,
  createUserByApi,
  expectAccessible,
  fillFilaCotizacion,
  generarCotizacion,
  loginByApi,
  registrarProductos,
  shot,
  uniqueStamp,
} from '../fixtures';
import { guardarCondicionesByApi } from './proveedor-listo';

// A new supplier fills in its company on /mi-empresa against the real server, and a buyer then
// reads its nombre de fantasía, not the person's name, on the comparison's results.

for (const width of [1280, 375]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a supplier saves its company from Mi Perfil, a wrong RUT is refused, and buyers see its nombre de fantasía', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const sello = uniqueStamp();
      const nombre = `Carnes ${sello}`;
      const producto = `Lomo liso ${sello}`;
      const proveedor = await createUserByApi(page.request, 'proveedor');
      const access = await accessToken(page.request, proveedor);
      // An offer of its own on the catalogue and terms that reach the buyer, so the comparison chooses it.
      await registrarProductos(page.request, { access }, [{ sku: `ML-${sello}`, nombre: producto, categoria: 'SECOS', precio: 5_990, stock: 900, dias: 90 }]);
      await aprobarProductos(page.request, [producto]);
      await guardarCondicionesByApi(page.request, { access });

      await loginByApi(page, proveedor.email, proveedor.password, '/mi-perfil');
      await page
        .getByRole('link', { name: /Mi empresa/ })
        .first()
        .click();
      await expect(page).toHaveURL('/mi-empresa');
      await expect(page.getByRole('heading', { level: 1, name: 'Mi empresa' })).toBeVisible();
      await expect(
        page.getByText('Los compradores te ven por tu nombre de fantasía; el resto de estos datos va impreso en tus órdenes de compra.'),
      ).toBeVisible();
      // Before saving: the name buyers see today, the account's e-mail.
      await expect(page.getByLabel('Nombre de fantasía')).toHaveValue('Ana Pérez');
      await expect(page.getByLabel('Correo de ventas')).toHaveValue(proveedor.email);
      await shot(page, `mi-empresa-sin-guardar-${width}`);
      await expectAccessible(page);

      await page.getByLabel('Nombre de fantasía').fill(nombre);
      await page.getByLabel('Razón social').fill(`Comercializadora ${nombre} SpA`);
      await page.getByLabel('RUT').fill('76086428-4');
      await page.getByLabel('Giro').fill('Venta al por mayor de carnes');
      await page.getByLabel('Dirección').fill('Av. Providencia 1234, oficina 5');
      await page.getByLabel('Región').selectOption({ label: 'Región Metropolitana de Santiago' });
      await page.getByLabel('Comuna').selectOption({ label: 'Providencia' });
      await page.getByLabel('Teléfono').fill('2 2345 6789');
      await page.getByLabel('Correo de ventas').fill(`ventas.${sello.toLowerCase()}@prueba.cl`);
      const guardados: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT') guardados.push(r.url());
      });
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText(RUT_EMPRESA_INVALIDO)).toBeVisible();
      expect(guardados).toEqual([]);
      await shot(page, `mi-empresa-rut-invalido-${width}`);

      await page.getByLabel('RUT').fill('76086428-5');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Datos de tu empresa guardados.')).toBeVisible();
      await expect(page.getByLabel('RUT')).toHaveValue('76.086.428-5');
      await page.reload();
      await expect(page.getByLabel('Nombre de fantasía')).toHaveValue(nombre);
      await expect(page.getByLabel('Comuna')).toHaveValue('13123');
      await expect(page.getByLabel('Teléfono')).toHaveValue('+56 2 2345 6789');
      await shot(page, `mi-empresa-guardada-${width}`);

      // A buyer in Providencia quotes the supplier's product: the results name the company.
      const compra = await browser.newPage({ viewport: { width, height: 900 } });
      const comprador = await createCompradorConDireccion(compra.request, {
        nombre_contacto: 'Cocina Central',
        correo_contacto: 'cocina@prueba.cl',
        telefono_contacto: '+56912345678',
        direccion_envio: 'Av. Providencia 1234',
        region: 13,
        comuna: 13123,
      });
      await loginByApi(compra, comprador.email, comprador.password, '/cotizar');
      await fillFilaCotizacion(compra, 1, { categoria: ['secos', 'SECOS'], producto: [producto.toLowerCase(), producto] }, 100);
      await compra.getByRole('button', { name: 'Continuar' }).click();
      await expect(compra).toHaveURL(/\/datos-cotizacion$/);
      await expect(compra.getByLabel('Nombre de contacto')).toHaveValue('Cocina Central');
      await compra.getByRole('button', { name: 'Continuar' }).click();
      await generarCotizacion(compra);
      const elegidas = compra.getByRole('region', { name: 'Opciones seleccionadas' });
      await expect(elegidas.getByRole('region', { name: nombre, exact: true })).toBeVisible();
      await expect(elegidas).not.toContainText('Ana Pérez');
      await shot(compra, `mi-empresa-resultado-comprador-${width}`);
      await compra.close();
    });
  });
}
