import { describe, expect, it } from 'vitest';
import { precioUnitario, subtotal } from '#common/precio';
import { totalEntregado } from '#common/total-entregado';
import { azar } from '#server/test/azar';
import { canastaAlAzar } from '#server/test/canasta-fuerza-bruta';
import { evaluar } from './plan';

describe('evaluar', () => {
  it('prices a plan by the rule every other side uses (common/total-entregado): 2,000 random plans', () => {
    const r = azar(35);
    for (let caso = 0; caso < 2000; caso++) {
      const { lineas, terminos } = canastaAlAzar(r);
      const plan = lineas.map((l) => l.ofertas.map((o) => Math.floor(r() * (Math.floor(o.stock) + 1))));
      const lineasCompradas = lineas.flatMap((l, i) =>
        l.ofertas.flatMap((o, k) =>
          plan[i]![k]! > 0 ? [{ proveedor_id: o.proveedor_id, subtotal: subtotal(plan[i]![k]!, precioUnitario(o, plan[i]![k]!)) }] : [],
        ),
      );
      const esperado = totalEntregado(lineasCompradas, (s) => terminos.get(s));
      const v = evaluar(lineas, plan, terminos);
      const contexto = JSON.stringify({ caso, lineas, plan, terminos: [...terminos] });
      expect(v.proveedores, contexto).toEqual([...esperado.proveedores].sort((a, b) => a.proveedor_id - b.proveedor_id));
      expect(v.total, contexto).toBe(esperado.total);
      expect(v.factible, contexto).toBe(esperado.proveedores.every((p) => p.falta_minimo === 0));
      expect(v.cobertura, contexto).toBe(plan.flat().reduce((s, q) => s + q, 0));
    }
  });
});
