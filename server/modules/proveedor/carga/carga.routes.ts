import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '#common/constants';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import {
  ARCHIVO_DEMASIADO_GRANDE,
  ARCHIVO_REQUERIDO,
  ARCHIVO_TIPO_INVALIDO,
  actualizarPreciosSchema,
  actualizarPreciosSchemaOut,
  type CargaExcel,
  cargaExcelSchemaOut,
  plantillasSchema,
  registrarNuevosSchema,
  registrarNuevosSchemaOut,
  sinFilasValidasSchema,
} from '#common/schemas/proveedor-carga';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import { type BodyPace, watchBodyPace } from '#server/http/body-pace';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { type Yielder, type UploadQueue, createYielder } from './upload-queue';
import { actualizarPrecios, cargarExcel, getPlantillas, registrarNuevos } from './carga.service';

/** docs/producto.md §6: a signed-in user who is not a supplier is told so, in its words. */
export const NO_ES_PROVEEDOR = 'Debes estar registrado como proveedor para usar esta funcionalidad';

const proveedor = {
  description: 'Solo proveedores. `Authorization: JWT <access>`.',
  security: [{ jwt: [] }] as Array<Record<string, string[]>>,
};
const errores = { 401: detailSchema, 403: detailSchema };
/** An upload that stalls or crawls is dropped with this 408 (docs/decisions/012, "Cuerpos lentos"). */
export const SUBIDA_DETENIDA = 'La subida del archivo se detuvo o va demasiado lenta. Revisa tu conexión e intenta de nuevo.';
/**
 * How an uploaded file must arrive: some byte every 10 s and, from 10 s on, 20 KB/s on average,
 * so the 5 MB at most arrive in ~4.5 min, within REQUEST_TIMEOUT_MS's default 5 min, with this
 * message and not Node's. One byte every 2 s is dropped at 10 s.
 */
export const RITMO_SUBIDA: BodyPace = { idleMs: 10_000, minBytesPerS: 20_000, graceMs: 10_000 };
/** A confirmation carries up to MAX_FILAS_CARGA rows of ~400 bytes: more than the API's 1 MB default. */
const LIMITE_CONFIRMACION = 32 * 1024 * 1024;

/**
 * The supplier's Excel upload (docs/producto.md §7 Supplier catalogue). `now` says which expiry
 * dates are future; `excelTimeoutMs` bounds one file's parsing.
 */
export const cargaRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: Guards;
  excelTimeoutMs: number;
  now?: () => Date;
  /** The uploads' queue: the app's one (buildApp makes it; one app per process shares out its memory and request thread). */
  queue: UploadQueue;
  /** How an uploaded file must keep arriving: RITMO_SUBIDA unless a test gives its own. */
  ritmo?: BodyPace;
}> = async (app, { db, guards, excelTimeoutMs, now = () => new Date(), queue, ritmo = RITMO_SUBIDA }) => {
  // Only this plugin reads multipart (errors.ts); one file part, at most 5 MB: busboy stops the
  // stream at the limit and toBuffer() throws, which becomes docs/producto.md §5's message below.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 } });

  const soloProveedor = async (request: FastifyRequest) => {
    await guards.authenticate(request);
    if (!currentUser(request).is_proveedor) throw new AppError(403, { detail: NO_ES_PROVEEDOR });
  };
  const proveedorId = (request: FastifyRequest) => currentUser(request).id;

  app.get(
    '/api/productos/plantillas-excel/',
    {
      onRequest: soloProveedor,
      schema: { ...proveedor, tags: ['proveedor'], summary: 'Plantillas Excel (base64) y categorías', response: { 200: plantillasSchema, ...errores } },
    },
    (request) => getPlantillas(db, proveedorId(request), now()),
  );

  app.post(
    '/api/productos/cargar-excel/',
    {
      onRequest: soloProveedor,
      schema: {
        ...proveedor,
        tags: ['proveedor'],
        summary: 'Leer un Excel (campo multipart `archivo`) y clasificar sus filas; no guarda nada',
        consumes: ['multipart/form-data'],
        response: { 200: cargaExcelSchemaOut, 400: badRequestSchema, 408: detailSchema, 429: detailSchema, ...errores },
      },
    },
    async (request, reply) => {
      // docs/decisions/012, "Cuerpos lentos": a place in the uploads' queue only once the file has
      // arrived whole, so a body sent a byte at a time holds no one up; a full queue is still a
      // 429 at once, before the body. The place is held until the work is done AND the answer has
      // left (or the client went away): the rows are in memory until then.
      queue.check(proveedorId(request));
      const archivo = await receiveArchivo(request, ritmo);
      const slot = queue.reserve(proveedorId(request));
      let holders = 2;
      const releaseHold = () => {
        if (--holders === 0) slot.release();
      };
      // A client gone while its file arrived has no 'close' left to come.
      if (reply.raw.destroyed) releaseHold();
      else reply.raw.once('close', releaseHold);
      try {
        await slot.turn;
        const yielder = createYielder();
        const carga = await cargarExcel(db, proveedorId(request), archivo, { timeoutMs: excelTimeoutMs, now: now(), yielder });
        // Sent as it is serialised, a few hundred rows at a time and in slices of the request
        // thread: 50,000 rows are ~24 MB of JSON, which as one string plus its bytes held the peak
        // memory (docs/decisions/008). The answer is built by cargarExcel from typed values
        // (CargaExcel; a test checks it is exactly its schema): no zod pass over the rows before
        // sending, as comparar-precios (006).
        return reply.type('application/json; charset=utf-8').send(Readable.from(jsonPorPartes(carga, yielder)) as unknown as CargaExcel);
      } finally {
        releaseHold();
      }
    },
  );

  app.put(
    '/api/productos/actualizar-precios/',
    {
      onRequest: soloProveedor,
      bodyLimit: LIMITE_CONFIRMACION,
      config: { cambiaCatalogo: true },
      schema: {
        ...proveedor,
        tags: ['proveedor'],
        summary: 'Actualizar precio, rangos y lotes de productos ya registrados',
        body: actualizarPreciosSchema,
        response: { 200: actualizarPreciosSchemaOut, 400: sinFilasValidasSchema.or(badRequestSchema), ...errores },
      },
    },
    (request) => actualizarPrecios(db, proveedorId(request), request.body.productos, now()),
  );

  app.post(
    '/api/productos/registrar-nuevos/',
    {
      onRequest: soloProveedor,
      bodyLimit: LIMITE_CONFIRMACION,
      config: { cambiaCatalogo: true },
      schema: {
        ...proveedor,
        tags: ['proveedor'],
        summary: 'Registrar productos nuevos (del catálogo) o exclusivos (pendientes de moderación)',
        body: registrarNuevosSchema,
        response: { 201: registrarNuevosSchemaOut, 400: sinFilasValidasSchema.or(badRequestSchema), ...errores },
      },
    },
    async (request, reply) => {
      const registrados = await registrarNuevos(db, proveedorId(request), request.body, now());
      return reply.status(201).send(registrados);
    },
  );
};

/** CargaExcel as JSON in pieces of at most PARTE rows (JSON.stringify of the whole, streamed), each piece a few ms of `yielder`'s slices. */
async function* jsonPorPartes(carga: CargaExcel, yielder: Yielder) {
  const PARTE = 250;
  let separador = '{';
  for (const [clave, filas] of Object.entries(carga) as Array<[string, unknown[]]>) {
    yield `${separador}${JSON.stringify(clave)}:[`;
    for (let i = 0; i < filas.length; i += PARTE) {
      if (yielder.due()) await yielder.yieldNow();
      yield `${i > 0 ? ',' : ''}${JSON.stringify(filas.slice(i, i + PARTE)).slice(1, -1)}`;
    }
    yield ']';
    separador = ',';
  }
  yield '}';
}

/**
 * readArchivo, watched: a body that stalls or crawls (`ritmo`) is a 408 that closes the
 * connection, whatever is still coming on it.
 */
async function receiveArchivo(request: FastifyRequest, ritmo: BodyPace): Promise<Buffer> {
  // Started in the same turn as readArchivo's request.file(), which pipes the body (body-pace.ts).
  const watch = watchBodyPace(request.raw, ritmo, () => new AppError(408, { detail: SUBIDA_DETENIDA }, { connection: 'close' }));
  try {
    return await Promise.race([readArchivo(request), watch.stalled]);
  } finally {
    watch.stop();
  }
}

/** The `archivo` part, whole: docs/producto.md §5's messages for none, the wrong name and over 5 MB. */
async function readArchivo(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, { detail: ARCHIVO_REQUERIDO });
  let parte: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    parte = await request.file();
  } catch {
    throw new AppError(400, { detail: ARCHIVO_REQUERIDO });
  }
  if (!parte || parte.fieldname !== 'archivo') throw new AppError(400, { detail: ARCHIVO_REQUERIDO });
  const nombre = parte.filename.toLowerCase();
  if (!UPLOAD_EXTENSIONS.some((ext) => nombre.endsWith(ext))) {
    parte.file.resume();
    throw new AppError(400, { detail: ARCHIVO_TIPO_INVALIDO });
  }
  try {
    return await parte.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(400, { detail: ARCHIVO_DEMASIADO_GRANDE });
    throw new AppError(400, { detail: ARCHIVO_REQUERIDO });
  }
}
