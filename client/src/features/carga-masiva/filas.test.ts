import { describe, expect, it } from 'vitest';
import { FECHA_NO_FUTURA, FECHA_REQUERIDA, NOMBRE_REQUERIDO, PRECIO_REQUERIDO, SKU_REQUERIDO, stockCambiado } from '#common/schemas/proveedor-carga';
import { PRECIO_INVALIDO } from '#common/schemas/proveedor-productos';
import { aplicarConfirmacion, editarFila, filasValidas, lineasErroresArchivo, lineasErroresCarga, nuevaFilaManual } from './filas';
import { filaDePrueba } from './filas.fixtures';

const HOY = '2026-11-23';

describe('editarFila', () => {
  it('replaces the errors with the rules’ verdict on the edited row', () => {
    const conError = filaDePrueba(3, { fecha_vencimiento: '2020-01-01', errores: [FECHA_NO_FUTURA, 'Categoría desconocida'] });
    const corregida = editarFila(conError, { fecha_vencimiento: '2027-01-15' }, HOY, 'nuevos');
    expect(corregida.fecha_vencimiento).toBe('2027-01-15');
    expect(corregida.errores).toEqual([]);
    expect(editarFila(corregida, { precio: -3 }, HOY, 'nuevos').errores).toEqual([PRECIO_INVALIDO]);
  });

  it("an existing offer's row may carry no lot (neither Stock nor date); a new product's row needs its date", () => {
    const sinLote = filaDePrueba(4, { stock: null, fecha_vencimiento: null });
    expect(editarFila(sinLote, { precio: 5200 }, HOY, 'existentes').errores).toEqual([]);
    expect(editarFila(sinLote, { precio: 5200 }, HOY, 'nuevos').errores).toEqual([FECHA_REQUERIDA]);
  });

  it('a stock conflict asks until answered, whatever else is edited', () => {
    const fila = filaDePrueba(5, { conflicto: { stock_al_descargar: 100, stock_actual: 70, usar: null } });
    const pregunta = stockCambiado('2099-12-31', 100, 70, 100);
    expect(editarFila(fila, { precio: 5100 }, HOY, 'existentes').errores).toEqual([pregunta]);
    expect(editarFila(fila, { conflicto: { stock_al_descargar: 100, stock_actual: 70, usar: 'archivo' } }, HOY, 'existentes').errores).toEqual([]);
  });
});

describe('nuevaFilaManual', () => {
  it('takes the next id over every group and starts with its missing fields as errors', () => {
    const nueva = nuevaFilaManual({ existentes: [filaDePrueba(2), filaDePrueba(9)], nuevos: [filaDePrueba(14)], exclusivos: [] }, HOY);
    expect(nueva.id).toBe(15);
    expect(nueva.agregadoManual).toBe(true);
    expect(nueva.producto).toBeNull();
    expect(Object.keys(nueva.rangos)).toEqual(['Desde 100 kg', 'Desde 300 kg', 'Desde 700 kg', 'Desde 1000 kg', 'Desde 1500 kg']);
    expect(nueva.errores).toEqual([SKU_REQUERIDO, NOMBRE_REQUERIDO, PRECIO_REQUERIDO, FECHA_REQUERIDA]);
  });

  it('starts after the header row when the upload is empty', () => {
    expect(nuevaFilaManual({ existentes: [], nuevos: [], exclusivos: [] }, HOY).id).toBe(2);
  });
});

describe('aplicarConfirmacion (docs/producto.md §4 Bulk upload)', () => {
  it('drops the rows taken, keeps the refused ones with their reason and the unsent ones as they were', () => {
    const conError = filaDePrueba(4, { errores: [PRECIO_INVALIDO], precio: -1 });
    const filas = [filaDePrueba(2), filaDePrueba(3), conError];
    const enviadas = filasValidas(filas);
    expect(enviadas.map((f) => f.id)).toEqual([2, 3]);
    const quedan = aplicarConfirmacion(filas, enviadas, [{ sku: 'SKU-3', motivo: 'Categoría desconocida.' }]);
    expect(quedan.map((f) => [f.id, f.errores])).toEqual([
      [3, ['Categoría desconocida.']],
      [4, [PRECIO_INVALIDO]],
    ]);
  });

  it('keeps a row added while the call ran', () => {
    const enviadas = [filaDePrueba(2)];
    expect(aplicarConfirmacion([filaDePrueba(30), filaDePrueba(2)], enviadas, []).map((f) => f.id)).toEqual([30]);
  });
});

describe('popup lines (docs/producto.md §2)', () => {
  it("reads 'Fila N: errors' and 'SKU x: reason'", () => {
    expect(lineasErroresArchivo([{ fila: 5, errores: [SKU_REQUERIDO, PRECIO_INVALIDO] }])).toEqual([`Fila 5: ${SKU_REQUERIDO} ${PRECIO_INVALIDO}`]);
    expect(lineasErroresCarga([{ sku: 'A-1', motivo: 'Ya existe.' }])).toEqual(['SKU A-1: Ya existe.']);
  });
});
