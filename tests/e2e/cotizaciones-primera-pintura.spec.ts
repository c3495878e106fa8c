import { expect, test } from '@playwright/test';

// /cotizar's first paint (its LCP, the text under the heading) waits for no more than the main
// bundle and the page's own small chunk; zod and the table's code load after it, and the flow's
// other schemas (delivery data with libphonenumber, the comparison's answer) only on Continuar
// (docs/decisions/019-primera-pintura.md). Checked in the browser by holding back every script
// that carries zod: the heading must show anyway, and the table once they arrive.

test('/cotizar paints its heading before zod and the table arrive, then shows the table', async ({ page }) => {
  let soltar = () => {};
  const soltados = new Promise<void>((resolve) => {
    soltar = resolve;
  });
  let pedidosConZod = 0;
  let pedidosConTelefono = 0;
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    // libphonenumber names itself in its errors, and zod its classes ($constructor('ZodObject', …)): both survive minifying.
    if (body.includes('libphonenumber')) pedidosConTelefono++;
    if (body.includes('ZodObject')) {
      pedidosConZod++;
      await soltados;
    }
    await route.fulfill({ response });
  });

  // A phone's screen (Lighthouse's), where the footer shows under the heading while the table loads.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/cotizar');
  await expect(page.getByRole('heading', { name: 'Cotizar productos', level: 1 })).toBeVisible();
  await expect(page.getByText('Elige cada producto y la cantidad que necesitas.')).toBeVisible();
  // The table's code was asked for once the heading was on screen, and is still held back.
  await expect.poll(() => pedidosConZod).toBeGreaterThan(0);
  await expect(page.getByRole('table', { name: 'Productos a cotizar' })).toHaveCount(0);

  soltar();
  await expect(page.getByRole('textbox', { name: 'Cantidad, fila 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Agregar producto' })).toBeVisible();
  expect(pedidosConTelefono).toBe(0);
  // The footer waited hidden while the table loaded: its arrival moved nothing already shown (CLS).
  await expect(page.locator('footer.footer')).toBeVisible();
  const desplazamientos = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // Buffered entries arrive in a task of their own; none at all is the answer hoped for.
        let suma = 0;
        new PerformanceObserver((lista) => {
          for (const e of lista.getEntries()) suma += (e as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(suma), 200);
      }),
  );
  expect(desplazamientos).toBe(0);
});

test('the first paint of /cotizar, as of the home page, has the page in it, not the top bar alone', async ({ page }) => {
  for (const [ruta, texto] of [
    ['/cotizar', 'Elige cada producto'],
    ['/', 'Arma tu cotización'],
  ] as const) {
    await page.goto(ruta);
    await expect(page.getByText(texto)).toBeVisible();
    // The time of the first paint with text, and of each largest element painted in <main> (the LCP candidates).
    const { fcp, enMain } = await page.evaluate(async () => {
      const candidatos = await new Promise<PerformanceEntryList>((resolve) =>
        new PerformanceObserver((lista) => resolve(lista.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true }),
      );
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        enMain: candidatos.filter((c) => (c as LargestContentfulPaint).element?.closest('main')).map((c) => c.startTime),
      };
    });
    expect(fcp, ruta).toBeDefined();
    expect(enMain[0], ruta).toBe(fcp);
  }
});
