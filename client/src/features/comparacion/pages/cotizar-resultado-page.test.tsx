// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompararPrecios, Opcion, ResultadoComparacion } from '#common/schemas/comparacion';
import { toast } from '../../../ui/toast';
import CotizarResultadoPage from './cotizar-resultado-page';
import { pantalla } from '../../../app/layout/pantalla.fixtures';
import { renderAt, stubFetch, type Llamada, type Respuesta } from '../../../test/page-harness';
import { opcionDePrueba, respuestaComparacion } from '../../../test/comparacion';
import { COTIZANTE_DE_PRUEBA } from '../../../test/cotizante';
import { hoyEnChile } from '#common/fecha';

// 'Guardar como lista' is the lists' own button: here, only what this screen hands it.
vi.mock('../../../lib/listas/guardar-como-lista', () => ({
  GuardarComoLista: ({ productos }: { productos: unknown }) => <span data-testid="guardar-como-lista" data-productos={JSON.stringify(productos)} />,
}));

const opcion = (id: number, o: Partial<Opcion>): Opcion => opcionDePrueba(id, { proveedor_producto_id: 40 + id, subtotal: 4_200_000, ...o });
const LOMO: ResultadoComparacion = {
  producto: 7,
  nombre: 'Lomo vetado',
  unidad: 'KILO',
  cantidad_solicitada: 280,
  opciones_seleccionadas: [opcion(1, { estado: 'seleccionado' })],
  opciones_adicionales: [opcion(2, { stock_disponible: 80, cantidad_proveida: 80, precio: 16_000 })],
  mensaje: null,
  productos_inexistentes: [],
  sugerencia: {
    proveedor_producto_id: 41,
    cantidad_adicional: 20,
    cantidad_total: 300,
    precio: 14_000,
    total: 4_200_000,
    mensaje: 'Agrega 20 kg y pagas $14.000/kg',
  },
  avisos: [],
  ultimo_precio: null,
};
const PATO: ResultadoComparacion = {
  producto: 8,
  nombre: 'Pato entero',
  unidad: 'KILO',
  cantidad_solicitada: 100,
  opciones_seleccionadas: [],
  opciones_adicionales: [],
  mensaje: 'No hay ofertas de "Pato entero" con stock para la fecha de entrega.',
  productos_inexistentes: ['Pato entero'],
  sugerencia: null,
  avisos: [],
  ultimo_precio: null,
};
const COTIZACION: CompararPrecios = respuestaComparacion({
  cotizacion_id: 77,
  fecha_entrega: '2026-11-30',
  resultados: [LOMO, PATO],
  productos_no_identificados: [{ producto: 999, mensaje: 'No encontramos el producto 999 en el catálogo.' }],
});

const ACTUALIZAR = 'PUT /api/cotizaciones/77/actualizar/';
const COTIZANTE = COTIZANTE_DE_PRUEBA;
let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

beforeEach(() => {
  pantalla(1280);
  sessionStorage.setItem('cotizacion', JSON.stringify(COTIZACION));
  sessionStorage.setItem('solicitud', JSON.stringify({ id: 5, fecha_creacion: '2026-11-23T10:00:00Z', clave: 'clave-de-prueba', detalles: [] }));
  respuestas = { [ACTUALIZAR]: { status: 200, body: { id: 77 } } };
  llamadas = stubFetch(respuestas);
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const renderPage = () =>
  renderAt('/cotizar-resultado', <CotizarResultadoPage />, { '/facturacion': 'Facturación', '/confirmar-cotizacion': 'Resumen', '/cotizar': 'Cotizar' });

const seleccion = () => JSON.parse(sessionStorage.getItem('seleccion') ?? 'null');

describe('/cotizar-resultado', () => {
  it('lists the selected option in CLP with its total and the nudge; the not-found and unidentified modals list their products', () => {
    renderPage();
    const tabla = screen.getByRole('table', { name: 'Opciones seleccionadas: Proveedor 1' });
    expect(within(tabla).getAllByRole('row')).toHaveLength(2);
    expect(tabla.textContent).toContain('Proveedor 1');
    expect(tabla.textContent).toContain('$4.200.000');
    expect(tabla.textContent).toContain('Agrega 20 kg y pagas $14.000/kg');
    expect(screen.getByLabelText('Total').textContent).toContain('$4.200.000');

    fireEvent.click(screen.getByRole('button', { name: 'Productos no encontrados (1)' }));
    expect(screen.getByRole('dialog', { name: 'Productos no encontrados' }).textContent).toContain('Pato entero');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Productos no identificados (1)' }));
    expect(screen.getByRole('dialog', { name: 'Productos no identificados' }).textContent).toContain('No encontramos el producto 999 en el catálogo.');
  });

  it('a swap to less stock is confirmed first; the choice is kept in session storage and survives a new visit', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Ver alternativas a Proveedor 1 para Lomo vetado' }));
    fireEvent.click(screen.getByRole('button', { name: 'Elegir Proveedor 2' }));
    expect(screen.getByRole('dialog', { name: 'Stock insuficiente' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sí' }));

    const tabla = screen.getByRole('table', { name: 'Opciones seleccionadas: Proveedor 2' });
    expect(screen.queryByRole('table', { name: 'Opciones seleccionadas: Proveedor 1' })).toBeNull();
    expect(tabla.textContent).toContain('Stock insuficiente: faltan 200 kg');
    expect(seleccion()).toMatchObject({ cotizacion_id: 77, guardada: false });
    expect(seleccion().resultados[0].opciones_seleccionadas[0]).toMatchObject({ opcion_id: 2, cantidad_proveida: 80, estado: 'seleccionado' });

    cleanup();
    renderPage();
    expect(screen.getByRole('table', { name: 'Opciones seleccionadas: Proveedor 2' }).textContent).toContain('Stock insuficiente: faltan 200 kg');
    expect(screen.getByText(/Cambiaste la selección/)).toBeTruthy();

    // One click back to the recommended selection, kept as the choice.
    fireEvent.click(screen.getByRole('button', { name: 'Restablecer la selección recomendada' }));
    expect(screen.getByRole('table', { name: 'Opciones seleccionadas: Proveedor 1' })).toBeTruthy();
    expect(screen.queryByText(/Cambiaste la selección/)).toBeNull();
    expect(seleccion().resultados[0].opciones_seleccionadas[0]).toMatchObject({ opcion_id: 1 });
  });

  it('Comprar saves the choice with the clave and goes to billing', async () => {
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    await screen.findByRole('heading', { name: 'Facturación' });
    expect(llamadas.map((l) => `${l.method} ${l.url}`)).toEqual(['PUT /api/cotizaciones/77/actualizar/']);
    expect(llamadas[0]!.body).toEqual({ productos: [{ proveedor_producto_id: 41, cantidad: 280, precio: 15_000 }] });
    expect(llamadas[0]!.headers['x-clave-cotizacion']).toBe('clave-de-prueba');
    expect(seleccion().guardada).toBe(true);
    expect(router.state.location.pathname).toBe('/facturacion');
  });

  it('a failed save is silent (docs/producto.md §8) but the choice stays, unsaved, for the order screen to send', async () => {
    respuestas[ACTUALIZAR] = { status: 500, body: { detail: 'Error interno.' } };
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    await screen.findByRole('heading', { name: 'Facturación' });
    expect(toast.error).not.toHaveBeenCalled();
    expect(seleccion()).toMatchObject({ cotizacion_id: 77, guardada: false });
  });

  it('a tampered comparison in session storage sends the buyer back to /cotizar, never a blank screen', async () => {
    sessionStorage.setItem('cotizacion', JSON.stringify({ ...COTIZACION, resultados: [{ producto: 'x' }] }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Cotizar' })).toBeTruthy();
    expect(sessionStorage.getItem('cotizacion')).toBeNull();
  });

  it("with a delivery date: 'para entregar el' that day, in the es-CL long format", () => {
    sessionStorage.setItem('cotizante', JSON.stringify({ ...COTIZANTE, fecha_entrega: '2026-11-30' }));
    renderPage();
    expect(screen.getByText(/Precios y stock para entregar el 30 de noviembre de 2026\./)).toBeTruthy();
  });

  it('without a delivery date it says so, never today as if chosen', () => {
    sessionStorage.setItem('cotizante', JSON.stringify(COTIZANTE));
    renderPage();
    expect(
      screen.getByText(/Sin fecha de entrega: cada proveedor entrega el primer día que puede \(lo ves en su bloque\), con lotes que vencen después\./),
    ).toBeTruthy();
    expect(screen.queryByText(/entregar el/)).toBeNull();
  });

  it('after a stock conflict at checkout it says the options were brought up to date', async () => {
    const aviso = 'Actualizamos las opciones con el stock disponible ahora. Revisa tu selección antes de comprar.';
    const router = renderPage();
    expect(screen.queryByText(aviso)).toBeNull();
    await router.navigate('/facturacion');
    await router.navigate('/cotizar-resultado', { state: { stockActualizado: true } });
    expect(await screen.findByText(aviso)).toBeTruthy();
  });
});

// Three products, two suppliers with delivery terms. Proveedor 1 sells Aceite ($50,000; fee $5,000, free from
// $60,000, no minimum); Proveedor 2 sells Harina and Sal ($40,000; fee $8,990, free from $75,000, minimum $35,000).
// Each product has the other supplier as its alternative.
const linea = (producto: number, nombre: string, seleccionada: Opcion, alternativa: Opcion): ResultadoComparacion => ({
  producto,
  nombre,
  unidad: 'UNIDAD',
  cantidad_solicitada: 10,
  opciones_seleccionadas: [{ ...seleccionada, estado: 'seleccionado' }],
  opciones_adicionales: [alternativa],
  mensaje: null,
  productos_inexistentes: [],
  sugerencia: null,
  avisos: [],
  ultimo_precio: null,
});
const oferta = (id: number, proveedorId: number, producto: string, precio: number): Opcion =>
  opcion(id, {
    proveedor_id: proveedorId,
    proveedor: `Proveedor ${proveedorId}`,
    producto,
    unidad: 'UNIDAD',
    cantidad_solicitada: 10,
    cantidad_proveida: 10,
    precio,
    subtotal: precio * 10,
    stock_disponible: 100,
  });
const ACEITE = linea(10, 'Aceite', oferta(11, 1, 'Aceite', 5_000), oferta(12, 2, 'Aceite', 4_000));
const HARINA = linea(20, 'Harina', oferta(21, 2, 'Harina', 3_000), oferta(22, 1, 'Harina', 3_500));
const SAL = linea(30, 'Sal', oferta(31, 2, 'Sal', 1_000), oferta(32, 1, 'Sal', 1_200));
const TERMINOS = [
  { proveedor_id: 1, proveedor: 'Proveedor 1', monto_minimo: 0, costo_despacho: 5_000, despacho_gratis_desde: 60_000, fecha_entrega: '2026-12-01' },
  { proveedor_id: 2, proveedor: 'Proveedor 2', monto_minimo: 35_000, costo_despacho: 8_990, despacho_gratis_desde: 75_000, fecha_entrega: '2026-12-02' },
];
const conTerminos = (extra: Partial<CompararPrecios> = {}): CompararPrecios =>
  respuestaComparacion({
    cotizacion_id: 77,
    fecha_entrega: '2026-11-30',
    resultados: [ACEITE, HARINA, SAL],
    productos_no_identificados: [],
    proveedores: [
      { ...TERMINOS[0]!, subtotal: 50_000 },
      { ...TERMINOS[1]!, subtotal: 40_000 },
    ],
    total_productos: 90_000,
    total_despacho: 13_990,
    total: 103_990,
    condiciones_proveedores: TERMINOS,
    ...extra,
  });

const bloque = (proveedor: string) => screen.getByRole('region', { name: proveedor });
const total = (dt: string) => {
  const panel = screen.getByLabelText('Total');
  const termino = within(panel).getByText(dt, { selector: 'dt' });
  return termino.nextElementSibling!.textContent;
};
const swap = (desde: string, producto: string, hacia: string) => {
  fireEvent.click(screen.getByRole('button', { name: `Ver alternativas a ${desde} para ${producto}` }));
  fireEvent.click(screen.getByRole('button', { name: `Elegir ${hacia}` }));
};

describe('/cotizar-resultado with delivery terms', () => {
  beforeEach(() => sessionStorage.setItem('cotizacion', JSON.stringify(conTerminos())));

  it('groups the selection by supplier: its delivery day, its lines, subtotal, fee and minimum; the landed total', () => {
    renderPage();
    const p1 = bloque('Proveedor 1');
    const p2 = bloque('Proveedor 2');
    expect(within(p1).getByRole('heading', { name: 'Proveedor 1' })).toBeTruthy();
    expect(p1.textContent).toContain('Entrega el 1 de diciembre de 2026');
    expect(p2.textContent).toContain('Entrega el 2 de diciembre de 2026');
    const filas = (region: HTMLElement) =>
      within(within(region).getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((tr) => tr.querySelector('td strong')!.textContent);
    expect(filas(p1)).toEqual(['Aceite']);
    expect(filas(p2)).toEqual(['Harina', 'Sal']);
    expect(within(p1).getByRole('table', { name: 'Opciones seleccionadas: Proveedor 1' })).toBeTruthy();
    const seleccion = screen.getByRole('region', { name: 'Opciones seleccionadas' });
    expect(within(seleccion).getAllByRole('table')).toHaveLength(2);

    expect(within(p1).getByText('Subtotal', { selector: 'p' }).textContent).toBe('Subtotal $50.000');
    expect(within(p1).getByText('Despacho $5.000, gratis desde $60.000')).toBeTruthy();
    expect(within(p1).getByText('Sin pedido mínimo')).toBeTruthy();
    expect(within(p2).getByText('Subtotal', { selector: 'p' }).textContent).toBe('Subtotal $40.000');
    expect(within(p2).getByText('Despacho $8.990, gratis desde $75.000')).toBeTruthy();
    expect(within(p2).getByText('Pedido mínimo $35.000 alcanzado')).toBeTruthy();

    expect(total('Productos')).toBe('3');
    expect(total('Proveedores')).toBe('2');
    expect(total('Total productos')).toBe('$90.000');
    expect(total('Despacho')).toBe('$13.990');
    // Prices and fees are net: Neto is the landed total, IVA 19 % once on it ($19.758,1 → $19.758).
    expect(total('Neto')).toBe('$103.990');
    expect(total('IVA (19 %)')).toBe('$19.758');
    expect(total('Total')).toBe('$123.748');
    expect(screen.getByText(/Precios netos, sin IVA\./)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a swap that takes a supplier over its free-delivery amount drops its fee; one that takes it under charges it again', () => {
    renderPage();
    // Aceite to Proveedor 2: $80,000 there, over $75,000; Proveedor 1 leaves the choice.
    swap('Proveedor 1', 'Aceite', 'Proveedor 2');
    expect(screen.queryByRole('region', { name: 'Proveedor 1' })).toBeNull();
    expect(within(bloque('Proveedor 2')).getByText('Despacho gratis')).toBeTruthy();
    expect(total('Proveedores')).toBe('1');
    expect(total('Total productos')).toBe('$80.000');
    expect(total('Despacho')).toBe('Gratis');
    expect(total('Neto')).toBe('$80.000');
    expect(total('Total')).toBe('$95.200');

    // Sal to Proveedor 1: Proveedor 2 falls to $70,000 and pays again; Proveedor 1 ($12,000) pays its fee.
    swap('Proveedor 2', 'Sal', 'Proveedor 1');
    expect(within(bloque('Proveedor 2')).getByText('Despacho $8.990, gratis desde $75.000')).toBeTruthy();
    expect(within(bloque('Proveedor 1')).getByText('Despacho $5.000, gratis desde $60.000')).toBeTruthy();
    expect(total('Total productos')).toBe('$82.000');
    expect(total('Despacho')).toBe('$13.990');
    expect(total('Neto')).toBe('$95.990');
    expect(total('IVA (19 %)')).toBe('$18.238');
    expect(total('Total')).toBe('$114.228');
  });

  it("a swap that leaves a supplier under its minimum says so before Comprar, and the bar's Comprar waits with its reason, which points at it", async () => {
    const router = renderPage();
    // Harina to Proveedor 1: Proveedor 2 keeps only Sal, $10,000 of its $35,000 minimum.
    swap('Proveedor 2', 'Harina', 'Proveedor 1');
    const mensaje = 'A Proveedor 2 le faltan $25.000 para su pedido mínimo de $35.000.';
    expect(within(bloque('Proveedor 2')).getByText(mensaje)).toBeTruthy();
    const alerta = screen.getByRole('alert');
    expect(alerta.textContent).toContain(mensaje);
    expect(within(alerta).getByRole('button', { name: 'Agregar productos' })).toBeTruthy();

    const barra = screen.getByRole('region', { name: 'Resumen de la compra' });
    const comprar = within(barra).getByRole('button', { name: 'Comprar' });
    expect((comprar as HTMLButtonElement).disabled).toBe(true);
    const motivo = within(barra).getByRole('button', { name: 'Falta alcanzar el pedido mínimo de 1 proveedor' });
    // Comprar's description: the short reason, then the alert that lists who.
    expect(comprar.getAttribute('aria-describedby')).toBe(`${motivo.id} ${alerta.id}`);
    fireEvent.click(comprar);
    expect(llamadas).toEqual([]);
    expect(router.state.location.pathname).toBe('/cotizar-resultado');
    fireEvent.click(motivo);
    expect(document.activeElement).toBe(alerta);

    // Back to Proveedor 2: the minimum is reached again and Comprar buys.
    swap('Proveedor 1', 'Harina', 'Proveedor 2');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    await screen.findByRole('heading', { name: 'Facturación' });
    expect(llamadas.map((l) => `${l.method} ${l.url}`)).toEqual([ACTUALIZAR]);
  });

  it("says how many suppliers were left out and why, each line's notices, and the free-delivery nudge while the choice is the server's", () => {
    const nudge = 'Agrega $10.000 en productos de Proveedor 1 y el despacho es gratis';
    sessionStorage.setItem(
      'cotizacion',
      JSON.stringify(
        conTerminos({
          resultados: [
            { ...ACEITE, avisos: ['Carnes del Sur no despacha a Puerto Montt'] },
            HARINA,
            SAL,
            { ...PATO, avisos: ['Aves Llanquihue no despacha a Puerto Montt'] },
          ],
          proveedores_excluidos: [{ motivo: 'comuna', cantidad: 3, mensaje: '3 proveedores no despachan a tu comuna' }],
          sugerencias_despacho: [{ proveedor_id: 1, proveedor: 'Proveedor 1', monto_faltante: 10_000, mensaje: nudge }],
        }),
      ),
    );
    renderPage();
    const estado = screen.getAllByRole('status').find((s) => s.textContent?.includes('3 proveedores no despachan a tu comuna'));
    expect(estado).toBeTruthy();
    expect(estado!.textContent).toContain('Pato entero: Aves Llanquihue no despacha a Puerto Montt');
    const aceite = within(bloque('Proveedor 1')).getAllByRole('row')[1]!;
    expect(within(aceite).getByText('Carnes del Sur no despacha a Puerto Montt').className).toContain('muted');
    expect(within(bloque('Proveedor 1')).getByText(nudge).closest('p')!.textContent).toBe(`Sugerencia: ${nudge}`);
    expect(bloque('Proveedor 2').textContent).not.toContain(nudge);

    // Another choice: the server's nudge no longer holds.
    swap('Proveedor 2', 'Sal', 'Proveedor 1');
    expect(screen.queryByText(nudge)).toBeNull();
  });

  it("'Agregar productos' beside the free-delivery nudge opens the request's products, as the quotation in progress", async () => {
    const nudge = 'Agrega $10.000 en productos de Proveedor 1 y el despacho es gratis';
    sessionStorage.setItem(
      'cotizacion',
      JSON.stringify(conTerminos({ sugerencias_despacho: [{ proveedor_id: 1, proveedor: 'Proveedor 1', monto_faltante: 10_000, mensaje: nudge }] })),
    );
    const router = renderPage();
    fireEvent.click(within(bloque('Proveedor 1')).getByRole('button', { name: 'Agregar productos', description: `Sugerencia: ${nudge}` }));
    await screen.findByRole('heading', { name: 'Cotizar' });
    expect(router.state.location.state).toEqual({ cotizacionEnCurso: true });
    expect(llamadas).toEqual([]);
  });

  it('shows under each alternative the landed total with it, and a supplier it would leave under its minimum', () => {
    sessionStorage.setItem('cotizacion', JSON.stringify(conTerminos()));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Ver alternativas a Proveedor 2 para Sal' }));
    // Sal to Proveedor 1: it passes its free delivery ($60.000), Proveedor 2 falls to $30.000, under its $35.000.
    const dialogo = within(screen.getByRole('dialog'));
    expect(dialogo.getByText('Total con despacho: $100.990 (−\u2060$3.000)')).toBeTruthy();
    expect(dialogo.getByText('A Proveedor 2 le faltan $5.000 para su pedido mínimo de $35.000.')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('Actual: Proveedor 2');

    // An alternative with less stock covers less: its lower total is no saving, and it says so.
    cleanup();
    const corta = { ...SAL, opciones_adicionales: [{ ...SAL.opciones_adicionales[0]!, stock_disponible: 4, cantidad_proveida: 4 }] };
    sessionStorage.setItem('cotizacion', JSON.stringify(conTerminos({ resultados: [ACEITE, HARINA, corta] })));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Ver alternativas a Proveedor 2 para Sal' }));
    expect(within(screen.getByRole('dialog')).getByText(/^Total con despacho: .*, cubriendo 4 de 10 kg$/)).toBeTruthy();
  });

  it('with every supplier left out by its terms, says so instead of "no stock"', () => {
    const sinNadie = {
      ...SAL,
      opciones_seleccionadas: [],
      opciones_adicionales: [],
      avisos: ['Importadora Cordillera no alcanza el pedido mínimo de $60.000'],
    };
    sessionStorage.setItem(
      'cotizacion',
      JSON.stringify(
        conTerminos({
          resultados: [sinNadie],
          proveedores: [],
          proveedores_excluidos: [{ motivo: 'minimo', cantidad: 1, mensaje: '1 proveedor no alcanza su pedido mínimo' }],
        }),
      ),
    );
    renderPage();
    expect(screen.getByText(/^Con sus condiciones de despacho, ningún proveedor puede atender tu solicitud/)).toBeTruthy();
    expect(screen.queryByText(/No encontramos ofertas con stock/)).toBeNull();
  });

  it('says when the selection is the best found in the time available rather than proven cheapest, and by how much at most', () => {
    const nota = 'Esta es la mejor combinación encontrada en el tiempo disponible; puede existir una algo más barata.';
    renderPage();
    expect(screen.queryByText(/mejor combinación encontrada/)).toBeNull();
    cleanup();
    sessionStorage.setItem('cotizacion', JSON.stringify(conTerminos({ optimo: false, diferencia_maxima: null })));
    renderPage();
    expect(screen.getByText(nota).className).toContain('muted');
    cleanup();
    sessionStorage.setItem('cotizacion', JSON.stringify(conTerminos({ optimo: false, diferencia_maxima: 1800 })));
    renderPage();
    expect(screen.getByText('Esta es la mejor combinación encontrada en el tiempo disponible; puede existir una hasta $1.800 más barata.')).toBeTruthy();
  });
});

describe('/cotizar-resultado: the price paid last time', () => {
  const anio = hoyEnChile().slice(0, 4);
  // Paid $14.500 the 12th of November: today's $15.000 is 3,4 % dearer (3 % in whole percent).
  const conUltimaVez: CompararPrecios = {
    ...COTIZACION,
    resultados: [{ ...LOMO, ultimo_precio: { precio: 14_500, fecha: `${anio}-11-12`, proveedor: 'Proveedor 1' } }, PATO],
  };

  it('beside each price, what the account paid and when, with the change; the total panel compares the basket and follows the choice', () => {
    sessionStorage.setItem('cotizacion', JSON.stringify(conUltimaVez));
    renderPage();
    const tabla = screen.getByRole('table', { name: 'Opciones seleccionadas: Proveedor 1' });
    expect(tabla.textContent).toContain('$15.000La última vez: $14.500 el 12 de noviembre · ▲ 3\u00a0% más caro');
    expect(total('Productos que ya compraste')).toBe('+3,4\u00a0% que la última vez ($4.060.000 → $4.200.000)');

    // 80 kg from Proveedor 2 at $16.000: against 80 kg at $14.500.
    fireEvent.click(screen.getByRole('button', { name: 'Ver alternativas a Proveedor 1 para Lomo vetado' }));
    fireEvent.click(screen.getByRole('button', { name: 'Elegir Proveedor 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí' }));
    expect(screen.getByRole('table', { name: 'Opciones seleccionadas: Proveedor 2' }).textContent).toContain(
      '$16.000La última vez: $14.500 el 12 de noviembre · ▲ 10\u00a0% más caro',
    );
    expect(total('Productos que ya compraste')).toBe('+10,3\u00a0% que la última vez ($1.160.000 → $1.280.000)');
  });

  it('says nothing of last time when nothing was bought before, nor for an answer kept in the tab from before the field', () => {
    renderPage();
    expect(screen.queryByText(/La última vez/)).toBeNull();
    expect(screen.queryByText('Productos que ya compraste')).toBeNull();

    cleanup();
    const { ultimo_precio: _, ...sinCampo } = LOMO;
    sessionStorage.setItem('cotizacion', JSON.stringify({ ...COTIZACION, resultados: [sinCampo, PATO] }));
    renderPage();
    expect(screen.getByRole('table', { name: 'Opciones seleccionadas: Proveedor 1' }).textContent).toContain('$15.000');
    expect(screen.queryByText(/La última vez/)).toBeNull();
  });

  it("places 'Guardar como lista' among the actions with the requested products and quantities, those without offers too", () => {
    renderPage();
    const boton = screen.getByTestId('guardar-como-lista');
    expect(boton.closest('.form__actions')).toBeTruthy();
    expect(JSON.parse(boton.dataset.productos!)).toEqual([
      { producto: 7, cantidad: 280 },
      { producto: 8, cantidad: 100 },
    ]);
  });
});

describe('/cotizar-resultado: the bar with the total and Comprar', () => {
  beforeEach(() => sessionStorage.setItem('cotizacion', JSON.stringify(conTerminos())));

  it.each([375, 1280])('at %i px, a labelled region with Neto / IVA / Total of the delivered total and the page’s one Comprar, after Volver', (ancho) => {
    pantalla(ancho);
    renderPage();
    const barra = screen.getByRole('region', { name: 'Resumen de la compra' });
    const montos = within(barra).getByLabelText('Monto a pagar');
    const monto = (dt: string) => within(montos).getByText(dt, { selector: 'dt' }).nextElementSibling!.textContent;
    expect([monto('Neto'), monto('IVA (19 %)'), monto('Total')]).toEqual(['$103.990', '$19.758', '$123.748']);
    expect(screen.getAllByRole('button', { name: 'Comprar' })).toEqual([within(barra).getByRole('button', { name: 'Comprar' })]);
    expect(within(screen.getByLabelText('Total')).queryByRole('button')).toBeNull();
    // Volver and 'Guardar como lista' before the bar in the keyboard's order.
    const volver = screen.getByRole('button', { name: 'Volver' });
    expect(volver.compareDocumentPosition(barra) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('guardar-como-lista').compareDocumentPosition(barra) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the total follows the choice', () => {
    renderPage();
    swap('Proveedor 1', 'Aceite', 'Proveedor 2');
    const barra = screen.getByRole('region', { name: 'Resumen de la compra' });
    // $80.000 from Proveedor 2, free delivery: $95.200 with IVA.
    expect(barra.textContent).toContain('Total$95.200');
    expect((within(barra).getByRole('button', { name: 'Comprar' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('with no supplier able to serve the request, Comprar waits and the bar shows no total', () => {
    sessionStorage.setItem('cotizacion', JSON.stringify(conTerminos({ resultados: [PATO], proveedores: [] })));
    renderPage();
    const barra = screen.getByRole('region', { name: 'Resumen de la compra' });
    expect((within(barra).getByRole('button', { name: 'Comprar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(barra.textContent).not.toContain('Total');
  });
});

describe('/cotizar-resultado on a phone (375 px)', () => {
  beforeEach(() => pantalla(375));

  it('each line is a compact item: product and subtotal, quantity and unit price; the rest one tap away in its details', () => {
    sessionStorage.setItem('cotizacion', JSON.stringify(conTerminos()));
    renderPage();
    const p2 = bloque('Proveedor 2');
    // The supplier and its day are the block's heading, said once; no table on a phone.
    expect(within(p2).getByRole('heading', { name: 'Proveedor 2' })).toBeTruthy();
    expect(p2.textContent).toContain('Entrega el 2 de diciembre de 2026');
    expect(screen.queryByRole('table')).toBeNull();
    const lineas = within(within(p2).getByRole('list', { name: 'Opciones seleccionadas: Proveedor 2' })).getAllByRole('listitem');
    expect(lineas).toHaveLength(2);
    const [harina] = lineas;
    expect(harina!.querySelector('.linea-compacta__fila')!.textContent).toBe('HarinaSubtotal $30.000');
    expect(harina!.querySelector('.linea-compacta__precio')!.textContent).toBe('10 kg · $3.000/kg');
    expect(harina!.textContent).not.toContain('Proveedor 2');

    const detalles = harina!.querySelector('details')!;
    expect(detalles.open).toBe(false);
    expect(within(detalles).getByText('Detalles', { exact: false, selector: 'summary' }).textContent).toBe('Detalles de Harina');
    const dato = (dt: string) => within(detalles).getByText(dt, { selector: 'dt' }).nextElementSibling!.textContent;
    expect([dato('Marca'), dato('Categoría'), dato('Origen'), dato('Unidad'), dato('Vence')]).toEqual([
      'Swift',
      'CARNE BOVINA',
      'Argentina',
      'UNIDAD',
      '31 de diciembre de 2026',
    ]);
    // Its buttons work from there: Harina to Proveedor 1.
    fireEvent.click(within(detalles).getByRole('button', { name: 'Ver alternativas a Proveedor 2 para Harina' }));
    fireEvent.click(screen.getByRole('button', { name: 'Elegir Proveedor 1' }));
    expect(within(bloque('Proveedor 1')).getAllByRole('listitem')).toHaveLength(2);
  });

  it("a line covering part of what was asked says 'de N', with its shortfall, why not other suppliers in its details, and 'Agregar proveedor'", () => {
    const anio = hoyEnChile().slice(0, 4);
    sessionStorage.setItem(
      'cotizacion',
      JSON.stringify({
        ...COTIZACION,
        resultados: [
          {
            ...LOMO,
            opciones_seleccionadas: [opcion(1, { estado: 'seleccionado', cantidad_proveida: 200, stock_disponible: 200 })],
            avisos: ['Carnes del Sur no despacha a Puerto Montt'],
            ultimo_precio: { precio: 14_500, fecha: `${anio}-11-12`, proveedor: 'Proveedor 1' },
          },
          PATO,
        ],
      }),
    );
    renderPage();
    const [lomo] = within(bloque('Proveedor 1')).getAllByRole('listitem');
    expect(lomo!.querySelector('.linea-compacta__precio')!.textContent).toMatch(/^200 de 280 kg · \$15\.000\/kgLa última vez: \$14\.500 el 12 de noviembre/);
    expect(within(lomo!).getByText('Stock insuficiente: faltan 80 kg')).toBeTruthy();
    const detalles = lomo!.querySelector('details')!;
    expect(detalles.querySelector('summary')!.textContent).toBe('Detalles de Lomo vetado · 1 aviso');
    expect(within(detalles).getByText('Por qué no otros proveedores')).toBeTruthy();
    expect(within(detalles).getByText('Carnes del Sur no despacha a Puerto Montt')).toBeTruthy();
    fireEvent.click(within(detalles).getByRole('button', { name: 'Agregar proveedor para Lomo vetado' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('the notices before the first product fold into one line with their count, opened by a tap, nothing lost; open above 480 px', () => {
    sessionStorage.setItem(
      'cotizacion',
      JSON.stringify(
        conTerminos({
          resultados: [ACEITE, HARINA, SAL, { ...PATO, avisos: ['Aves Llanquihue no despacha a Puerto Montt'] }],
          productos_no_identificados: [{ producto: 999, mensaje: 'No encontramos el producto 999 en el catálogo.' }],
          proveedores_excluidos: [{ motivo: 'comuna', cantidad: 3, mensaje: '3 proveedores no despachan a tu comuna' }],
        }),
      ),
    );
    renderPage();
    // Products without offers, the suppliers left out, Pato's reason: three.
    const resumen = screen.getByText('3 avisos', { selector: 'summary' });
    const avisos = resumen.closest('details')!;
    expect(avisos.open).toBe(false);
    expect(avisos.compareDocumentPosition(bloque('Proveedor 1')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(avisos.textContent).toContain('3 proveedores no despachan a tu comuna');
    expect(avisos.textContent).toContain('Pato entero: Aves Llanquihue no despacha a Puerto Montt');
    fireEvent.click(within(avisos).getByRole('button', { name: 'Productos no encontrados (1)' }));
    expect(screen.getByRole('dialog', { name: 'Productos no encontrados' })).toBeTruthy();

    cleanup();
    pantalla(1280);
    renderPage();
    expect(screen.getByText('3 avisos', { selector: 'summary' }).closest('details')!.open).toBe(true);
  });
});
