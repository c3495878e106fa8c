import { CATEGORIAS, FORMATOS, UNIDADES } from '#common/constants';
import { hoyEnChile, sumarDias } from '#common/fecha';
import {
  type ActualizarPrecios,
  type CargaExcel,
  type ErrorSku,
  type FilaCarga,
  NOMBRES_RANGO,
  type Plantillas,
  type RegistrarNuevos,
  type RegistrarNuevosInput,
  SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS,
  SIN_PRODUCTOS_VALIDOS,
  preguntaConflicto,
  stockCambiado,
  validateFila,
} from '#common/schemas/proveedor-carga';
import { CATEGORIA_INVALIDA, FORMATO_INVALIDO, MARCA_REQUERIDA, ORIGEN_REQUERIDO, UNIDAD_INVALIDA, yaEnRevision } from '#common/schemas/moderacion';
import { redondearCentesimas } from '#common/numeros';
import { nameKey } from '#common/search-es';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import { findPendientesDelProveedor } from '#server/modules/moderacion/moderacion.repository';
import { ArchivoInvalido } from './archivo';
import { type Matcher, createMatcher } from './coincidencias';
import { claveStock, decideStock, type StockPorFecha } from './conflictos';
import { conFechaRequerida, createFilaReader, validateSkusRepetidos } from './filas';
import { readExcel } from './parser';
import { type Yielder, createYielder } from './upload-queue';
import { writePlantillaEjemplo, writeProductosRegistrados } from './plantillas';
import {
  ensureMarcas,
  ensureOrigenes,
  findCategoriaNombres,
  findCatalogoAprobado,
  findOfertasDelProveedor,
  findOfertasParaPlantilla,
  findProductosAprobados,
  findReferencias,
  findStockPorFecha,
  insertOfertas,
  insertProductosPendientes,
  lockCargaDelProveedor,
  lockLotes,
  type OfertaDelProveedor,
  type ProductoNuevo,
  replaceRangos,
  updateTarifas,
  upsertLotes,
} from './carga.repository';

/**
 * Trigram similarity of normalised names from which an uploaded row IS a catalogue product
 * (docs/decisions/008). Measured on the demo catalogue: the same product written otherwise scores
 * 0.8–1 ('LOMO VETADO 10kg' 1, 'Pechuga pollo deshuesada' against '… IQF' 0.86), while different
 * products of a shared word score up to ~0.6 ('Filete' / 'Filete de pavo' 0.58, 'Pechuga de
 * pollo' / 'Pechuga de pavo' 0.47). The best candidate wins anyway; the threshold only says when
 * none is close enough, and the supplier sees producto_asignado with its similitud.
 */
export const UMBRAL_SIMILITUD = 0.6;

export async function getPlantillas(db: Db, proveedorId: number, now: Date): Promise<Plantillas> {
  const [categorias, ofertas] = await Promise.all([findCategoriaNombres(db), findOfertasParaPlantilla(db, proveedorId)]);
  const [productos_excel, ejemplo_excel] = await Promise.all([
    writeProductosRegistrados(ofertas, categorias),
    writePlantillaEjemplo(categorias, sumarDias(hoyEnChile(now), 90)),
  ]);
  return { productos_excel, ejemplo_excel, categoria_nombre: categorias };
}

/** Rows read from the worker's parts per slice of the request thread (each a few ms: docs/decisions/008). */
const FILAS_POR_SLICE = 200;

interface Listas {
  ofertas: Map<string, OfertaDelProveedor>;
  stock: StockPorFecha;
  buscar: Matcher;
}

/**
 * Reads an upload and sorts its rows (DESIGN §4); writes nothing. Existing: the SKU
 * is a live offer of this supplier (with `conflicto` when its lots changed since the file was
 * made). New: its name matches an approved catalogue product. Exclusive: no match at
 * UMBRAL_SIMILITUD. A file that cannot be read is a 400 {detail}. The request thread's share (rows,
 * matching) goes in slices of `yielder`, giving the loop back to other requests in between
 * (docs/decisions/008).
 */
export async function cargarExcel(
  db: Db,
  proveedorId: number,
  archivo: Buffer,
  opciones: { timeoutMs: number; now: Date; yielder?: Yielder },
): Promise<CargaExcel> {
  const yielder = opciones.yielder ?? createYielder();
  // The supplier's offers and their stock, and the catalogue (read once, searched in memory), are
  // read and indexed while the worker parses, from its first rows on (a file refused before them
  // costs no query): the request thread waits for the worker anyway (docs/decisions/008).
  let listas: Listas | undefined;
  let consultas: Promise<Listas> | undefined;
  // In pages, with a turn of the loop between two: the embedded engine's queries hold the request thread.
  const entrePaginas = () => yielder.yieldNow();
  const consultar = () => {
    consultas ??= Promise.all([
      findOfertasDelProveedor(db, proveedorId, entrePaginas),
      findStockPorFecha(db, proveedorId),
      findCatalogoAprobado(db, entrePaginas).then((c) => createMatcher(c, UMBRAL_SIMILITUD, yielder)),
    ]).then(([ofertas, stock, buscar]) => (listas = { ofertas, stock, buscar }));
    return consultas;
  };

  // The rows are this call's own: each gets its producto in place, no copy of 50,000 objects.
  const existentes: FilaCarga[] = [];
  const nuevos: FilaCarga[] = [];
  const exclusivos: FilaCarga[] = [];
  // One search per distinct (name, marca, origen, formato), as lots of one product repeat them.
  const vistas = new Map<string, ReturnType<Matcher>>();
  let porClasificar: FilaCarga[] = [];
  const clasificar = async ({ ofertas, stock, buscar }: Listas) => {
    const filas = porClasificar;
    porClasificar = [];
    for (const fila of filas) {
      if (yielder.due()) await yielder.yieldNow();
      const oferta = ofertas.get(fila.sku);
      if (oferta && !oferta.archivada) {
        fila.producto = oferta.producto_id;
        if (fila.fecha_vencimiento !== null) {
          const decision = decideStock(fila, stock.get(claveStock(oferta.id, fila.fecha_vencimiento)) ?? 0);
          if (typeof decision === 'object') {
            fila.conflicto = decision;
            // Asked on the row like an error: it waits for the supplier's choice.
            fila.errores.push(preguntaConflicto(fila)!);
          }
        }
        existentes.push(fila);
        continue;
      }
      conFechaRequerida(fila);
      // Cheaper than JSON.stringify per row; XML text cannot hold U+0000, so fields cannot run together.
      const clave = `${fila.nombre}\u0000${fila.marca ?? ''}\u0000${fila.origen ?? ''}\u0000${fila.formato ?? ''}`;
      if (!vistas.has(clave)) vistas.set(clave, buscar(fila));
      const c = vistas.get(clave);
      if (!c) exclusivos.push(fila);
      else {
        const { producto: p, similitud } = c;
        fila.producto = p.id;
        fila.producto_asignado = { nombre: p.nombre, similitud: Math.round(similitud * 1000) / 1000, origen: p.origen, marca: p.marca, formatos: p.formatos };
        nuevos.push(fila);
      }
    }
  };

  let filas: FilaCarga[];
  try {
    // Rows are read, validated and (once offers and catalogue are in) classified in slices while
    // the worker parses the next ones.
    const reader = createFilaReader(hoyEnChile(opciones.now));
    for await (const { celdas, desde } of readExcel(archivo, opciones.timeoutMs)) {
      for (let i = 0; i < celdas.length; i += FILAS_POR_SLICE) {
        for (const fila of reader.leer(celdas.slice(i, i + FILAS_POR_SLICE), desde + i)) porClasificar.push(fila);
        if (listas) await clasificar(listas);
        else consultar().catch(() => {}); // awaited below; a refused file drops it.
        if (yielder.due()) await yielder.yieldNow();
      }
    }
    filas = reader.terminar();
  } catch (error) {
    if (error instanceof ArchivoInvalido) throw new AppError(400, { detail: error.message });
    throw error;
  }
  await clasificar(await consultar());
  return {
    productos_existentes: existentes,
    productos_nuevos: nuevos,
    productos_nuevos_exclusivos: exclusivos,
    errores: filas.filter((f) => f.errores.length > 0).map((f) => ({ fila: f.id, errores: f.errores })),
  };
}

/** docs/producto.md §5's row rules again on rows sent back (edited, or made up): the valid ones and the reasons of the others. */
function revisar(filas: FilaCarga[], now: Date, { sinLote }: { sinLote: boolean }): { validas: FilaCarga[]; errores: ErrorSku[] } {
  const hoy = hoyEnChile(now);
  const repetidos = validateSkusRepetidos(filas);
  const validas: FilaCarga[] = [];
  const errores: ErrorSku[] = [];
  for (const fila of filas) {
    const motivos = validateFila(fila, hoy, { sinLote });
    const repetido = repetidos.get(fila.id);
    if (repetido) motivos.push(repetido);
    if (motivos.length > 0) errores.push({ sku: fila.sku.trim() || `Fila ${fila.id}`, motivo: motivos.join(' ') });
    else validas.push({ ...fila, sku: fila.sku.trim(), nombre: fila.nombre.trim() });
  }
  return { validas, errores };
}

/** 400 with docs/producto.md §5's message and every row's reason (sinFilasValidasSchema): the screen opens its errors popup with them. */
const sinValidas = (detail: string, errores: ErrorSku[]) => new AppError(400, { detail, errores } as unknown as { detail: string });

const porSku = (filas: FilaCarga[]) => {
  const grupos = new Map<string, FilaCarga[]>();
  for (const f of filas) {
    const grupo = grupos.get(f.sku);
    if (grupo) grupo.push(f);
    else grupos.set(f.sku, [f]);
  }
  return grupos;
};

type Rangos = Awaited<ReturnType<typeof findReferencias>>['rangos'];

/** Price, tiers and lots of offers: the first row of each SKU gives price and tiers (all its rows agree), every row its lot. */
async function writePreciosYLotes(tx: Db, proveedorId: number, grupos: Array<{ ofertaId: number; categoriaId: number; filas: FilaCarga[] }>, rangos: Rangos) {
  const rangoId = new Map(rangos.map((r) => [`${r.categoria_id}|${r.nombre}`, r.id]));
  await updateTarifas(
    tx,
    proveedorId,
    grupos.map((g) => ({ id: g.ofertaId, tarifa: Math.round(g.filas[0]!.precio!) })),
  );
  await replaceRangos(
    tx,
    grupos.map((g) => g.ofertaId),
    grupos.flatMap((g) =>
      NOMBRES_RANGO.flatMap((nombre) => {
        const precio = g.filas[0]!.rangos[nombre];
        const id = rangoId.get(`${g.categoriaId}|${nombre}`);
        return precio === null || precio === undefined || id === undefined
          ? []
          : [{ proveedor_producto_id: g.ofertaId, rango_precio_id: id, precio: Math.round(precio) }];
      }),
    ),
  );
  await upsertLotes(
    tx,
    grupos.flatMap((g) =>
      g.filas.flatMap((f) =>
        f.stock === null ? [] : [{ proveedor_producto_id: g.ofertaId, fecha_expiracion: f.fecha_vencimiento!, cantidad: redondearCentesimas(f.stock) }],
      ),
    ),
  );
}

/**
 * PUT actualizar-precios: rows of SKUs the supplier already offers (live) set its price, tiers
 * and lots; a SKU the supplier does not offer (another supplier's, say) is that row's error,
 * never a write elsewhere. Setting values, so the same call twice leaves the same state. A row
 * from a file made before its lots changed is written only as the supplier chose
 * (`conflicto.usar`), decided again here on what the lots hold under their lock: an order that
 * took stock after the upload makes it a conflict again ({sku, motivo, fila, conflicto}).
 */
export async function actualizarPrecios(db: Db, proveedorId: number, filas: FilaCarga[], now: Date): Promise<ActualizarPrecios> {
  const { validas, errores } = revisar(filas, now, { sinLote: true });
  return db.transaction(async (tx) => {
    await lockCargaDelProveedor(tx, proveedorId);
    const ofertas = await findOfertasDelProveedor(tx, proveedorId);
    const { rangos } = await findReferencias(tx);
    const propias: Array<{ oferta: OfertaDelProveedor; filas: FilaCarga[] }> = [];
    for (const [sku, grupo] of porSku(validas)) {
      const oferta = ofertas.get(sku);
      if (!oferta || oferta.archivada) {
        for (const _ of grupo) errores.push({ sku, motivo: `No tienes un producto registrado con el SKU ${sku}.` });
      } else propias.push({ oferta, filas: grupo });
    }
    // Locked before anything is decided: no order changes these lots until the transaction ends.
    const stock = await lockLotes(
      tx,
      propias.map((p) => p.oferta.id),
    );
    const grupos: Array<{ ofertaId: number; categoriaId: number; filas: FilaCarga[] }> = [];
    for (const { oferta, filas: grupo } of propias) {
      const tomadas: FilaCarga[] = [];
      for (const fila of grupo) {
        const fecha = fila.fecha_vencimiento;
        const decision = fecha === null ? 'mantener' : decideStock(fila, stock.get(claveStock(oferta.id, fecha)) ?? 0);
        if (decision === 'aplicar') tomadas.push(fila);
        else if (decision === 'mantener') tomadas.push({ ...fila, stock: null });
        else
          errores.push({
            sku: oferta.sku,
            motivo: stockCambiado(fecha!, decision.stock_al_descargar, decision.stock_actual, fila.stock!),
            fila: fila.id,
            conflicto: decision,
          });
      }
      if (tomadas.length > 0) grupos.push({ ofertaId: oferta.id, categoriaId: oferta.categoria_id, filas: tomadas });
    }
    const actualizados = grupos.reduce((n, g) => n + g.filas.length, 0);
    if (actualizados === 0) throw sinValidas(SIN_PRODUCTOS_VALIDOS, errores);
    await writePreciosYLotes(tx, proveedorId, grupos, rangos);
    return { actualizados, errores };
  });
}

/** Names compare as the supplier means them: without case, accents or extra spaces. */
const clave = (s: string) => nameKey(s).toUpperCase();

/**
 * POST registrar-nuevos: offers on matched catalogue products (rows with `producto`) and, for
 * exclusive rows (`producto` null), a product pending moderation with its offer. A SKU the
 * supplier already has for the same product is counted as registered and left as it is, so the
 * same call twice writes nothing the second time; an archived one comes back out of the archive
 * (docs/decisions/004). One transaction for the whole call.
 */
export async function registrarNuevos(db: Db, proveedorId: number, input: RegistrarNuevosInput, now: Date): Promise<RegistrarNuevos> {
  const exclusivos = input.categoria_id === undefined && input.productos.every((f) => f.producto === null);
  const { validas, errores } = revisar(input.productos, now, { sinLote: false });
  const sinNinguna = exclusivos ? SIN_PRODUCTOS_EXCLUSIVOS_VALIDOS : SIN_PRODUCTOS_VALIDOS;
  return db.transaction(async (tx) => {
    await lockCargaDelProveedor(tx, proveedorId);
    const ofertas = await findOfertasDelProveedor(tx, proveedorId);
    const refs = await findReferencias(tx);
    const aprobados = await findProductosAprobados(tx, [...new Set(validas.flatMap((f) => (f.producto === null ? [] : [f.producto])))]);
    const porNombre = <T extends { id: number; nombre: string }>(xs: T[]) => new Map(xs.map((x) => [clave(x.nombre), x]));
    const categorias = porNombre(refs.categorias);
    const formatos = porNombre(refs.formatos);
    const unidades = porNombre(refs.unidades);
    const categoriaPorDefecto = refs.categorias.find((c) => c.id === input.categoria_id);
    // Read under the supplier's lock: of two registrations at once, the second sees what the first queued.
    const pendientes = new Map((await findPendientesDelProveedor(tx, proveedorId)).map((p) => [clave(p.nombre), p]));

    let registrados = 0;
    const rechazar = (grupo: FilaCarga[], sku: string, motivo: string) => {
      for (const _ of grupo) errores.push({ sku, motivo });
    };
    // Writes, gathered first so each kind is one statement per 1,000 rows.
    const existentes: Array<{ ofertaId: number; categoriaId: number; filas: FilaCarga[] }> = [];
    const ofertasNuevas: Array<{ sku: string; producto_id: number; categoriaId: number; filas: FilaCarga[] }> = [];
    const productosNuevos: Array<{
      sku: string;
      producto: Omit<ProductoNuevo, 'marca_id' | 'origen_id'> & { marca: string; origen: string };
      filas: FilaCarga[];
    }> = [];

    for (const [sku, grupo] of porSku(validas)) {
      const fila = grupo[0]!;
      const oferta: OfertaDelProveedor | undefined = ofertas.get(sku);
      if (fila.producto !== null) {
        const producto = aprobados.get(fila.producto);
        if (!producto) rechazar(grupo, sku, 'El producto asignado ya no está disponible en el catálogo.');
        else if (oferta && oferta.producto_id !== fila.producto) rechazar(grupo, sku, `Ya tienes el SKU ${sku} en otro producto; usa otro SKU.`);
        else if (oferta && !oferta.archivada) registrados += grupo.length;
        else if (oferta) existentes.push({ ofertaId: oferta.id, categoriaId: oferta.categoria_id, filas: grupo });
        else ofertasNuevas.push({ sku, producto_id: fila.producto, categoriaId: producto.categoria_id, filas: grupo });
        continue;
      }
      if (oferta) {
        // The second time of the same exclusive call: its product and offer are already there.
        if (!oferta.archivada && clave(oferta.nombre) === clave(fila.nombre)) registrados += grupo.length;
        else rechazar(grupo, sku, `Ya tienes el SKU ${sku} en otro producto; usa otro SKU.`);
        continue;
      }
      // Not queued twice: a product of this supplier already waiting under this name (docs/decisions/009).
      const enRevision = pendientes.get(clave(fila.nombre));
      if (enRevision) {
        rechazar(grupo, sku, yaEnRevision(fila.nombre, enRevision.sku));
        continue;
      }
      const categoria = categorias.get(clave(fila.categoria ?? '')) ?? (fila.categoria ? undefined : categoriaPorDefecto);
      const unidad = unidades.get(clave(fila.unidad ?? ''));
      const formato = fila.formato ? formatos.get(clave(fila.formato)) : null;
      const motivos: string[] = [];
      if (!categoria || !CATEGORIAS.includes(clave(categoria.nombre) as (typeof CATEGORIAS)[number])) motivos.push(CATEGORIA_INVALIDA);
      if (formato === undefined || (formato && !FORMATOS.includes(clave(formato.nombre) as (typeof FORMATOS)[number]))) motivos.push(FORMATO_INVALIDO);
      if (!unidad || !UNIDADES.includes(clave(unidad.nombre) as (typeof UNIDADES)[number])) motivos.push(UNIDAD_INVALIDA);
      if (!fila.marca?.trim()) motivos.push(MARCA_REQUERIDA);
      if (!fila.origen?.trim()) motivos.push(ORIGEN_REQUERIDO);
      if (motivos.length > 0 || !categoria || !unidad) {
        rechazar(grupo, sku, motivos.join(' '));
        continue;
      }
      pendientes.set(clave(fila.nombre), { nombre: fila.nombre, sku: sku as string | null });
      productosNuevos.push({
        sku,
        producto: {
          nombre: fila.nombre,
          categoria_id: categoria.id,
          unidad_id: unidad.id,
          formato_id: formato?.id ?? null,
          marca: fila.marca!.trim(),
          origen: fila.origen!.trim(),
        },
        filas: grupo,
      });
    }

    const nuevosRegistros = existentes.length + ofertasNuevas.length + productosNuevos.length;
    if (registrados === 0 && nuevosRegistros === 0) throw sinValidas(sinNinguna, errores);

    // Marcas and orígenes new to the platform are created; an existing one is reused whatever its case.
    const marcasExistentes = porNombre(refs.marcas);
    const origenesExistentes = porNombre(refs.origenes);
    // The first spelling of a new name in the call is the one created ('llamas del norte' is 'Llamas del Norte').
    const nuevasPorClave = (nombres: string[], existentes: Map<string, unknown>) => {
      const m = new Map<string, string>();
      for (const n of nombres) if (!existentes.has(clave(n)) && !m.has(clave(n))) m.set(clave(n), n);
      return m;
    };
    const marcasNuevas = nuevasPorClave(
      productosNuevos.map((p) => p.producto.marca),
      marcasExistentes,
    );
    const origenesNuevos = nuevasPorClave(
      productosNuevos.map((p) => p.producto.origen),
      origenesExistentes,
    );
    const marcasCreadas = await ensureMarcas(tx, [...marcasNuevas.values()]);
    const origenesCreados = await ensureOrigenes(tx, [...origenesNuevos.values()]);
    const idMarca = (m: string) => marcasExistentes.get(clave(m))?.id ?? (marcasCreadas.get(marcasNuevas.get(clave(m))!) as number);
    const idOrigen = (o: string) => origenesExistentes.get(clave(o))?.id ?? (origenesCreados.get(origenesNuevos.get(clave(o))!) as number);
    const productoIds = await insertProductosPendientes(
      tx,
      proveedorId,
      productosNuevos.map(({ producto: { marca, origen, ...p } }) => ({ ...p, marca_id: idMarca(marca), origen_id: idOrigen(origen) })),
    );
    productosNuevos.forEach((p, k) => {
      ofertasNuevas.push({ sku: p.sku, producto_id: productoIds[k]!, categoriaId: p.producto.categoria_id, filas: p.filas });
    });

    const creadas = await insertOfertas(
      tx,
      proveedorId,
      ofertasNuevas.map((o) => ({ sku: o.sku, producto_id: o.producto_id, tarifa: Math.round(o.filas[0]!.precio!) })),
    );
    const grupos = [...existentes, ...ofertasNuevas.map((o) => ({ ofertaId: creadas.get(o.sku)!, categoriaId: o.categoriaId, filas: o.filas }))];
    // The lots of archived offers coming back (new offers have none), locked as orders lock them.
    await lockLotes(
      tx,
      existentes.map((e) => e.ofertaId),
    );
    await writePreciosYLotes(tx, proveedorId, grupos, refs.rangos);
    registrados += grupos.reduce((n, g) => n + g.filas.length, 0);
    return { registrados, errores };
  });
}
