// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClp } from '#common/format';
import { conIva } from '#common/iva';
import type { CompararPrecios, Opcion } from '#common/schemas/comparacion';
import type { OrdenCreada, ResumenCompra } from '#common/schemas/ordenes';
import { ENTREGA } from '../../../ui/datos-entrega.fixtures';
import { toast } from '../../../ui/toast';
import FacturacionPage from './facturacion-page';
import { renderAt, stubFetch, type Llamada, type Respuesta } from '../../../test/page-harness';
import { respuestaComparacion, resultadoDePrueba } from '../../../test/comparacion';
import { COTIZANTE_DE_PRUEBA } from '../../../test/cotizante';

const SOLICITUD = { id: 5, fecha_creacion: '2026-11-23T10:00:00Z', clave: 'clave-de-prueba', detalles: [] };
const COTIZANTE = COTIZANTE_DE_PRUEBA;
const OPCION: Opcion = {
  opcion_id: 1,
  proveedor_producto_id: 41,
  proveedor_id: 3,
  producto: 'Lomo vetado',
  marca: 'Swift',
  categoria: 'CARNE BOVINA',
  origen: 'Argentina',
  unidad: 'KILO',
  proveedor: 'Carnes del Maule',
  cantidad_solicitada: 280,
  cantidad_proveida: 80,
  precio: 15_000,
  subtotal: 1_200_000,
  stock_disponible: 80,
  fecha_vencimiento: '2026-12-31',
  estado: 'seleccionado',
};
const RESULTADO = resultadoDePrueba({ opciones_seleccionadas: [OPCION] });
const COTIZACION: CompararPrecios = respuestaComparacion({
  cotizacion_id: 77,
  fecha_entrega: '2026-11-23',
  resultados: [RESULTADO],
  productos_no_identificados: [],
});

/** What the server says placing the order will buy: two suppliers, so two pedidos, one of them with a delivery fee. */
const RESUMEN: ResumenCompra = {
  cotizacion_id: 77,
  entrega: ENTREGA,
  proveedores: [
    {
      proveedor_id: 12,
      proveedor: 'Carnes del Maule',
      lineas: [
        { producto: 11, sku: 'CM-LV', producto_nombre: 'Lomo vetado', marca: 'Swift', unidad: 'KILO', cantidad: 80, precio: 15_000, subtotal: 1_200_000 },
      ],
      subtotal: 1_200_000,
      // Its delivery fee on that subtotal, and its own day.
      costo_despacho: 8_990,
      fecha_entrega: '2026-12-03',
    },
    {
      proveedor_id: 14,
      proveedor: 'Distribuidora Austral',
      lineas: [
        { producto: 14, sku: 'DA-AR1', producto_nombre: 'Arroz grado 1', marca: 'Tucapel', unidad: 'KILO', cantidad: 280, precio: 1_250, subtotal: 350_000 },
      ],
      subtotal: 350_000,
      costo_despacho: 0,
      fecha_entrega: null,
    },
  ],
  total_despacho: 8_990,
  total: 1_558_990,
  // Net, as every price; IVA once on it: 19 % of $1.558.990 is $296.208,1.
  ...conIva(1_558_990),
};
const CONFIRMADO = {
  total: 1_558_990,
  proveedores: [
    { proveedor_id: 12, fecha_entrega: '2026-12-03' },
    { proveedor_id: 14, fecha_entrega: null },
  ],
};
const ORDEN: OrdenCreada = {
  orden_id: 501,
  pedidos: [
    { id: 45, proveedor: 'Carnes del Maule', total: 1_208_990, ...conIva(1_208_990) },
    { id: 46, proveedor: 'Distribuidora Austral', total: 350_000, ...conIva(350_000) },
  ],
  ...conIva(1_558_990),
  seguimiento: 'a'.repeat(43),
};
const RESUMEN_URL = '/api/facturacion/77/resumen/?cotizante_id=9';
/** The button names what the buyer pays: the total with IVA. */
const COMPRAR = `Confirmar compra por ${formatClp(1_855_198)}`;

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  sessionStorage.setItem('solicitud', JSON.stringify(SOLICITUD));
  sessionStorage.setItem('cotizante', JSON.stringify(COTIZANTE));
  sessionStorage.setItem('cotizacion', JSON.stringify(COTIZACION));
  // The buyer's choice, whose save on Comprar failed (silently).
  sessionStorage.setItem('seleccion', JSON.stringify({ cotizacion_id: 77, resultados: [RESULTADO], guardada: false }));
  respuestas = {
    'GET /api/ubicacion/regiones/': { status: 200, body: [{ id: 5, nombre: 'Región de Valparaíso' }] },
    'GET /api/ubicacion/comunas/?region=5': { status: 200, body: [{ id: 5801, nombre: 'Quilpué' }] },
    'GET /api/facturacion/rubros/': { status: 200, body: [{ id: 1, nombre: 'Restaurante' }] },
    'GET /api/empresas/metodos-pago/': { status: 200, body: [{ id: 2, nombre: 'Transferencia bancaria' }] },
    'PUT /api/cotizaciones/77/actualizar/': { status: 200, body: { id: 77 } },
    [`GET ${RESUMEN_URL}`]: { status: 200, body: RESUMEN },
    'POST /api/facturacion/crear-orden/': { status: 201, body: ORDEN },
  };
  vi.stubGlobal('scrollTo', vi.fn());
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

const renderPage = () =>
  renderAt('/facturacion', <FacturacionPage />, { '/confirmacion': 'Confirmación', '/cotizar-resultado': 'Resultados', '/cotizar': 'Cotizar' });

const escritas = () => llamadas.filter((l) => l.method !== 'GET').map((l) => `${l.method} ${l.url}`);
const historial = () => JSON.parse(localStorage.getItem('historialOrdenes') ?? 'null');
const esperar = (ms = 50) => act(() => new Promise((r) => setTimeout(r, ms)));
/** A supplier's block of the summary. */
const proveedor = (nombre: string) => screen.getByRole('heading', { name: nombre }).closest('.facturacion__proveedor') as HTMLElement;
/** Under a supplier's lines: its products' sum, its delivery fee and its pedido's total with the fee, with IVA and net. */
function expectSumas(nombre: string, { productos, despacho, subtotal }: { productos: number; despacho: string; subtotal: number }) {
  const bloque = within(proveedor(nombre));
  expect(bloque.getByText('Productos:').textContent).toBe(`Productos: ${formatClp(productos)}`);
  expect(bloque.getByText(/^Despacho:/).textContent).toBe(`Despacho: ${despacho}`);
  expect(bloque.getByLabelText(`Total del pedido de ${nombre}`).textContent).toBe(
    `Total del pedido${formatClp(conIva(subtotal).total_con_iva)} IVA incl.Neto${formatClp(subtotal)}`,
  );
}
/** The summary is on screen once its button names the total. */
const comprar = () => screen.findByRole('button', { name: COMPRAR });

describe('/facturacion', () => {
  it('shows what will be bought before anything is bought: the unsaved choice is saved first, then the summary is read and shown', async () => {
    renderPage();
    expect(screen.getByRole('dialog', { name: 'Datos de facturación' })).toBeTruthy();
    await comprar();

    // The choice is on the server before the summary is read, so the summary is what the order buys.
    const [put, get] = llamadas.filter((l) => l.url.includes('/actualizar/') || l.url.includes('/resumen/'));
    expect(`${put!.method} ${put!.url}`).toBe('PUT /api/cotizaciones/77/actualizar/');
    expect(put!.body).toEqual({ productos: [{ proveedor_producto_id: 41, cantidad: 80, precio: 15_000 }] });
    expect(`${get!.method} ${get!.url}`).toBe(`GET ${RESUMEN_URL}`);
    for (const l of [put, get]) expect(l!.headers['x-clave-cotizacion']).toBe('clave-de-prueba');
    expect(escritas()).toEqual(['PUT /api/cotizaciones/77/actualizar/']);

    // Each supplier with its lines, quantities, unit prices, products' sum, delivery fee and pedido's total; then the delivery and the totals.
    const maule = screen.getByRole('table', { name: 'Productos de Carnes del Maule' });
    for (const texto of ['CM-LV', 'Lomo vetado', 'Swift', '80 kg', formatClp(15_000), formatClp(1_200_000)]) expect(maule.textContent).toContain(texto);
    const austral = screen.getByRole('table', { name: 'Productos de Distribuidora Austral' });
    for (const texto of ['Arroz grado 1', '280 kg', formatClp(1_250), formatClp(350_000)]) expect(austral.textContent).toContain(texto);
    expect(screen.getByRole('heading', { name: 'Carnes del Maule' })).toBeTruthy();
    // Each supplier's own delivery day, when it has one.
    expect(screen.getByText('Entrega el 3 de diciembre de 2026')).toBeTruthy();
    expect(screen.getAllByText(/^Entrega el /)).toHaveLength(1);
    expect(screen.getByText(/2 pedidos, uno por proveedor/)).toBeTruthy();
    const entrega = screen.getByLabelText('Datos de entrega');
    for (const texto of ['30 de noviembre de 2026', 'Av. Los Carrera 1450, Quilpué, Región de Valparaíso', 'Daniela Araya', 'daniela@prueba.cl'])
      expect(entrega.textContent).toContain(texto);
    // 19 % of $1.208.990 is $229.708,1: its pedido is $1.438.698 with IVA.
    expectSumas('Carnes del Maule', { productos: 1_200_000, despacho: formatClp(8_990), subtotal: 1_208_990 });
    expect(within(proveedor('Carnes del Maule')).getByText('$1.438.698', { exact: false })).toBeTruthy();
    expectSumas('Distribuidora Austral', { productos: 350_000, despacho: 'sin costo', subtotal: 350_000 });
    // The landed total: products, the fees, and what the order will charge.
    expect(screen.getByText('Total productos:').textContent).toBe(`Total productos: ${formatClp(1_550_000)}`);
    expect(screen.getByText('Despacho:', { selector: '.facturacion__totales p' }).textContent).toBe(`Despacho: ${formatClp(8_990)}`);
    expect(screen.getByLabelText('Total de la compra').textContent).toBe('Neto$1.558.990IVA (19 %)$296.208Total de la compra$1.855.198');
  });

  it('one supplier delivering free: its products and "Despacho: sin costo", no second subtotal, and the totals', async () => {
    const [maule] = RESUMEN.proveedores;
    respuestas[`GET ${RESUMEN_URL}`] = {
      status: 200,
      body: { ...RESUMEN, proveedores: [{ ...maule, costo_despacho: 0 }], total_despacho: 0, total: 1_200_000, ...conIva(1_200_000) },
    };
    renderPage();
    await screen.findByRole('button', { name: `Confirmar compra por ${formatClp(1_428_000)}` });
    const bloque = within(proveedor('Carnes del Maule'));
    expect(bloque.getByText('Productos:').textContent).toBe(`Productos: ${formatClp(1_200_000)}`);
    expect(bloque.getByText(/^Despacho:/).textContent).toBe('Despacho: sin costo');
    expect(bloque.queryByLabelText('Total del pedido de Carnes del Maule')).toBeNull();
    expect(screen.getByText('Despacho:', { selector: '.facturacion__totales p' }).textContent).toBe('Despacho: sin costo');
    expect(screen.getByLabelText('Total de la compra').textContent).toBe('Neto$1.200.000IVA (19 %)$228.000Total de la compra$1.428.000');
  });

  it("'No' alone never buys: the question closes on the summary, and only the button naming the total places the order", async () => {
    const router = renderPage();
    // The question is asked over the summary, once the total is known.
    await comprar();
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Datos de facturación' })).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await esperar();
    expect(escritas()).not.toContain('POST /api/facturacion/crear-orden/');
    expect(router.state.location.pathname).toBe('/facturacion');

    fireEvent.click(screen.getByRole('button', { name: COMPRAR }));
    await screen.findByRole('heading', { name: 'Confirmación' });
    expect(escritas()).toEqual(['PUT /api/cotizaciones/77/actualizar/', 'POST /api/facturacion/crear-orden/']);
    const post = llamadas.at(-1)!;
    // With what the buyer confirmed: the server refuses an order that is no longer that.
    expect(post.body).toEqual({ cotizacion_id: 77, cotizante_id: 9, resumen_confirmado: CONFIRMADO });
    expect(post.headers['x-clave-cotizacion']).toBe('clave-de-prueba');
    // The confirmation names the pedidos, the tracking link and where the buyer's e-mail went (no account: the delivery contact's).
    expect(router.state.location.state).toEqual({ ...ORDEN, correo: 'daniela@prueba.cl' });
    expect(historial()).toEqual([
      {
        orden_id: 501,
        fecha: expect.any(String),
        seguimiento: ORDEN.seguimiento,
        datos_facturacion: expect.objectContaining({ rut: '', rubro: '', metodo_pago_nombre: '' }),
      },
    ]);
  });

  it("'No' (or Escape) while the summary cannot be read buys nothing and there is no buy button until it is read", async () => {
    respuestas[`GET ${RESUMEN_URL}`] = { status: 500, body: { detail: 'Error interno.' } };
    renderPage();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Datos de facturación' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos cargar el resumen de tu compra.');
    expect(screen.queryByRole('button', { name: /Confirmar compra/ })).toBeNull();
    await esperar();
    expect(escritas()).not.toContain('POST /api/facturacion/crear-orden/');

    respuestas[`GET ${RESUMEN_URL}`] = { status: 200, body: RESUMEN };
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await comprar();
    await esperar();
    expect(escritas()).not.toContain('POST /api/facturacion/crear-orden/');
  });

  it("'Sí' shows the form with the total beside its submit: the shared schema's messages stop a bad submit; a good one sends the billing data and keeps their names", async () => {
    sessionStorage.setItem('seleccion', JSON.stringify({ cotizacion_id: 77, resultados: [RESULTADO], guardada: true }));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Sí' }));
    await screen.findByRole('table', { name: 'Productos de Carnes del Maule' });
    const enviar = screen.getByRole('button', { name: 'Confirmar compra' });
    expect(enviar.closest('.form__actions')!.textContent).toContain(`Total: ${formatClp(1_855_198)} IVA incl.`);
    expect(screen.queryByRole('button', { name: COMPRAR })).toBeNull();
    fireEvent.change(screen.getByLabelText('Razón social'), { target: { value: 'Cocina 2000' } });
    fireEvent.click(enviar);
    expect(await screen.findByText('La razón social no puede contener números')).toBeTruthy();
    expect(escritas()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Razón social'), { target: { value: 'Cocina Los Andes SpA' } });
    fireEvent.change(screen.getByLabelText('RUT'), { target: { value: '12.345.678-5' } });
    await screen.findByRole('option', { name: 'Región de Valparaíso' });
    fireEvent.change(screen.getByLabelText('Región'), { target: { value: '5' } });
    await screen.findByRole('option', { name: 'Quilpué' });
    fireEvent.change(screen.getByLabelText('Comuna'), { target: { value: '5801' } });
    await screen.findByRole('option', { name: 'Restaurante' });
    fireEvent.change(screen.getByLabelText('Rubro'), { target: { value: '1' } });
    await screen.findByRole('option', { name: 'Transferencia bancaria' });
    fireEvent.change(screen.getByLabelText('Método de pago'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar compra' }));
    await screen.findByRole('heading', { name: 'Confirmación' });

    // The choice was saved on Comprar: only the order is sent.
    expect(escritas()).toEqual(['POST /api/facturacion/crear-orden/']);
    expect(llamadas.at(-1)!.body).toEqual({
      cotizacion_id: 77,
      cotizante_id: 9,
      rut_facturacion: '12.345.678-5',
      razon_social: 'Cocina Los Andes SpA',
      region: 5,
      comuna: 5801,
      rubro: 1,
      metodo_pago: 2,
      resumen_confirmado: CONFIRMADO,
    });
    expect(historial()[0].datos_facturacion).toEqual({
      rut: '12.345.678-5',
      razon_social: 'Cocina Los Andes SpA',
      giro_comercial: '',
      direccion_facturacion: '',
      telefono: '',
      region: 'Región de Valparaíso',
      comuna: 'Quilpué',
      rubro: 'Restaurante',
      metodo_pago_nombre: 'Transferencia bancaria',
    });
  });

  it("stock gone (409): the server's message, an offer to go back to the results, nothing recorded", async () => {
    const mensaje = 'No queda stock suficiente de "Lomo vetado" de Carnes del Maule: pediste 80 kg y quedan 20.';
    respuestas['POST /api/facturacion/crear-orden/'] = { status: 409, body: { detail: mensaje } };
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    fireEvent.click(await comprar());
    expect((await screen.findByRole('alert')).textContent).toContain(mensaje);
    expect(historial()).toBeNull();
    expect(router.state.location.pathname).toBe('/facturacion');
  });

  it('a delivery day that changed since the summary (409): the message, and the summary read again shows the new day and total to confirm', async () => {
    const mensaje = 'Carnes del Maule ahora entrega el 4 de diciembre de 2026 (antes: 3 de diciembre de 2026). Revisa el resumen y confirma de nuevo.';
    respuestas['POST /api/facturacion/crear-orden/'] = { status: 409, body: { detail: mensaje, code: 'resumen_cambiado' } };
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    fireEvent.click(await comprar());
    respuestas[`GET ${RESUMEN_URL}`] = {
      status: 200,
      body: { ...RESUMEN, proveedores: [{ ...RESUMEN.proveedores[0]!, fecha_entrega: '2026-12-04' }, RESUMEN.proveedores[1]!] },
    };
    expect((await screen.findByRole('alert')).textContent).toContain(mensaje);
    expect(await screen.findByText('Entrega el 4 de diciembre de 2026')).toBeTruthy();
    expect(llamadas.filter((l) => l.url === RESUMEN_URL)).toHaveLength(2);
    expect(historial()).toBeNull();
    // The answer is here: no way back to the results (it would compare again and drop the choice).
    expect(screen.queryByRole('button', { name: 'Volver a los resultados' })).toBeNull();
    await waitFor(() => expect((screen.getByRole('button', { name: COMPRAR }) as HTMLButtonElement).disabled).toBe(false));
  });

  it("after a stock conflict, 'Volver a los resultados' compares again: the stale selection is not shown again", async () => {
    const mensaje = 'No queda stock suficiente de "Lomo vetado" de Carnes del Maule: pediste 80 kg y quedan 20.';
    respuestas['POST /api/facturacion/crear-orden/'] = { status: 409, body: { detail: mensaje } };
    // Now the supplier has 20 kg: the new comparison (another quotation) selects what there is.
    const NUEVA: CompararPrecios = respuestaComparacion({
      ...COTIZACION,
      cotizacion_id: 78,
      resultados: [{ ...RESULTADO, opciones_seleccionadas: [{ ...OPCION, cantidad_proveida: 20, stock_disponible: 20, subtotal: 300_000 }] }],
    });
    respuestas['POST /api/cotizaciones/comparar-precios/'] = { status: 201, body: NUEVA };
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    fireEvent.click(await comprar());
    expect((await screen.findByRole('alert')).textContent).toContain(mensaje);

    fireEvent.click(screen.getByRole('button', { name: 'Volver a los resultados' }));
    await screen.findByRole('heading', { name: 'Resultados' });
    expect(router.state.location.pathname).toBe('/cotizar-resultado');
    const comparacion = llamadas.find((l) => l.url === '/api/cotizaciones/comparar-precios/')!;
    expect(comparacion.body).toEqual({ productos: [], solicitudId: 5 });
    expect(comparacion.headers['x-clave-cotizacion']).toBe('clave-de-prueba');
    // The results screen reads the new comparison, and the old choice is gone.
    expect(JSON.parse(sessionStorage.getItem('cotizacion')!).cotizacion_id).toBe(78);
    expect(sessionStorage.getItem('seleccion')).toBeNull();
    expect(router.state.location.state).toEqual({ stockActualizado: true });
  });

  it("after a stock conflict, 'Volver a los resultados' compares again with the buyer's cap on suppliers", async () => {
    const tope = { max_proveedores: 2, proveedores: 1, proveedores_sin_tope: 1, total_sin_tope: COTIZACION.total, diferencia: 0, mensaje: null };
    sessionStorage.setItem('cotizacion', JSON.stringify({ ...COTIZACION, tope }));
    respuestas['POST /api/facturacion/crear-orden/'] = { status: 409, body: { detail: 'No queda stock suficiente.' } };
    respuestas['POST /api/cotizaciones/comparar-precios/'] = { status: 201, body: { ...COTIZACION, cotizacion_id: 78, tope } };
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    fireEvent.click(await comprar());
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Volver a los resultados' }));
    await screen.findByRole('heading', { name: 'Resultados' });
    expect(llamadas.find((l) => l.url === '/api/cotizaciones/comparar-precios/')!.body).toEqual({ productos: [], solicitudId: 5, max_proveedores: 2 });
  });

  it('a choice the server refuses to save shows nothing to buy, and says why', async () => {
    respuestas['PUT /api/cotizaciones/77/actualizar/'] = {
      status: 400,
      body: { productos: ['Fila 1: Solo quedan 20 kg de "Lomo vetado" de Carnes del Maule; elegiste 80.'] },
    };
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Solo quedan 20 kg');
    await esperar();
    expect(escritas()).toEqual(['PUT /api/cotizaciones/77/actualizar/']);
    // Nor is the summary of the choice the server still has read: it is not what the buyer chose.
    expect(llamadas.some((l) => l.url.includes('/resumen/'))).toBe(false);
    expect(screen.queryByRole('button', { name: /Confirmar compra/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Volver a los resultados' })).toBeTruthy();
  });

  it('a server failure is silent (docs/producto.md §8): no toast, no message, the buyer can try again', async () => {
    respuestas['POST /api/facturacion/crear-orden/'] = { status: 500, body: { detail: 'Error interno.' } };
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    fireEvent.click(await comprar());
    await esperar();
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: COMPRAR }) as HTMLButtonElement).disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/facturacion');
  });

  it('without a comparison in session storage the flow starts over', async () => {
    sessionStorage.setItem('cotizacion', '{"cotizacion_id": "77"}');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Cotizar' })).toBeTruthy();
  });
});
