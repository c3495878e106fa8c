import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { SPINNER_DELAY_MS } from '#common/constants';
import { createUserByApi, loginAs, menuLabels, openMenu, type Role } from '../fixtures';

/** A supplier's whole menu, behind ☰ below 1,024 px; from there its workspace is the side menu (ESPACIO) and the bar keeps the rest. */
const PROVEEDOR_EN_MENU = [
  'Inicio',
  'Resumen',
  'Mis Productos de Proveedor',
  'Pedidos Recibidos',
  'Carga masiva',
  'Condiciones',
  'Mi empresa',
  'Mi Perfil',
  'Historial Cotizaciones',
  'Cerrar Sesión',
];
const ESPACIO = ['Resumen', 'Productos', 'Pedidos Recibidos', 'Carga masiva', 'Condiciones', 'Mi empresa'];
const LATERAL_DESDE = 1024;

const MENUS: Record<Role | 'visitante', (width: number) => string[]> = {
  visitante: () => ['Inicio', 'Iniciar Sesión', 'Registrarme'],
  comprador: () => ['Inicio', 'Mi Perfil', 'Mis listas', 'Historial Cotizaciones', 'Órdenes de Compras', 'Cerrar Sesión'],
  proveedor: (width) => (width < LATERAL_DESDE ? PROVEEDOR_EN_MENU : ['Inicio', 'Mi Perfil', 'Historial Cotizaciones', 'Cerrar Sesión']),
  moderador: () => ['Inicio', 'Moderar Productos', 'Cerrar Sesión'],
};
/**
 * Where the top bar changes: phones, docs/producto.md §9's 768 px edge, tablets and small laptops,
 * the supplier's side menu (1,024 px), the buyer's ☰ edge (1,100 px) and desktop.
 */
const BAR_WIDTHS = [375, 769, 900, 1023, 1024, 1100, 1280, 1501];

test.describe('top bar', () => {
  for (const [role, menuAt] of Object.entries(MENUS) as [Role | 'visitante', (width: number) => string[]][]) {
    test(`the ${role}'s menu reads as docs/producto.md §2 says and the bar keeps one row at every width`, async ({ page }) => {
      if (role !== 'visitante') await loginAs(page, role);
      const bar = page.locator('header.topbar');
      const nav = page.getByRole('navigation', { name: 'Menú principal' });
      for (const width of BAR_WIDTHS) {
        const menu = menuAt(width);
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        // The role's menu is there once the session has loaded (the menu may be hidden behind ☰).
        await expect(page.locator('#menu-principal li')).toHaveText(menu);
        const toggle = page.getByRole('button', { name: 'Abrir menú' });
        // One row: the bar is as tall as --topbar-alto (64 px), whether the menu is laid out or collapsed.
        expect((await bar.boundingBox())?.height, `${role} at ${width} px`).toBe(64);
        if (!(await toggle.isVisible())) {
          const tops = await nav.locator('li').evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top)));
          expect(new Set(tops).size, `${role} at ${width} px: items on one row`).toBe(1);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${role} at ${width} px overflows`).toBeLessThanOrEqual(width);
        expect(await menuLabels(page), `${role} at ${width} px`).toEqual(menu);
        // The supplier's workspace beside the page, in view from the top: nobody else has one.
        const lateral = page.getByRole('navigation', { name: 'Menú del proveedor' });
        if (role === 'proveedor' && width >= LATERAL_DESDE) {
          await expect(lateral.getByRole('listitem')).toHaveText(ESPACIO);
          expect(await lateral.isVisible(), `${role} at ${width} px`).toBe(true);
        } else await expect(lateral).toHaveCount(0);
      }
    });
  }

  test('the current page is marked in the menu, on its sub-screens too, and looks different', async ({ page }) => {
    await loginAs(page, 'comprador');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toHaveText('Inicio');
    await expect(page.getByRole('link', { name: 'Abastece', exact: true })).not.toHaveAttribute('aria-current');
    for (const path of ['/mi-perfil', '/mi-cuenta', '/mi-cuenta-editar', '/direcciones', '/direcciones-agregar']) {
      await page.goto(path);
      await expect(current, path).toHaveText('Mi Perfil');
    }
    await page.goto('/historial');
    await expect(current).toHaveText('Historial Cotizaciones');
    const look = (name: string) =>
      nav.getByRole('link', { name }).evaluate((a) => {
        const s = getComputedStyle(a);
        return `${s.backgroundColor} ${s.boxShadow}`;
      });
    expect(await look('Historial Cotizaciones')).not.toBe(await look('Órdenes de Compras'));
  });

  test('the profile sidebar marks the current screen', async ({ page }) => {
    await loginAs(page, 'comprador', '/mi-cuenta');
    const sidebar = page.getByRole('navigation', { name: 'Mi perfil' });
    const current = sidebar.locator('[aria-current="page"]');
    const expected: [string, string][] = [
      ['/mi-cuenta', 'Datos de la cuenta'],
      ['/mi-cuenta-editar', 'Datos de la cuenta'],
      ['/direcciones', 'Direcciones'],
      ['/direcciones-agregar', 'Direcciones'],
    ];
    for (const [path, label] of expected) {
      await page.goto(path);
      await expect(current, path).toHaveText(label);
    }
    const look = (name: string) => sidebar.getByRole('link', { name }).evaluate((a) => getComputedStyle(a).backgroundColor);
    expect(await look('Direcciones')).not.toBe(await look('Datos de la cuenta'));
  });

  test('on a phone the menu closes on Escape, giving the focus back to ☰, and on a click outside', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(nav.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
    await nav.getByRole('link', { name: 'Iniciar Sesión' }).focus();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(nav).toBeVisible();
    await page.mouse.click(200, 700);
    await expect(nav).toBeHidden();
    await expect(page).toHaveURL('/');
  });
});

test.describe('toasts', () => {
  for (const width of [1280, 375]) {
    test(`sit below the top bar and leave ☰ free at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await loginAs(page, 'comprador');
      await page.getByRole('button', { name: 'Sube tu stock' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Debes estar registrado como proveedor' });
      await expect(toast).toHaveText(/Debes estar registrado como proveedor para usar esta funcionalidad/);
      await expect(toast).toHaveAttribute('data-mounted', 'true');
      const bar = await page.locator('header.topbar').boundingBox();
      const barBottom = (bar?.y ?? 0) + (bar?.height ?? 0);
      // Once in place, the toast and its close button start under the bar…
      await expect.poll(async () => (await toast.boundingBox())?.y).toBeGreaterThanOrEqual(barBottom);
      expect((await toast.getByRole('button', { name: 'Cerrar aviso' }).boundingBox())?.y).toBeGreaterThanOrEqual(barBottom);
      // …and the bar stays on top: what a click on ☰ or on the bar above the toast reaches is the bar.
      const box = await toast.boundingBox();
      const points: [number, number][] = [[(box?.x ?? 0) + (box?.width ?? 0) / 2, barBottom - 4]];
      // A visitor's menu is laid out at 1280 px: ☰ shows only on the phone.
      const toggle = width <= 768 ? await page.getByRole('button', { name: 'Abrir menú' }).boundingBox() : null;
      if (toggle) points.push([toggle.x + toggle.width / 2, toggle.y + toggle.height / 2]);
      for (const [x, y] of points) {
        expect(await page.evaluate((p) => !!document.elementFromPoint(p.x, p.y)?.closest('header.topbar'), { x, y }), `${x},${y}`).toBe(true);
      }
    });
  }
});

test.describe('tab titles', () => {
  test('each public route names itself in the tab', async ({ page }) => {
    const titles: [string, string][] = [
      ['/', 'Abastece · Mayorista de alimentos'],
      ['/login', 'Iniciar sesión · Abastece'],
      ['/signup', 'Crear cuenta · Abastece'],
      ['/reset-password', 'Recuperar contraseña · Abastece'],
      ['/password/reset/confirm/MQ/x', 'Nueva contraseña · Abastece'],
      ['/cotizar', 'Cotizar productos · Abastece'],
      ['/cotizacion', 'Cotizar productos · Abastece'],
      // Without a saved request, comparison or order these send the visitor back (docs/producto.md §2 Summary).
      ['/datos-cotizacion', 'Cotizar productos · Abastece'],
      ['/confirmar-cotizacion', 'Cotizar productos · Abastece'],
      ['/cotizar-resultado', 'Cotizar productos · Abastece'],
      ['/facturacion', 'Cotizar productos · Abastece'],
      ['/confirmacion', 'Abastece · Mayorista de alimentos'],
      ['/no-existe', 'Página no encontrada · Abastece'],
      // A guarded screen names where the visitor lands.
      ['/mi-perfil', 'Iniciar sesión · Abastece'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
    // Moving inside the app (no reload) renames the tab as well.
    await page.getByRole('link', { name: 'Registrarme' }).first().click();
    await expect(page).toHaveTitle('Crear cuenta · Abastece');
  });

  test('and so does each private one', async ({ page }) => {
    await loginAs(page, 'comprador', '/mi-perfil');
    const titles: [string, string][] = [
      ['/mi-perfil', 'Mi Perfil · Abastece'],
      ['/mi-cuenta', 'Datos de la cuenta · Abastece'],
      ['/mi-cuenta-editar', 'Editar mis datos · Abastece'],
      ['/direcciones', 'Mis direcciones · Abastece'],
      ['/direcciones-agregar', 'Agregar dirección · Abastece'],
      ['/historial', 'Mi Historial de Cotizaciones · Abastece'],
      ['/ordenes', 'Historial de Órdenes de Compra · Abastece'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
    const other = await page.context().browser()!.newPage();
    await loginAs(other, 'moderador', '/moderacion-productos');
    await expect(other).toHaveTitle('Moderación de Productos Pendientes · Abastece');
    await other.close();
  });
});

for (const width of [1280, 375]) {
  test(`the home page has no serious accessibility violation and nothing overflows sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test.describe('content security policy', () => {
  test('no page breaks it, /cotizar and its pickers included (zod probed new Function there)', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { violaciones: string[] };
      w.violaciones = [];
      document.addEventListener('securitypolicyviolation', (e) => w.violaciones.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    for (const path of ['/', '/login', '/signup', '/cotizar']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
    }
    // Parsing a row runs the shared zod schemas in the browser.
    await page.getByRole('combobox', { name: 'Categoría, fila 1' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    expect(await page.evaluate(() => (window as unknown as { violaciones: string[] }).violaciones)).toEqual([]);
  });
});

test.describe('home banner', () => {
  test('a visitor who wants to upload stock is taken to sign up as a supplier', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Sube tu stock' }).click();
    await expect(page).toHaveURL('/signup?rol=proveedor');
    await expect(page.getByRole('radio', { name: /Proveedor/ })).toBeChecked();
  });

  test('a buyer who wants to upload stock is told it is for suppliers', async ({ page }) => {
    await loginAs(page, 'comprador');
    await page.getByRole('button', { name: 'Sube tu stock' }).click();
    await expect(page.getByText('Debes estar registrado como proveedor para usar esta funcionalidad')).toBeVisible();
  });

  test('a supplier goes to the bulk upload', async ({ page }) => {
    await loginAs(page, 'proveedor');
    await page.getByRole('button', { name: 'Sube tu stock' }).click();
    await expect(page).toHaveURL('/carga-masiva');
    await expect(page.getByRole('heading', { name: 'Carga masiva de productos' })).toBeVisible();
  });

  test('a moderator sees only the moderation button', async ({ page }) => {
    await loginAs(page, 'moderador');
    const banner = page.locator('.hero');
    await expect(banner.getByRole('link', { name: 'Moderar productos' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Cotiza ahora' })).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Sube tu stock' })).toHaveCount(0);
    await banner.getByRole('link', { name: 'Moderar productos' }).click();
    await expect(page).toHaveURL('/moderacion-productos');
  });

  test('Cotiza ahora opens the quotation form', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Cotiza ahora' }).click();
    await expect(page).toHaveURL('/cotizar');
  });
});

test.describe('route guards', () => {
  for (const path of [
    '/mi-perfil',
    '/mi-cuenta',
    '/mi-cuenta-editar',
    '/direcciones',
    '/direcciones-agregar',
    '/direcciones-editar',
    '/direcciones-modificar',
    '/historial',
    '/ordenes',
    '/carga-masiva',
    '/mis-productos-proovedor',
    '/moderacion-productos',
  ]) {
    test(`a visitor of ${path} is sent to /login`, async ({ page }) => {
      await page.goto(path);
      // …and comes back there once logged in (docs/decisions/018-flujos-y-avisos.md).
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
    });
  }

  test('a visitor sent to /login from the account or address screens is told why (docs/producto.md §8)', async ({ page }) => {
    await page.goto('/mi-cuenta-editar');
    await expect(page).toHaveURL('/login?next=%2Fmi-cuenta-editar');
    await expect(page.getByText('Debes iniciar sesión', { exact: true })).toBeVisible();
    await page.goto('/direcciones');
    await expect(page).toHaveURL('/login?next=%2Fdirecciones');
    await expect(page.getByText('Sesión expirada', { exact: true })).toBeVisible();
  });

  test('a buyer is sent home from supplier and moderator screens', async ({ page }) => {
    await loginAs(page, 'comprador', '/carga-masiva');
    await expect(page).toHaveURL('/');
    for (const path of ['/mis-productos-proovedor', '/moderacion-productos']) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
    }
    await page.goto('/mi-perfil');
    await expect(page).toHaveURL('/mi-perfil');
  });

  test('a supplier is sent home from moderation, a moderator from supplier screens', async ({ page, browser }) => {
    await loginAs(page, 'proveedor', '/moderacion-productos');
    await expect(page).toHaveURL('/');
    await page.goto('/mis-productos-proovedor');
    await expect(page).toHaveURL('/mis-productos-proovedor');
    const other = await browser.newPage();
    await loginAs(other, 'moderador', '/carga-masiva');
    await expect(other).toHaveURL('/');
    await other.goto('/moderacion-productos');
    await expect(other).toHaveURL('/moderacion-productos');
    await other.close();
  });

  test('a logged-in user opening /login or /signup goes to /', async ({ page }) => {
    await loginAs(page, 'comprador', '/login');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/signup');
    await expect(page).toHaveURL('/');
    // Back to the visitor's view once logged out.
    await openMenu(page);
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('logging in from /login still welcomes the user, lands on its home (a supplier: /panel) and Back skips the login page', async ({ page }) => {
    const user = await createUserByApi(page.request, 'proveedor');
    await page.goto('/reset-password');
    await openMenu(page);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Iniciar Sesión' }).click();
    // /reset-password has a 'Correo electrónico' field too: fill only once /login is on screen.
    await expect(page.getByRole('heading', { name: 'Iniciar sesión', exact: true })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(user.email);
    await page.getByLabel('Contraseña').fill(user.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Bienvenid@, has ingresado como proveedor.')).toBeVisible();
    await expect(page).toHaveURL('/panel');
    // /login is replaced by the home, so Back returns to the page the user came from (a /login left in the
    // history either bounced to / again or, while / was still loading, stayed on the login page).
    await page.goBack();
    await expect(page).toHaveURL('/reset-password');
  });

  test('/cotizacion leads to the quotation route and unknown paths show a 404 page', async ({ page }) => {
    await page.goto('/cotizacion');
    await expect(page).toHaveURL('/cotizar');
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  });
});

test.describe('session', () => {
  test('logging out removes the tokens, shows the toast at the bottom centre and restores the visitor menu', async ({ page }) => {
    await loginAs(page, 'comprador');
    await openMenu(page);
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    const toast = page.getByText('Has cerrado sesión correctamente.');
    await expect(toast).toBeVisible();
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'bottom');
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-x-position', 'center');
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
    expect(await menuLabels(page)).toEqual(['Inicio', 'Iniciar Sesión', 'Registrarme']);
  });

  test('toasts go away after about 5 seconds', async ({ page }) => {
    await loginAs(page, 'comprador');
    await page.getByRole('button', { name: 'Sube tu stock' }).click();
    const toast = page.getByText('Debes estar registrado como proveedor para usar esta funcionalidad');
    await expect(toast).toBeVisible();
    await page.waitForTimeout(3500);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 4000 });
  });

  test('a stored token that no longer verifies is cleared on load', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('access', 'token-falso'));
    await page.goto('/mi-perfil');
    await expect(page).toHaveURL('/login?next=%2Fmi-perfil');
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
  });

  test('an access token that no longer works is renewed silently with the refresh token', async ({ page }) => {
    await loginAs(page, 'comprador');
    const refresh = await page.evaluate(() => localStorage.getItem('refresh'));
    await page.evaluate(() => localStorage.setItem('access', 'token-vencido'));
    await page.goto('/mi-cuenta');
    await expect(page.getByRole('heading', { name: 'Datos de la cuenta' })).toBeVisible();
    const access = await page.evaluate(() => localStorage.getItem('access'));
    expect(access).not.toBe('token-vencido');
    expect(access?.split('.')).toHaveLength(3);
    expect(await page.evaluate(() => localStorage.getItem('refresh'))).toBe(refresh);
  });

  test('the spinner appears only when loading takes longer than 300 ms', async ({ page }) => {
    await loginAs(page, 'comprador');
    // In the page, on its own clock (0 = the navigation began, before anything could wait): when a
    // spinner first showed, so the check does not depend on how fast this test hears about it.
    await page.addInitScript(() => {
      const w = window as unknown as { spinnerEn?: number };
      new MutationObserver(() => {
        if (document.querySelector('[role="status"]')) w.spinnerEn ??= performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    // The real server's answer (not a mock), held until the spinner is checked: the guard waits for the session.
    let soltar!: () => void;
    const suelta = new Promise<void>((r) => (soltar = r));
    await page.route('**/auth/users/me/', async (route) => {
      await suelta;
      await route.continue();
    });
    await page.goto('/mi-perfil', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toBeVisible();
    // Not in the first 300 ms: nothing of the page can have started waiting before its navigation did.
    expect(await page.evaluate(() => (window as unknown as { spinnerEn: number }).spinnerEn)).toBeGreaterThanOrEqual(SPINNER_DELAY_MS);
    soltar();
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
  });
});
