import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    PUBLIC_URL: z.string().url().optional(),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Abastece <no-responder@abastece.cl>'),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional(),
    ACCESS_TOKEN_LIFETIME_S: z.coerce
      .number()
      .int()
      .positive()
      .default(30 * 60),
    REFRESH_TOKEN_LIFETIME_S: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 60 * 60),
    SEED_DEMO: booleanFlag.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanFlag.default(false),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    // GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, it is off (404).
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN debe tener al menos 16 caracteres').optional(),
    // How long one uploaded Excel may take to parse before it is refused (docs/decisions/008).
    EXCEL_PARSE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    // On SIGTERM, how long /api/ready says 503 while everything that arrives is still answered,
    // before the server stops listening (docs/decisions/012, "Cierre"); unset, 5 s in production.
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).optional(),
    // A request's whole body, and its headers, must arrive within these (docs/decisions/012, "Cuerpos lentos").
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.JWT_SECRET, {
    message: 'JWT_SECRET es obligatorio en producción',
    path: ['JWT_SECRET'],
  })
  .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    message: 'HEADERS_TIMEOUT_MS no puede ser mayor que REQUEST_TIMEOUT_MS',
    path: ['HEADERS_TIMEOUT_MS'],
  });

export type Config = ReturnType<typeof parseConfig>;

/** Parses the environment once; everything else receives the result, never process.env. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = envSchema.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    accessTokenLifetimeS: e.ACCESS_TOKEN_LIFETIME_S,
    refreshTokenLifetimeS: e.REFRESH_TOKEN_LIFETIME_S,
    // Demo data is automatic on the embedded default only, never on a real server unless asked.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    excelParseTimeoutMs: e.EXCEL_PARSE_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    // `npm run dev` sets 0: `tsx watch` kills a process that takes over 5 s to stop.
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? 5_000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
  };
}

/** Like parseConfig, but a bad environment ends the process with one readable line per problem. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof z.ZodError) {
      // Before a configuration there is no logger (its level is configuration): plain lines on stderr.
      for (const issue of error.issues) console.error(`Configuración inválida: ${issue.path.join('.')}: ${issue.message}`);
      process.exit(1);
    }
    throw error;
  }
}
