// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ARCHIVO_REQUERIDO,
  ARCHIVO_TIPO_INVALIDO,
  type CargaExcel,
  FECHA_NO_FUTURA,
  type FilaCarga,
  NOMBRE_REQUERIDO,
  SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS,
  SKU_REQUERIDO,
  stockCambiado,
} from '#common/schemas/proveedor-carga';
import { PRECIO_INVALIDO } from '#common/schemas/proveedor-productos';
import { toast } from '../../ui/toast';
import CargaMasivaPage from './carga-masiva-page';
import { filaDePrueba } from './filas.fixtures';
import { checkContrato, renderAt, stubFetch, type Llamada, type Respuesta } from '../../test/page-harness';

// Twelve existing rows (two pages), the last with a past expiry; one new; one exclusive with a negative price.
const CARGA: CargaExcel = {
  productos_existentes: [
    ...Array.from({ length: 11 }, (_, i) => filaDePrueba(i + 2)),
    filaDePrueba(13, { fecha_vencimiento: '2020-01-01', errores: [FECHA_NO_FUTURA] }),
  ],
  productos_nuevos: [
    filaDePrueba(14, {
      producto: 40,
      producto_asignado: { nombre: 'LOMO VETADO PREMIUM', similitud: 0.82, origen: 'Chile', marca: 'Swift', formatos: ['CAJA'] },
    }),
  ],
  productos_nuevos_exclusivos: [filaDePrueba(15, { producto: null, precio: -10, categoria: 'CERDO', errores: [PRECIO_INVALIDO] })],
  errores: [
    { fila: 13, errores: [FECHA_NO_FUTURA] },
    { fila: 15, errores: [PRECIO_INVALIDO] },
  ],
};

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

/** XMLHttpRequest as api-client drives it for FormData bodies: progress, then the answer. */
class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    llamadas.push({ method: this.method, url: this.url, headers: {}, body: (body.get('archivo') as File).name });
    const r = respuestas[`${this.method} ${this.url}`]!;
    checkContrato(`${this.method} ${this.url}`, r);
    const terminar = () => {
      this.status = r.status;
      this.responseText = JSON.stringify(r.body);
      this.onload?.();
    };
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      if (retenida) retenida.terminar = terminar;
      else terminar();
    }, 0);
  }
}
/** Set by a test to hold the upload half-way until it calls `terminar`. */
let retenida: { terminar?: () => void } | null = null;

beforeEach(() => {
  retenida = null;
  respuestas = {
    'GET /api/productos/plantillas-excel/': {
      status: 200,
      body: { productos_excel: btoa('PK-a'), ejemplo_excel: btoa('PK-b'), categoria_nombre: ['CERDO', 'POLLO'] },
    },
    'POST /api/productos/cargar-excel/': { status: 200, body: CARGA },
    'PUT /api/productos/actualizar-precios/': {
      status: 200,
      body: { actualizados: 10, errores: [{ sku: 'SKU-5', motivo: 'El SKU ya no está en tus productos.' }] },
    },
    'POST /api/productos/registrar-nuevos/': {
      status: 400,
      body: { detail: SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS, errores: [{ sku: 'NUEVO-1', motivo: 'La categoría "CERDO" no existe.' }] },
    },
  };
  llamadas = stubFetch(respuestas);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:plantilla');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () => renderAt('/carga-masiva', <CargaMasivaPage />);

const xlsx = (name = 'productos.xlsx') => new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const seccion = (titulo: string) => screen.getByRole('region', { name: new RegExp(`^${titulo}`) });

async function subir() {
  renderPage();
  fireEvent.change(screen.getByLabelText(/Archivo Excel/), { target: { files: [xlsx()] } });
  fireEvent.click(screen.getByRole('button', { name: 'Subir archivo Excel' }));
  await screen.findByRole('dialog', { name: 'Errores en el archivo Excel' });
}

describe('/carga-masiva', () => {
  it('enables each template link once known, with the product’s file names', async () => {
    renderPage();
    expect((screen.getByRole('button', { name: 'Descargar plantilla de ejemplo' }) as HTMLButtonElement).disabled).toBe(true);
    const ejemplo = await screen.findByRole('link', { name: 'Descargar plantilla de ejemplo' });
    expect(ejemplo.getAttribute('download')).toBe('PLANTILLA_EJEMPLO.xlsx');
    expect(screen.getByRole('link', { name: 'Descargar productos registrados' }).getAttribute('download')).toBe('PRODUCTOS_REGISTRADOS.xlsx');
  });

  it('says so when the templates cannot be loaded', async () => {
    respuestas['GET /api/productos/plantillas-excel/'] = { status: 500, body: { detail: 'Error interno del servidor.' } };
    renderPage();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error al cargar las plantillas de Excel'));
  });

  it('asks for a file, refuses another type, and shows the server’s reason for a refused file', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Subir archivo Excel' }));
    expect(await screen.findByText(ARCHIVO_REQUERIDO)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Archivo Excel/), { target: { files: [xlsx('foto.png')] } });
    expect(await screen.findByText(ARCHIVO_TIPO_INVALIDO)).toBeTruthy();
    respuestas['POST /api/productos/cargar-excel/'] = {
      status: 400,
      body: { detail: 'No se pudo leer el archivo. Verifica que sea un Excel válido (.xlsx o .xls).' },
    };
    fireEvent.change(screen.getByLabelText(/Archivo Excel/), { target: { files: [xlsx('falso.xlsx')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir archivo Excel' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No se pudo leer el archivo. Verifica que sea un Excel válido (.xlsx o .xls).'));
    expect(screen.queryByRole('region', { name: /^Productos ya registrados/ })).toBeNull();
  });

  it("says 'Error al cargar productos' when the upload's answer cannot be read, and shows no groups", async () => {
    respuestas['POST /api/productos/cargar-excel/'] = {
      status: 200,
      body: { productos_existentes: 'no es una lista' },
      fueraDeContrato: 'how the page copes with an answer it cannot read',
    };
    renderPage();
    fireEvent.change(screen.getByLabelText(/Archivo Excel/), { target: { files: [xlsx()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir archivo Excel' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error al cargar productos'));
    expect(screen.queryByRole('region', { name: /^Productos ya registrados/ })).toBeNull();
  });

  it("reads 'Subiendo...' with the upload's progress while the file travels", async () => {
    retenida = {};
    renderPage();
    fireEvent.change(screen.getByLabelText(/Archivo Excel/), { target: { files: [xlsx()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir archivo Excel' }));
    const progreso = await screen.findByRole('progressbar', { name: 'Progreso de la subida' });
    await waitFor(() => expect(progreso.getAttribute('value')).toBe('0.5'));
    expect(screen.getByText('50 %')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Subiendo...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(llamadas.find((l) => l.method === 'POST')).toEqual({ method: 'POST', url: '/api/productos/cargar-excel/', headers: {}, body: 'productos.xlsx' });
    retenida.terminar!();
    await screen.findByRole('dialog', { name: 'Errores en el archivo Excel' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Subir archivo Excel' })).toBeTruthy();
  });

  it("lists the file's errors, pages the groups at 10 and shows the new product's match", async () => {
    await subir();
    const popup = screen.getByRole('dialog', { name: 'Errores en el archivo Excel' });
    expect(within(popup).getByText(`Fila 13: ${FECHA_NO_FUTURA}`)).toBeTruthy();
    expect(within(popup).getByText(`Fila 15: ${PRECIO_INVALIDO}`)).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Cerrar' }));

    const existentes = seccion('Productos ya registrados');
    expect(within(existentes).getAllByRole('row')).toHaveLength(11); // header + 10
    expect(within(existentes).getByRole('button', { name: 'Página 2' })).toBeTruthy();
    expect(within(seccion('Productos nuevos detectados')).getByText('Similitud 82 %')).toBeTruthy();

    // docs/producto.md §2 sorts: SKU descending (numbers in SKUs as numbers), then name A-Z from the small screens' select.
    const skus = () =>
      within(existentes)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getByText(/^SKU-/).textContent);
    fireEvent.click(within(existentes).getByRole('button', { name: /^SKU/ }));
    fireEvent.click(within(existentes).getByRole('button', { name: /^SKU/ }));
    expect(skus().slice(0, 3)).toEqual(['SKU-13', 'SKU-12', 'SKU-11']);
    fireEvent.change(within(existentes).getByLabelText('Ordenar por'), { target: { value: 'nombre:asc' } });
    expect(within(existentes).getByRole('option', { name: 'Nombre A-Z' })).toBeTruthy();
    expect(skus().slice(0, 2)).toEqual(['SKU-2', 'SKU-3']);
  });

  it('fixing a cell clears its error; rows with errors are kept back after ¿Estás seguro?, refused ones stay with the reason', async () => {
    await subir();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    const existentes = seccion('Productos ya registrados');
    // The row with the error, SKU-13, is on page 2.
    fireEvent.click(within(existentes).getByRole('button', { name: 'Página 2' }));
    expect(within(existentes).getByText(FECHA_NO_FUTURA)).toBeTruthy();
    // A negative price on another row: an error appears at once.
    fireEvent.change(within(existentes).getByLabelText('Precio, fila 12, SKU SKU-12'), { target: { value: '-4' } });
    expect(within(existentes).getByText(PRECIO_INVALIDO)).toBeTruthy();
    fireEvent.change(within(existentes).getByLabelText('Fecha vencimiento, fila 13, SKU SKU-13'), { target: { value: '2099-01-31' } });
    expect(within(existentes).queryByText(FECHA_NO_FUTURA)).toBeNull();

    fireEvent.click(within(existentes).getByRole('button', { name: 'Confirmar productos existentes' }));
    const seguro = screen.getByRole('dialog', { name: '¿Estás seguro?' });
    expect(within(seguro).getByText('Los productos con errores no se subirán. Se subirán 11 productos válidos.')).toBeTruthy();
    fireEvent.click(within(seguro).getByRole('button', { name: 'Confirmar' }));

    const rechazos = await screen.findByRole('dialog', { name: 'Errores al cargar los Datos' });
    expect(within(rechazos).getByText('SKU SKU-5: El SKU ya no está en tus productos.')).toBeTruthy();
    const put = llamadas.find((l) => l.method === 'PUT')!;
    const enviadas = (put.body as { productos: FilaCarga[] }).productos;
    expect(enviadas.map((f) => f.sku)).not.toContain('SKU-12');
    expect(enviadas.find((f) => f.sku === 'SKU-13')!.fecha_vencimiento).toBe('2099-01-31');
    expect(toast.success).toHaveBeenCalledWith('Productos actualizados correctamente.');
    fireEvent.click(within(rechazos).getByRole('button', { name: 'Cerrar' }));
    // Left: the refused row with its reason and the row never sent.
    expect(
      within(existentes)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getByText(/^SKU-/).textContent),
    ).toEqual(['SKU-5', 'SKU-12']);
    expect(within(existentes).getByText('El SKU ya no está en tus productos.')).toBeTruthy();
  });

  it('exclusive rows: none valid is said before any call; a manual row, once filled, is sent; the server refusing all keeps it', async () => {
    await subir();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    const exclusivos = seccion('Productos nuevos exclusivos');
    fireEvent.click(within(exclusivos).getByRole('button', { name: 'Confirmar productos exclusivos' }));
    expect(toast.error).toHaveBeenCalledWith(SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS);
    expect(llamadas.some((l) => l.method === 'POST' && l.url.includes('registrar-nuevos'))).toBe(false);

    fireEvent.click(within(exclusivos).getByRole('button', { name: '+ Agregar producto' }));
    fireEvent.change(within(exclusivos).getByLabelText('SKU, fila 16'), { target: { value: 'NUEVO-1' } });
    fireEvent.change(within(exclusivos).getByLabelText('Nombre, fila 16, SKU NUEVO-1'), { target: { value: 'Prieta artesanal' } });
    fireEvent.change(within(exclusivos).getByLabelText('Precio, fila 16, SKU NUEVO-1'), { target: { value: '9000' } });
    fireEvent.change(within(exclusivos).getByLabelText('Fecha vencimiento, fila 16, SKU NUEVO-1'), { target: { value: '2099-03-01' } });
    fireEvent.change(within(exclusivos).getByLabelText('Categoría, fila 16, SKU NUEVO-1'), { target: { value: 'CERDO' } });
    fireEvent.click(within(exclusivos).getByRole('button', { name: 'Confirmar productos exclusivos' }));
    const seguro = screen.getByRole('dialog', { name: '¿Estás seguro?' });
    expect(within(seguro).getByText('Solo se subirán 1 productos exclusivos válidos. Corrige o elimina los productos con errores para subirlos.')).toBeTruthy();
    fireEvent.click(within(seguro).getByRole('button', { name: 'Confirmar' }));

    await screen.findByRole('dialog', { name: 'Errores al cargar los Datos' });
    const post = llamadas.find((l) => l.method === 'POST' && l.url.includes('registrar-nuevos'))!;
    expect(post.body).toEqual({ productos: [expect.objectContaining({ sku: 'NUEVO-1', agregadoManual: true, categoria: 'CERDO', producto: null })] });
    expect(toast.error).toHaveBeenCalledWith(SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS);
    expect(within(exclusivos).getByText('La categoría "CERDO" no existe.')).toBeTruthy();
  });

  it('a row of the file with an empty SKU or name is fixed on screen like any other value', async () => {
    const sinNombre = filaDePrueba(2, { sku: '', nombre: '', producto: null, categoria: 'CERDO', errores: [SKU_REQUERIDO, NOMBRE_REQUERIDO] });
    respuestas['POST /api/productos/cargar-excel/'] = {
      status: 200,
      body: {
        productos_existentes: [],
        productos_nuevos: [],
        productos_nuevos_exclusivos: [sinNombre],
        errores: [{ fila: 2, errores: [SKU_REQUERIDO, NOMBRE_REQUERIDO] }],
      },
    };
    await subir();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    const exclusivos = seccion('Productos nuevos exclusivos');
    fireEvent.change(within(exclusivos).getByLabelText('SKU, fila 2'), { target: { value: 'PRIETA-1' } });
    fireEvent.change(within(exclusivos).getByLabelText('Nombre, fila 2, SKU PRIETA-1'), { target: { value: 'Prieta artesanal' } });
    expect(within(exclusivos).queryByText(SKU_REQUERIDO)).toBeNull();
    expect(within(exclusivos).queryByText(NOMBRE_REQUERIDO)).toBeNull();
    expect(within(exclusivos).getByText('Sin errores')).toBeTruthy();
  });

  it("a row whose stock changed since the file was made waits for the supplier's choice; the choice is sent and a new change asks again", async () => {
    const pregunta = stockCambiado('2099-12-31', 100, 70, 100);
    const conflicto = filaDePrueba(2, { conflicto: { stock_al_descargar: 100, stock_actual: 70, usar: null }, stock_al_descargar: 100, errores: [pregunta] });
    respuestas['POST /api/productos/cargar-excel/'] = {
      status: 200,
      body: { productos_existentes: [conflicto, filaDePrueba(3)], productos_nuevos: [], productos_nuevos_exclusivos: [], errores: [] },
    };
    respuestas['PUT /api/productos/actualizar-precios/'] = {
      status: 200,
      body: {
        actualizados: 1,
        errores: [
          { sku: 'SKU-2', motivo: stockCambiado('2099-12-31', 100, 60, 100), fila: 2, conflicto: { stock_al_descargar: 100, stock_actual: 60, usar: null } },
        ],
      },
    };
    renderPage();
    fireEvent.change(screen.getByLabelText(/Archivo Excel/), { target: { files: [xlsx()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir archivo Excel' }));
    const existentes = await screen.findByRole('region', { name: /^Productos ya registrados/ });
    expect(within(existentes).getByText(pregunta)).toBeTruthy();
    const seleccion = within(existentes).getByRole('group', { name: 'Stock, fila 2, SKU SKU-2' });
    fireEvent.click(within(seleccion).getByRole('radio', { name: 'Mantener el actual: 70' }));
    expect(within(existentes).queryByText(pregunta)).toBeNull();

    fireEvent.click(within(existentes).getByRole('button', { name: 'Confirmar productos existentes' }));
    await screen.findByRole('dialog', { name: 'Errores al cargar los Datos' });
    const enviadas = (llamadas.find((l) => l.method === 'PUT')!.body as { productos: FilaCarga[] }).productos;
    expect(enviadas.map((f) => [f.sku, f.conflicto?.usar ?? null])).toEqual([
      ['SKU-2', 'actual'],
      ['SKU-3', null],
    ]);
    // An order took more meanwhile: the row stays and asks again with the new number.
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(within(existentes).getByText(stockCambiado('2099-12-31', 100, 60, 100))).toBeTruthy();
    expect(within(existentes).getByRole('radio', { name: 'Mantener el actual: 60' })).toBeTruthy();
    expect((within(existentes).getByRole('radio', { name: 'Mantener el actual: 60' }) as HTMLInputElement).checked).toBe(false);
  });
});
