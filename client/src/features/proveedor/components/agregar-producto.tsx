import { useId, useMemo, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { MIN_BUSQUEDA } from '#common/buscar-productos';
import { CATEGORIAS, FORMATOS, UNIDADES } from '#common/constants';
import { hoyEnChile } from '#common/fecha';
import type { ProductoEncontrado } from '#common/schemas/catalogo';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { ApiError } from '../../../lib/api-client';
import { useCajaBuscarProductos } from '../../../lib/buscar-productos';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { Combobox } from '../../../ui/combobox';
import { FieldShell, SelectField, TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { Modal } from '../../../ui/modal';
import { toast } from '../../../ui/toast';
import { useRegistrarProducto } from '../api/registrar-producto';
import { type CampoProducto, erroresDe, filaDe, frasesDe, porCampo, VALORES_VACIOS, type ValoresProducto } from '../agregar-producto-fila';
import { rangosDe } from '../mis-productos-filas';
import { CamposLote } from './campos-lote';

export const ERROR_AGREGAR_PRODUCTO = 'No se pudo agregar el producto. Inténtalo de nuevo.';
export const YA_LO_OFRECES = 'ya lo ofreces: agrégale un lote';
export const NUEVO_A_REVISION = 'Un producto nuevo lo revisa el equipo de la plataforma antes de que los compradores lo vean.';
export const productoAgregado = (nombre: string, sku: string) => `${nombre} (SKU ${sku}) ya está en tu listado y en las cotizaciones.`;
export const productoEnRevision = (nombre: string) =>
  `Enviamos ${nombre} a revisión. Está en tu listado como «En revisión» hasta que el equipo de la plataforma lo apruebe.`;

/** The reasons of a row registrar-nuevos refused (400 {detail, errores: [{sku, motivo}]}), sentence by sentence. */
function motivosDe(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const errores = (error.data as { errores?: unknown } | undefined)?.errores;
  if (!Array.isArray(errores)) return [];
  return errores.flatMap((e) => (typeof e?.motivo === 'string' ? frasesDe(e.motivo) : []));
}

/**
 * 'Agregar producto' (docs/producto.md §17): the catalogue searched by name with the buyers' product box
 * (ui/combobox over lib/buscar-productos); a product found becomes an offer at once, a name not in
 * the catalogue is a new product that waits for moderation, as an exclusive Excel row. Both ask SKU,
 * price, the volume tiers (optional) and a first lot; the row goes to registrar-nuevos
 * (docs/decisions/008, un producto o un lote a mano). `ofertas`: the supplier's list, so a
 * product it already offers and a SKU it already uses are said before anything is sent.
 */
export function AgregarProducto({ ofertas, onClose }: { ofertas: readonly ProveedorProducto[]; onClose(): void }) {
  const [producto, setProducto] = useState<ProductoEncontrado | null>(null);
  const [nuevo, setNuevo] = useState(false);
  const [buscado, setBuscado] = useState('');
  const [errorProducto, setErrorProducto] = useState<string>();
  const ofrecidos = useMemo(() => new Set(ofertas.map((o) => o.producto_id)), [ofertas]);
  const skus = useMemo(() => new Set(ofertas.map((o) => o.sku)), [ofertas]);
  const caja = useCajaBuscarProductos({ disabled: { ids: ofrecidos, reason: YA_LO_OFRECES } });
  const registrar = useRegistrarProducto();
  const onExpired = useSessionExpiredHandler();
  const form = useForm<ValoresProducto>({ defaultValues: VALORES_VACIOS });
  const { register, handleSubmit, formState, setError, setValue, watch, clearErrors } = form;
  const { errors } = formState;
  const cajaId = useId();
  const unidad = producto?.unidad ?? (watch('unidad') || 'KILO');

  function mostrar(porCampoErrores: Partial<Record<CampoProducto | 'root', string>>) {
    for (const [campo, message] of Object.entries(porCampoErrores)) {
      if (campo === 'producto') setErrorProducto(message);
      else if (campo === 'root') setError('root.server', { type: 'server', message });
      else setError(campo as Path<ValoresProducto>, { type: 'validate', message });
    }
  }

  function guardar(v: ValoresProducto) {
    setErrorProducto(undefined);
    const errores = erroresDe(v, producto, hoyEnChile(), skus);
    if (Object.keys(errores).length > 0) {
      mostrar(errores);
      return;
    }
    const fila = filaDe(v, producto);
    registrar.mutate(
      { productos: [fila] },
      {
        onSuccess: () => {
          toast.success(producto ? productoAgregado(fila.nombre, fila.sku) : productoEnRevision(fila.nombre));
          onClose();
        },
        onError: (error) => {
          if (onExpired(error)) return;
          const motivos = motivosDe(error);
          if (motivos.length > 0) mostrar(porCampo(motivos, fila.unidad));
          else showFormErrors(error, setError, { fields: [], fallback: ERROR_AGREGAR_PRODUCTO, toast: null });
        },
      },
    );
  }

  function elegirOtro() {
    setProducto(null);
    setNuevo(false);
    setErrorProducto(undefined);
    clearErrors();
  }

  const eligiendo = !producto && !nuevo;
  const texto = (name: Path<ValoresProducto>, label: string, error: string | undefined, extra: Record<string, unknown> = {}) => (
    <TextField label={label} autoComplete="off" {...extra} {...register(name)} error={error} />
  );

  return (
    <Modal open title="Agregar producto" onClose={onClose} className="modal--producto">
      {eligiendo ? (
        <div className="agregar-producto">
          <FieldShell
            id={cajaId}
            label="Busca el producto en el catálogo"
            hint={`Escribe al menos ${MIN_BUSQUEDA} letras de su nombre, por ejemplo «lomo vet».`}
          >
            <Combobox
              id={cajaId}
              label="Busca el producto en el catálogo"
              value={null}
              onChange={(value) => {
                const elegido = caja.producto(value);
                if (elegido) setProducto(elegido);
              }}
              placeholder="Buscar producto"
              autoFocus
              {...caja.combobox}
              onSearch={(q) => {
                caja.combobox.onSearch(q);
                if (q.trim()) setBuscado(q.trim());
              }}
            />
          </FieldShell>
          <p className="agregar-producto__nuevo">
            ¿No está en el catálogo?{' '}
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => {
                setNuevo(true);
                setValue('nombre', buscado);
              }}
            >
              Crear un producto nuevo
            </button>
          </p>
          <div className="modal__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              Cancelar
            </button>
          </div>
        </div>
      ) : (
        <form className="agregar-producto" onSubmit={handleSubmit(guardar)} noValidate aria-label="Agregar producto">
          {producto ? (
            <div className="agregar-producto__elegido">
              <p>
                <strong>{producto.nombre}</strong>{' '}
                <span className="muted">
                  · {producto.categoria} · {producto.unidad}
                </span>
              </p>
              <button type="button" className="btn btn--ghost" onClick={elegirOtro}>
                Elegir otro
              </button>
            </div>
          ) : (
            <fieldset className="agregar-producto__grupo">
              <legend>Producto nuevo</legend>
              <p className="muted">{NUEVO_A_REVISION}</p>
              <div className="agregar-producto__campos">
                {texto('nombre', 'Nombre', errors.nombre?.message, { autoFocus: true })}
                <SelectField label="Categoría" {...register('categoria')} error={errors.categoria?.message}>
                  <option value="">Elige una categoría</option>
                  {CATEGORIAS.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </SelectField>
                <SelectField label="Unidad" {...register('unidad')} error={errors.unidad?.message}>
                  <option value="">Elige una unidad</option>
                  {UNIDADES.map((u) => (
                    <option key={u}>{u}</option>
                  ))}
                </SelectField>
                <SelectField label="Formato (opcional)" {...register('formato')} error={errors.formato?.message}>
                  <option value="">Sin formato</option>
                  {FORMATOS.map((f) => (
                    <option key={f}>{f}</option>
                  ))}
                </SelectField>
                {texto('marca', 'Marca', errors.marca?.message)}
                {texto('origen', 'Origen', errors.origen?.message)}
              </div>
              <button type="button" className="btn btn--ghost" onClick={elegirOtro}>
                Volver a buscar en el catálogo
              </button>
            </fieldset>
          )}
          {errorProducto && (
            <p className="field__error" role="alert">
              {errorProducto}
            </p>
          )}
          <div className="agregar-producto__campos">
            {texto('sku', 'SKU', errors.sku?.message, producto ? { autoFocus: true } : {})}
            {texto('precio', 'Precio neto', errors.precio?.message, { inputMode: 'numeric' })}
          </div>
          <fieldset className="agregar-producto__grupo">
            <legend>Precios por volumen (opcional)</legend>
            <div className="agregar-producto__campos">
              {rangosDe(unidad).map(({ clave, nombre }) => (
                <TextField
                  key={clave}
                  label={nombre}
                  inputMode="numeric"
                  autoComplete="off"
                  {...register(`rangos.${clave}`)}
                  error={errors.rangos?.[clave]?.message}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="agregar-producto__grupo">
            <legend>Primer lote</legend>
            <div className="agregar-producto__campos">
              <CamposLote form={form} unidad={unidad} />
            </div>
          </fieldset>
          <FormError message={errors.root?.server?.message} />
          <div className="modal__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              Cancelar
            </button>
            <SubmitButton busy={registrar.isPending} busyLabel="Guardando...">
              Agregar producto
            </SubmitButton>
          </div>
        </form>
      )}
    </Modal>
  );
}
