import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asignacionOptima,
  asignacionPreparada,
  compararLinea,
  dias as diasMotor,
  mensajeSugerencia,
  PASOS_MINIMOS_LINEA,
  PRESUPUESTO_PASOS,
  PRESUPUESTO_SOLICITUD,
  prepararLinea,
  presupuestoLinea,
  restringirLinea,
  type OfertaMotor,
} from './engine';
import { precioUnitario } from '#common/precio';

const dias = (fecha: string) => Math.floor(Date.parse(`${fecha}T00:00:00Z`) / 86_400_000);

/** The tie-break order of the engine: cost, then fewer suppliers, then more units of later expiry. */
function valor(ofertas: readonly OfertaMotor[], q: readonly number[]) {
  let costo = 0;
  let proveedores = 0;
  let vence = 0;
  q.forEach((c, i) => {
    if (c <= 0) return;
    costo += c * precioUnitario(ofertas[i]!, c);
    proveedores++;
    vence += c * dias(ofertas[i]!.fecha_vencimiento);
  });
  return { costo, proveedores, vence };
}

/** Every whole allocation of `objetivo` within the stocks: the answer the engine must match. */
function fuerzaBruta(ofertas: readonly OfertaMotor[], objetivo: number) {
  let mejor: ReturnType<typeof valor> | undefined;
  const q = new Array<number>(ofertas.length).fill(0);
  const recorrer = (i: number, resto: number) => {
    if (i === ofertas.length) {
      if (resto !== 0) return;
      const v = valor(ofertas, q);
      if (
        !mejor ||
        v.costo < mejor.costo ||
        (v.costo === mejor.costo && (v.proveedores < mejor.proveedores || (v.proveedores === mejor.proveedores && v.vence > mejor.vence)))
      )
        mejor = v;
      return;
    }
    for (let c = 0; c <= Math.min(resto, Math.floor(ofertas[i]!.stock)); c++) {
      q[i] = c;
      recorrer(i + 1, resto - c);
    }
    q[i] = 0;
  };
  recorrer(0, objetivo);
  return mejor!;
}

const FECHAS = ['2027-01-01', '2027-01-02', '2027-02-01', '2027-06-30'];
// Small prices and thresholds so that ties, tier thresholds and stock limits all happen often.
const ofertaArb = fc.record({
  tarifa: fc.integer({ min: 1, max: 20 }),
  rangos: fc.uniqueArray(fc.record({ limite_inferior: fc.constantFrom(2, 3, 5, 8, 10, 15, 20), precio: fc.integer({ min: 0, max: 20 }) }), {
    maxLength: 4,
    selector: (t) => t.limite_inferior,
  }),
  stock: fc.oneof(
    fc.integer({ min: 0, max: 30 }),
    fc.integer({ min: 0, max: 60 }).map((x) => x / 2),
  ),
  fecha_vencimiento: fc.constantFrom(...FECHAS),
});
const lineaArb = fc.record({
  cantidad: fc.integer({ min: 1, max: 30 }),
  ofertas: fc.array(ofertaArb, { minLength: 1, maxLength: 4 }).map((os) => os.map((o, i) => ({ ...o, proveedor_producto_id: i + 1 }))),
});

describe('asignacionOptima (DESIGN §3.3)', () => {
  it('matches brute force on small instances: cost, then fewer suppliers, then later expiry', () => {
    fc.assert(
      fc.property(lineaArb, ({ cantidad, ofertas }) => {
        const objetivo = Math.min(
          cantidad,
          ofertas.reduce((s, o) => s + Math.floor(o.stock), 0),
        );
        const { cantidades: q, exacta } = asignacionOptima(ofertas, objetivo);
        expect(exacta).toBe(true);
        expect(q.reduce((s, c) => s + c, 0)).toBe(objetivo);
        q.forEach((c, i) => {
          expect(Number.isInteger(c)).toBe(true);
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThanOrEqual(ofertas[i]!.stock);
        });
        expect(valor(ofertas, q)).toEqual(fuerzaBruta(ofertas, objetivo));
      }),
      { numRuns: 3000 },
    );
  });

  it('without tie-breaks, still the least cost (the basket search prices its bounds so), and within fewer steps', () => {
    let pasosCon = 0;
    let pasosSin = 0;
    fc.assert(
      fc.property(lineaArb, ({ cantidad, ofertas }) => {
        const objetivo = Math.min(
          cantidad,
          ofertas.reduce((s, o) => s + Math.floor(o.stock), 0),
        );
        const con = asignacionOptima(ofertas, objetivo);
        const sin = asignacionOptima(ofertas, objetivo, PRESUPUESTO_PASOS, false);
        expect(sin.exacta).toBe(true);
        expect(sin.cantidades.reduce((s, c) => s + c, 0)).toBe(objetivo);
        sin.cantidades.forEach((c, i) => {
          expect(c).toBeLessThanOrEqual(ofertas[i]!.stock);
        });
        expect(valor(ofertas, sin.cantidades).costo).toBeCloseTo(fuerzaBruta(ofertas, objetivo).costo, 9);
        pasosCon += con.pasos;
        pasosSin += sin.pasos;
      }),
      { numRuns: 3000 },
    );
    expect(pasosSin).toBeLessThan(pasosCon);
  });

  it('given a plan already at hand, still the least cost: the known plan itself when nothing is cheaper', () => {
    let mejoradas = 0;
    fc.assert(
      fc.property(lineaArb, fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), ({ cantidad, ofertas }, azar) => {
        const objetivo = Math.min(
          cantidad,
          ofertas.reduce((s, o) => s + Math.floor(o.stock), 0),
        );
        // Any plan of the line: the units spread over the offers in the order `azar` gives.
        const conocida = ofertas.map(() => 0);
        let resto = objetivo;
        for (const k of ofertas.map((_, k) => k).sort((a, b) => azar[a]! - azar[b]! || a - b)) {
          conocida[k] = Math.min(Math.floor(ofertas[k]!.stock), resto);
          resto -= conocida[k]!;
        }
        const p = asignacionOptima(ofertas, objetivo, PRESUPUESTO_PASOS, false, conocida);
        expect(p.exacta).toBe(true);
        expect(p.cantidades.reduce((s, c) => s + c, 0)).toBe(objetivo);
        expect(valor(ofertas, p.cantidades).costo).toBeCloseTo(fuerzaBruta(ofertas, objetivo).costo, 9);
        if (valor(ofertas, p.cantidades).costo < valor(ofertas, conocida).costo - 1e-9) mejoradas++;
      }),
      { numRuns: 3000 },
    );
    expect(mejoradas).toBeGreaterThan(0);
  });

  it('a prepared line, restricted to fewer units, fewer offers and scaled prices, prices as the engine does from scratch', () => {
    fc.assert(
      fc.property(lineaArb, fc.array(fc.constantFrom(0, 0.25, 0.5, 1), { minLength: 4, maxLength: 4 }), fc.nat(), ({ cantidad, ofertas }, lambdas, menos) => {
        const disponible = ofertas.reduce((s, o) => s + Math.floor(o.stock), 0);
        const base = prepararLinea(ofertas, Math.min(cantidad, disponible), false);
        // λ = 1 leaves the offer out; the others are scaled by 1 − λ.
        const fuera = (i: number) => lambdas[i] === 1;
        const escaladas = ofertas.map((o, i) => ({
          ...o,
          tarifa: o.tarifa * (1 - lambdas[i]!),
          rangos: o.rangos.map((t) => ({ ...t, precio: t.precio * (1 - lambdas[i]!) })),
        }));
        const quedan = escaladas.filter((_, i) => !fuera(i));
        const objetivo = Math.min(
          Math.max(0, base.objetivo - (menos % 8)),
          quedan.reduce((s, o) => s + Math.floor(o.stock), 0),
        );
        const p = asignacionPreparada(
          ofertas,
          restringirLinea(base, objetivo, fuera, (i) => 1 - lambdas[i]!),
          PRESUPUESTO_PASOS,
        );
        expect(p.exacta).toBe(true);
        expect(p.cantidades.reduce((s, c) => s + c, 0)).toBe(objetivo);
        p.cantidades.forEach((c, i) => {
          if (fuera(i)) expect(c).toBe(0);
        });
        expect(valor(escaladas, p.cantidades).costo).toBeCloseTo(valor(quedan, asignacionOptima(quedan, objetivo).cantidades).costo, 9);
      }),
      { numRuns: 3000 },
    );
  });

  it('the selection of a line costs what its options say, and covers the request or all the stock', () => {
    fc.assert(
      fc.property(lineaArb, ({ cantidad, ofertas }) => {
        const r = compararLinea(cantidad, ofertas);
        const asignado = r.seleccionadas.reduce((s, a) => s + a.cantidad, 0);
        const stock = ofertas.reduce((s, o) => s + o.stock, 0);
        if (stock <= cantidad) expect(asignado).toBeCloseTo(stock, 6);
        else
          expect(asignado).toBe(
            Math.min(
              cantidad,
              ofertas.reduce((s, o) => s + Math.floor(o.stock), 0),
            ),
          );
        expect(r.faltante).toBeCloseTo(cantidad - asignado, 6);
        expect(r.total).toBe(r.seleccionadas.reduce((s, a) => s + a.subtotal, 0));
        for (const a of r.seleccionadas) expect(a.precio).toBe(precioUnitario(a.oferta, a.cantidad));
        // Every offer appears once, selected or additional; an additional one is priced for what it could supply.
        expect([...r.seleccionadas, ...r.adicionales].map((a) => a.oferta.proveedor_producto_id).sort()).toEqual(
          ofertas.map((o) => o.proveedor_producto_id).sort(),
        );
        for (const a of r.adicionales) expect(a.cantidad).toBe(Math.min(cantidad, a.oferta.stock));
      }),
      { numRuns: 1000 },
    );
  });
});

const oferta = (id: number, o: Partial<OfertaMotor>): OfertaMotor => ({
  proveedor_producto_id: id,
  tarifa: 5000,
  rangos: [],
  stock: 1000,
  fecha_vencimiento: '2027-01-01',
  ...o,
});

describe('compararLinea: examples', () => {
  it('the tier trap: 100 kg at one supplier’s 100-kg tier beats the cheapest unit price first', () => {
    const a = oferta(1, { tarifa: 5000, rangos: [{ limite_inferior: 100, precio: 4500 }], stock: 200 });
    const b = oferta(2, { tarifa: 4800, stock: 60 });
    const r = compararLinea(100, [a, b]);
    // Cheapest first would buy 60 kg at 4,800 and 40 at 5,000: $488,000.
    expect(r.seleccionadas.map((s) => [s.oferta.proveedor_producto_id, s.cantidad, s.precio])).toEqual([[1, 100, 4500]]);
    expect(r.total).toBe(450_000);
    expect(r.adicionales.map((s) => [s.oferta.proveedor_producto_id, s.cantidad, s.precio])).toEqual([[2, 60, 4800]]);
  });

  it('splits when no tier pays for it, the cheaper offer first up to its stock', () => {
    const r = compararLinea(100, [oferta(1, { tarifa: 5000 }), oferta(2, { tarifa: 4000, stock: 70 })]);
    expect(r.seleccionadas.map((s) => [s.oferta.proveedor_producto_id, s.cantidad])).toEqual([
      [2, 70],
      [1, 30],
    ]);
    expect(r.total).toBe(70 * 4000 + 30 * 5000);
  });

  it('equal cost: one supplier rather than two, then the later expiry', () => {
    const r = compararLinea(50, [
      oferta(1, { tarifa: 1000, stock: 30 }),
      oferta(2, { tarifa: 1000, stock: 30 }),
      oferta(3, { tarifa: 1000, stock: 50, fecha_vencimiento: '2026-12-20' }),
    ]);
    expect(r.seleccionadas.map((s) => s.oferta.proveedor_producto_id)).toEqual([3]);
    const r2 = compararLinea(20, [oferta(1, { tarifa: 1000, fecha_vencimiento: '2027-01-01' }), oferta(2, { tarifa: 1000, fecha_vencimiento: '2027-03-01' })]);
    expect(r2.seleccionadas.map((s) => s.oferta.proveedor_producto_id)).toEqual([2]);
  });

  it('short of stock: takes all of it and says how much is missing', () => {
    const r = compararLinea(100, [oferta(1, { stock: 30 }), oferta(2, { stock: 25.5 })]);
    expect(r.seleccionadas.reduce((s, a) => s + a.cantidad, 0)).toBe(55.5);
    expect(r.faltante).toBe(44.5);
    expect(compararLinea(10, []).faltante).toBe(10);
  });

  it('nudges toward a tier a few units away that lowers the unit price or the total', () => {
    const a = oferta(1, { tarifa: 5200, rangos: [{ limite_inferior: 100, precio: 4990 }] });
    const r = compararLinea(84, [a]);
    expect(r.sugerencia).toMatchObject({ cantidad_adicional: 16, cantidad_total: 100, precio: 4990 });
    expect(mensajeSugerencia(r.sugerencia!, 'KILO')).toBe('Agrega 16 kg y pagas $4.990/kg');
    // 98 kg at 5,200 cost more than 100 kg at 4,000: the nudge says so too.
    expect(compararLinea(98, [oferta(1, { tarifa: 5200, rangos: [{ limite_inferior: 100, precio: 4000 }] })]).sugerencia).toMatchObject({ total: 400_000 });
    // Too far (more than 20 % more), beyond the stock, or not cheaper: no nudge.
    expect(compararLinea(70, [a]).sugerencia).toBeNull();
    expect(compararLinea(90, [oferta(1, { ...a, stock: 95 })]).sugerencia).toBeNull();
    expect(compararLinea(90, [oferta(1, { tarifa: 5000, rangos: [{ limite_inferior: 100, precio: 5100 }] })]).sugerencia).toBeNull();
  });
});

/** The plain greedy plan: offers by the unit price of all they can supply, each taking all it can. */
function voraz(ofertas: readonly OfertaMotor[], objetivo: number): number[] {
  const cap = (i: number) => Math.min(Math.floor(ofertas[i]!.stock), objetivo);
  const precio = (i: number) => precioUnitario(ofertas[i]!, cap(i));
  const q = new Array<number>(ofertas.length).fill(0);
  let resto = objetivo;
  for (const i of ofertas.map((_, i) => i).sort((a, b) => precio(a) - precio(b))) {
    q[i] = Math.min(cap(i), resto);
    resto -= q[i]!;
  }
  return q;
}

/** A plan the engine may answer: whole units within each offer's stock, the whole target. */
function expectValido(ofertas: readonly OfertaMotor[], q: readonly number[], objetivo: number) {
  expect(q.reduce((s, c) => s + c, 0)).toBe(objetivo);
  q.forEach((c, i) => {
    expect(Number.isInteger(c) && c >= 0 && c <= ofertas[i]!.stock).toBe(true);
  });
}

describe('asignacionOptima: the budget (docs/decisions/006, El peor caso)', () => {
  // One product, 200 offers priced alike with all five tiers: ties everywhere, and the exact search
  // explodes (unbounded, it did not finish in 5 minutes).
  const iguales = Array.from({ length: 200 }, (_, i) =>
    oferta(i + 1, {
      tarifa: 5000,
      rangos: [100, 300, 700, 1000, 1500].map((l, k) => ({ limite_inferior: l, precio: 4700 - k * 300 })),
      stock: 101 + ((i * 7919) % 1400),
      fecha_vencimiento: i % 2 ? '2027-01-01' : '2027-02-01',
    }),
  );

  it('stops a crafted worst case within its budget, with a valid plan no worse than the greedy one', () => {
    const plan = asignacionOptima(iguales, 9999);
    expect(plan.exacta).toBe(false);
    expect(plan.pasos).toBeLessThanOrEqual(PRESUPUESTO_PASOS);
    expect(plan.nodos).toBeLessThanOrEqual(plan.pasos);
    expectValido(iguales, plan.cantidades, 9999);
    expect(valor(iguales, plan.cantidades).costo).toBeLessThanOrEqual(valor(iguales, voraz(iguales, 9999)).costo);

    const r = compararLinea(9999, iguales);
    expect(r.exacta).toBe(false);
    expect(r.faltante).toBe(0);
    expect(r.seleccionadas.reduce((s, a) => s + a.cantidad, 0)).toBe(9999);
    expect(r.total).toBe(valor(iguales, plan.cantidades).costo);
  });

  it('bounds the work even when one bound alone would scan thousands of offers many times', () => {
    // 10,000 offers of 1 or 2 kg: filling 9,999 kg in the bound takes thousands of offers.
    const unidades = Array.from({ length: 10_000 }, (_, i) =>
      oferta(i + 1, { tarifa: 5000 + (i % 7), rangos: [{ limite_inferior: 2, precio: 4900 }], stock: 1 + (i % 2) }),
    );
    const presupuesto = 200_000;
    const plan = asignacionOptima(unidades, 9999, presupuesto);
    expect(plan.exacta).toBe(false);
    expect(plan.pasos).toBeLessThanOrEqual(presupuesto);
    expectValido(unidades, plan.cantidades, 9999);
  });

  it('a request shares one budget across its lines, and every line keeps a minimum of its own', () => {
    expect(presupuestoLinea(0)).toBe(PRESUPUESTO_PASOS);
    expect(presupuestoLinea(PRESUPUESTO_SOLICITUD - 2_000_000)).toBe(2_000_000);
    expect(presupuestoLinea(PRESUPUESTO_SOLICITUD * 2)).toBe(PASOS_MINIMOS_LINEA);
    // Ten crafted lines, as comparacion.service runs a request's lines.
    let usados = 0;
    for (let i = 0; i < 10; i++) {
      const r = compararLinea(9999, iguales, presupuestoLinea(usados));
      expect(r.pasos).toBeLessThanOrEqual(presupuestoLinea(usados));
      usados += r.pasos;
    }
    expect(usados).toBeLessThanOrEqual(PRESUPUESTO_SOLICITUD + 10 * PASOS_MINIMOS_LINEA);
  });

  it('answers the greedy plan when the budget runs out before any plan is found', () => {
    const plan = asignacionOptima(iguales, 9999, 0);
    expect(plan).toMatchObject({ exacta: false, nodos: 0 });
    expectValido(iguales, plan.cantidades, 9999);
    expect(valor(iguales, plan.cantidades)).toEqual(valor(iguales, voraz(iguales, 9999)));
  });

  it('within the budget, the answer is exact and the same whatever the budget', () => {
    fc.assert(
      fc.property(lineaArb, fc.integer({ min: 0, max: 400 }), ({ cantidad, ofertas }, presupuesto) => {
        const objetivo = Math.min(
          cantidad,
          ofertas.reduce((s, o) => s + Math.floor(o.stock), 0),
        );
        const libre = asignacionOptima(ofertas, objetivo, Number.POSITIVE_INFINITY);
        const acotado = asignacionOptima(ofertas, objetivo, presupuesto);
        expectValido(ofertas, acotado.cantidades, objetivo);
        if (acotado.exacta) expect(acotado.cantidades).toEqual(libre.cantidades);
        else {
          expect(acotado.pasos).toBeLessThanOrEqual(presupuesto);
          expect(valor(ofertas, acotado.cantidades).costo).toBeLessThanOrEqual(valor(ofertas, voraz(ofertas, objetivo)).costo);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('dias', () => {
  it('counts the days since 1970 as the calendar does, leap years and centuries included', () => {
    for (let t = Date.UTC(1896, 0, 1); t <= Date.UTC(2404, 11, 31); t += 86_400_000) {
      const fecha = new Date(t).toISOString().slice(0, 10);
      if (diasMotor(fecha) !== dias(fecha)) expect(diasMotor(fecha), fecha).toBe(dias(fecha));
    }
  });
});
