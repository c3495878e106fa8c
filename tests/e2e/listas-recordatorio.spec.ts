import { expect, test } from '@playwright/test';
import { formatClp } from '#common/format';
import {
  accessToken,
  aprobarProductos,
  authHeaders,
  createCompradorConDireccion,
  expectAccessible,
  loginByApi,
  readMailLink,
  registrarProductos,
  shot,
  uniqueStamp,
} from '../fixtures';
import { createProveedorListoByApi } from './proveedor-listo';
import { ENTREGA } from '#server/test/entrega';

// A list's weekly reminder against the real server and its real clock: set for the minute under
// way, the server's next tick (within 15 s) quotes the list and e-mails the buyer; the e-mail's
// link, opened logged in, lands on the results of that quotation.

/** The day of the week (1 lunes … 7 domingo) and 'HH:MM' Chile's clock reads now. */
function ahoraEnChile() {
  const partes = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Santiago', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  const dia = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(partes.weekday!) + 1;
  return { dia, hora: `${partes.hour}:${partes.minute}` };
}

for (const [ancho, alto] of [
  [1280, 800],
  [375, 740],
] as const) {
  test(`a list's reminder e-mails its quotation, whose link opens its results (${ancho} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: ancho, height: alto });
    const sello = uniqueStamp();
    const nombre = `Garbanzo pardo ${sello}`;
    const proveedor = await createProveedorListoByApi(page.request, `Legumbres ${sello}`);
    await registrarProductos(page.request, proveedor, [{ categoria: 'SECOS', nombre, sku: `RE-${sello}`, precio: 1_000, stock: 1_000, dias: 90 }]);
    const { [nombre]: producto } = await aprobarProductos(page.request, [nombre]);
    const { fecha_entrega: _, ...direccion } = ENTREGA;
    const comprador = await createCompradorConDireccion(page.request, direccion);

    // Set within the minute it names (not in its last seconds, so the minute is still this one when it is saved).
    while (new Date().getSeconds() > 45) await page.waitForTimeout(1_000);
    const lista = await page.request.post('/api/listas/', {
      headers: authHeaders(await accessToken(page.request, comprador)),
      data: { nombre: `Semana ${sello}`, productos: [{ producto, cantidad: 100 }], recordatorio: ahoraEnChile() },
    });
    expect(lista.status(), await lista.text()).toBe(201);
    const listaId = (await lista.json()).id as number;

    let enlace: string | null = null;
    await expect
      .poll(async () => (enlace = await readMailLink(comprador.email, 'listas').catch(() => null)), { timeout: 45_000, intervals: [1_000] })
      .toMatch(new RegExp(`/listas/${listaId}/cotizaciones/\\d+$`));

    await loginByApi(page, comprador.email, comprador.password, new URL(enlace!).pathname);
    await expect(page).toHaveURL(/\/cotizar-resultado$/);
    await expect(page.getByRole('heading', { name: 'Las mejores opciones para ti', level: 1 })).toBeVisible();
    await expect(page.getByText(nombre).first()).toBeVisible();
    await expect(page.getByText(formatClp(100_000)).first()).toBeVisible();
    await shot(page, `listas-recordatorio-resultado-${ancho}`);
    await expectAccessible(page);
  });
}
