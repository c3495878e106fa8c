import { useEffect, useRef, useState } from 'react';
import { type CompararPrecios, MAX_PROVEEDORES_TOPE, mensajesComparacion } from '#common/schemas/comparacion';
import { SelectField } from '../../../ui/fields';
import { apiErrorMessage } from '../../../lib/api-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { solicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { useComparePrecios } from '../../../lib/flujo-cotizacion/compare-precios';

/** Why a comparison made again with another cap did not come back (a 5xx or a lost connection; a 4xx says its own). */
const SIN_TOPE_NUEVO = 'No pudimos comparar de nuevo con ese máximo de proveedores. Intenta nuevamente.';

/**
 * 'Menos proveedores' (docs/decisions/014): the buyer caps the suppliers of the basket, and the
 * comparison runs again with that cap (a new quotation: the selection starts as its basket, and
 * Comprar buys it). Only caps under the suppliers the basket without one uses, which could change
 * it, are offered; under the control, what the cap costs ('+$18.400 por recibir 2 camiones en vez de 4').
 */
export function TopeProveedores({ cotizacion, enfocar, onRecomparada }: { cotizacion: CompararPrecios; enfocar: boolean; onRecomparada(): void }) {
  const compare = useComparePrecios();
  const onExpired = useSessionExpiredHandler();
  const [error, setError] = useState<string>();
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (enfocar) select.current?.focus();
  }, [enfocar]);
  const solicitud = solicitudGuardada.get();
  const actual = cotizacion.tope?.max_proveedores ?? null;
  const sinTope = cotizacion.tope?.proveedores_sin_tope ?? cotizacion.proveedores.length;
  const topes = Array.from({ length: Math.min(MAX_PROVEEDORES_TOPE, sinTope - 1) }, (_, i) => i + 1);
  if (actual !== null && !topes.includes(actual)) topes.push(actual);
  if (!solicitud || topes.length === 0) return null;

  function elegir(valor: string) {
    setError(undefined);
    compare.mutate(
      { solicitud: solicitud!, maxProveedores: valor === '' ? null : Number(valor) },
      {
        onSuccess: onRecomparada,
        onError: (e) => {
          if (!onExpired(e)) setError(apiErrorMessage(e, SIN_TOPE_NUEVO));
        },
      },
    );
  }

  return (
    <section className="resultado__tope" aria-label="Menos proveedores" aria-busy={compare.isPending}>
      <SelectField
        ref={select}
        label="Menos proveedores"
        value={actual ?? ''}
        disabled={compare.isPending}
        error={error}
        hint="Cada proveedor es un camión que recibir; con menos, el total puede subir."
        onChange={(e) => elegir(e.target.value)}
      >
        <option value="">Sin límite</option>
        {topes.map((n) => (
          <option key={n} value={n}>
            {mensajesComparacion.opcionTope(n)}
          </option>
        ))}
      </SelectField>
      <p className="resultado__tope-mensaje" role="status">
        {compare.isPending ? 'Comparando de nuevo...' : cotizacion.tope?.mensaje}
      </p>
    </section>
  );
}
