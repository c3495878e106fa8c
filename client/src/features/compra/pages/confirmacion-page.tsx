import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { formatClp, formatFechaHora } from '#common/format';
import { MINUTOS_POR_CONFIRMAR, ordenPorConfirmarSchema, ordenSchemaOut } from '#common/schemas/ordenes';
import { z } from '#common/zod-es';
import { usePageTitle } from '../../../app/route-title';
import { useSession } from '../../../lib/session';
import { clearFlujoCotizacion } from '../../../lib/storage';
import { MontosIva } from '../../../ui/montos-iva';
import './compra.css';

/**
 * What /facturacion passes on: crear-orden's answer (the pedidos, and the tracking token
 * when this answer created the order) and the address the buyer's e-mail went to. History state
 * is the user's to edit, so it is read through a schema too.
 */
const estadoSchema = ordenSchemaOut.extend({
  pedidos: ordenSchemaOut.shape.pedidos.max(500).default([]),
  correo: z.string().max(254).optional(),
});
export type OrdenCreadaState = z.input<typeof estadoSchema>;

/** crear-orden's 202 without an account (docs/decisions/007, 'Órdenes sin cuenta'): nothing bought yet. */
const porConfirmarSchema = ordenPorConfirmarSchema.extend({
  correo: z.string().max(254),
  vence_en: z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v))),
});
export type PorConfirmarState = z.input<typeof porConfirmarSchema>;

/** The tab's title while the order waits for its e-mail: the e-mail's subject, which the buyer looks for next. */
export const TITULO_POR_CONFIRMAR = 'Confirma tu orden';

/** What to do now: open the e-mail and confirm within the half hour; until then nothing is bought. */
function PorConfirmar({ correo, vence_en }: PorConfirmarState) {
  return (
    <section className="page page--narrow page--center confirmacion">
      <div className="panel">
        <svg className="confirmacion__sobre" viewBox="0 0 52 52" aria-hidden="true">
          <rect x="6" y="12" width="40" height="28" rx="4" />
          <path d="M7 14l19 15 19-15" />
        </svg>
        <h1>Revisa tu correo para confirmar tu orden</h1>
        <p>
          Te enviamos un correo a <strong>{correo}</strong> con el asunto «Confirma tu orden». Ábrelo y pulsa «Confirmar mi orden» antes del{' '}
          <strong>{formatFechaHora(vence_en)}</strong>.
        </p>
        <p>
          Hasta que la confirmes no se compra nada: no se reserva stock y los proveedores no la reciben. Sin confirmar, se anula sola en {MINUTOS_POR_CONFIRMAR}{' '}
          minutos.
        </p>
        <p className="muted">
          ¿No llegó? Revisa la carpeta de correo no deseado. Si el correo está mal escrito, vuelve a cotizar con el correcto. Con una cuenta,{' '}
          <Link to="/login">iniciando sesión</Link>, tus compras se confirman al instante.
        </p>
        <Link to="/" className="btn btn--primary btn--lg">
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}

/**
 * docs/producto.md §2 Confirmation: success animation, 'Número de orden' and 'Volver al inicio';
 * adds the pedidos it became, who was told, and where to follow it.
 */
export default function ConfirmacionPage() {
  const session = useSession();
  const state = useLocation().state;
  const estado = estadoSchema.safeParse(state);
  const porConfirmar = porConfirmarSchema.safeParse(state);
  // Nothing is bought yet: the tab says what to do, not 'Orden confirmada' (its route's title).
  usePageTitle(porConfirmar.success ? TITULO_POR_CONFIRMAR : undefined);
  useEffect(() => {
    // docs/producto.md §4.6: the order ends the quotation flow. Its rows, request, quotation id and results,
    // delivery record (contact id and date) and the buyer's choice leave session storage, so the
    // next /cotizar starts clean and Back cannot place the same quotation again.
    clearFlujoCotizacion();
    // Comprar sits at the bottom of a long page: the success starts at the top, where it shows.
    window.scrollTo(0, 0);
  }, []);
  if (porConfirmar.success) return <PorConfirmar {...porConfirmar.data} />;
  if (!estado.success) return <Navigate to="/" replace />;
  const { orden_id, pedidos, seguimiento, correo, ...montos } = estado.data;

  return (
    <section className="page page--narrow page--center confirmacion">
      <div className="panel">
        <svg className="confirmacion__check" viewBox="0 0 52 52" aria-hidden="true">
          <circle className="confirmacion__circulo" cx="26" cy="26" r="24" />
          <path className="confirmacion__marca" d="M15 27l7 7 15-16" />
        </svg>
        <h1>¡Tu orden fue creada con éxito!</h1>
        <p className="confirmacion__numero">
          Número de orden: <strong>{orden_id}</strong>
        </p>
        {pedidos.length > 0 && (
          <>
            <p>{pedidos.length === 1 ? 'Se creó un pedido para el proveedor:' : `Se crearon ${pedidos.length} pedidos, uno por proveedor:`}</p>
            <ul className="confirmacion__pedidos" aria-label="Pedidos de la orden">
              {pedidos.map((p) => (
                <li key={p.id}>
                  Pedido N° {p.id} · {p.proveedor} · {formatClp(p.total_con_iva)} <span className="montos-iva__nota">IVA incl.</span>
                </li>
              ))}
            </ul>
            {/* The order's amounts: IVA once on its whole neto (docs/decisions/026). */}
            <MontosIva montos={montos} label={`Montos de la orden N° ${orden_id}`} totalLabel="Total de la orden" />
          </>
        )}
        <p className="muted">
          {pedidos.length === 1 ? 'Avisamos al proveedor por correo electrónico.' : 'Avisamos a cada proveedor por correo electrónico.'}
          {correo && ` Te enviamos un correo de confirmación a ${correo}.`}
        </p>
        {session.isLoading ? null : session.isAuthenticated ? (
          <Link to={`/ordenes/${orden_id}`} className="btn btn--secondary">
            Ver mi orden
          </Link>
        ) : seguimiento ? (
          <>
            <p className="muted">Con este enlace, que también va en el correo, sigues el estado de cada pedido sin iniciar sesión.</p>
            <Link to={`/seguimiento/${seguimiento}`} className="btn btn--secondary">
              Seguir mi orden
            </Link>
          </>
        ) : (
          correo && <p className="muted">El enlace para seguir tu orden va en el correo de confirmación.</p>
        )}
        <Link to="/" className="btn btn--primary btn--lg">
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}
