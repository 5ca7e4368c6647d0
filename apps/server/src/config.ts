import {
  DEFAULT_PRODUCT_NAME,
  DEFAULT_PRODUCT_SLUG,
  type PlanDefaults,
  planCatalogue,
} from '@tinkercloud/shared';
import { z } from 'zod';
import { emailProblem, usernameProblem } from './modules/accounts/account.rules.ts';
import { type MqttConfig, mqttConfig, mqttEnvSchema, mqttProblems } from './modules/connectivity/config.ts';
import {
  type CompileSettings,
  DEFAULT_HARDWARE_DIRS,
  DEFAULT_TOOLS_DIRS,
  parseBoardList,
} from './modules/iot/compile/toolchain.ts';
import { type TlsConfig, tlsConfig, tlsEnvSchema, tlsProblems } from './tls/config.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Comma-separated absolute directories. */
const absoluteDirs = z
  .string()
  .regex(/^\/[^,]*(,\/[^,]*)*$/, 'comma-separated absolute directories')
  .transform((v) => v.split(','));

const retentionDays = z.coerce.number().int().min(1).max(3660);

/** Comma-separated logins (usernames or e-mail addresses), lower-cased: how accounts are matched. */
const loginList = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim().toLowerCase()))
  .refine(
    (logins) => logins.every((l) => (l.includes('@') ? emailProblem(l) : usernameProblem(l)) === null),
    'comma-separated usernames or e-mail addresses',
  );

/** Every variable the server reads. `.env.example` documents each one; keep the two in step. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Loopback by default: the embedded defaults (demo account, mail outbox) must not face a network unasked.
  HOST: z.string().min(1).default('127.0.0.1'),
  TRUST_PROXY: bool.default(false),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // GET /metrics without a token from a direct connection on this machine (modules/metrics/README.md).
  METRICS_LOOPBACK: bool.default(true),
  PRODUCT_NAME: z.string().min(1).max(60).default(DEFAULT_PRODUCT_NAME),
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and hyphens')
    .default(DEFAULT_PRODUCT_SLUG),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('tinkercloud-web'),
  // Accounts the embedded sign-up page creates per minute from one client address (a class behind one NAT).
  SIGNUP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_CLAIMS_NAMESPACE: z.string().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Tinkercloud <no-reply@localhost>'),
  DEMO_DATA: bool.default(true),
  // A simulated demo device, thing and dashboard in each new account's My Cloud; default: on with the embedded broker.
  DEMO: bool.optional(),
  // Operators of this server (the admin console) besides the first account signed up: usernames or e-mails.
  OPERATORS: loginList.optional(),
  // Days the audit log keeps an entry.
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  // Branded deployments are served on `{slug}.{BASE_HOST}` (spec section 1).
  BASE_HOST: z
    .string()
    .toLowerCase()
    .regex(
      /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/,
      'a host name such as iot.example.org (no scheme, no path)',
    )
    .optional(),
  // Third-party scripts of spec section 1, loaded by the web app only when set and when consent allows.
  TAG_MANAGER_URL: z.url({ protocol: /^https?$/ }).optional(),
  ANALYTICS_URL: z.url({ protocol: /^https?$/ }).optional(),
  CONSENT_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  CONSENT_STYLESHEET_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Company-customised sign-in (spec 4.1) and the web app's outside links.
  COMPANY_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -')
    .optional(),
  STORE_URL: z.url({ protocol: /^https?$/ }).optional(),
  ACCOUNT_URL: z.url({ protocol: /^https?$/ }).optional(),
  STATUS_PAGE_URL: z.url({ protocol: /^https?$/ }).optional(),
  FORUM_URL: z.url({ protocol: /^https?$/ }).optional(),
  CONTACT_URL: z.url({ protocol: /^https?$/ }).optional(),
  PRIVACY_URL: z.url({ protocol: /^https?$/ }).optional(),
  TERMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  SECURITY_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Map tiles of the dashboards' map widgets: an XYZ template with {z}, {x}, {y} (and optionally {s}), or
  // `none` for no tiles (markers and routes on a plain background). Default: OpenStreetMap's standard tiles.
  MAP_TILES_URL: z
    .union([
      z.literal('none'),
      z
        .url({ protocol: /^https?$/ })
        .refine(
          (u) => ['{z}', '{x}', '{y}'].every((p) => u.includes(p)),
          'a tile template with {z}, {x} and {y}',
        ),
    ])
    .optional(),
  MAP_TILES_ATTRIBUTION: z.string().max(500).optional(),
  // Requests per minute to the /iot API per API key (or per user without one); 0 turns the limit off.
  IOT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(3000),
  // Days stored values are kept, per plan (issue 5); whole days go, so values live up to a day longer.
  TELEMETRY_RETENTION_FREE_DAYS: retentionDays.default(1),
  TELEMETRY_RETENTION_ENTRY_DAYS: retentionDays.default(15),
  TELEMETRY_RETENTION_MAKER_DAYS: retentionDays.default(92),
  TELEMETRY_RETENTION_MAKER_PLUS_DAYS: retentionDays.default(366),
  // The plan a new account, a new school space and a new team space start on, without an end (plan ids of
  // the catalogue, checked below); unset: none, the free tier. The admin console can override them.
  DEFAULT_PLAN: z.string().min(1).max(64).optional(),
  DEFAULT_SCHOOL_PLAN: z.string().min(1).max(64).optional(),
  DEFAULT_TEAM_PLAN: z.string().min(1).max(64).optional(),
  // How often retention runs and the next day's partitions are made.
  TELEMETRY_MAINTENANCE_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  // Megabytes of serialised device lists each process keeps (valid while the space's change marker holds).
  IOT_LIST_CACHE_MB: z.coerce.number().min(0).max(65_536).default(64),
  // A trigger fires at most once in this many seconds (a device sending 10 values a second floods no mailbox).
  TRIGGER_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // Thing webhooks may reach loopback, private, link-local and metadata addresses: only for receivers on
  // the operator's own network (and tests). Off, such addresses are refused after DNS resolution.
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  // Seconds waited before each retry of a failed webhook delivery (comma-separated); after the last, it fails.
  WEBHOOK_RETRY_DELAYS_SECONDS: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?){0,9}$/, 'up to 10 comma-separated numbers of seconds')
    .default('10,30,120,600,3600'),
  // Sketch compiles (modules/iot/compile/README.md): the builder (a name on PATH or a path), extra hardware
  // (cores) and tools directories (comma-separated, after Debian's AVR ones), the extra boards they offer
  // (`fqbn=name` pairs, comma-separated), the time limit, the output kept, and jobs run at once per process.
  COMPILE_BUILDER: z.string().min(1).default('arduino-builder'),
  COMPILE_HARDWARE_DIRS: absoluteDirs.optional(),
  COMPILE_TOOLS_DIRS: absoluteDirs.optional(),
  COMPILE_LIBRARIES_DIRS: absoluteDirs.optional(),
  COMPILE_BOARDS: z
    .string()
    .regex(
      /^[a-zA-Z0-9_.-]+:[a-zA-Z0-9_.-]+:[a-zA-Z0-9_.-]+(:[a-zA-Z0-9_.=-]+)?=[^,=]+(,[a-zA-Z0-9_.-]+:[a-zA-Z0-9_.-]+:[a-zA-Z0-9_.-]+(:[a-zA-Z0-9_.=-]+)?=[^,=]+)*$/,
      'comma-separated fqbn=name pairs, e.g. esp32:esp32:esp32=ESP32 Dev Module',
    )
    .optional(),
  COMPILE_TIMEOUT_SECONDS: z.coerce.number().min(0.01).max(3600).default(120),
  COMPILE_OUTPUT_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(256)
    .max(16 * 1024 * 1024)
    .default(256 * 1024),
  COMPILE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Devices: the embedded MQTT broker, or an external one (modules/connectivity/README.md).
  ...mqttEnvSchema,
  // HTTPS and MQTT over TLS: a generated local CA by default, or the operator's certificate (src/tls/README.md).
  ...tlsEnvSchema,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Trust X-Forwarded-* headers: only behind a reverse proxy that sets them. */
  trustProxy: boolean;
  /** Origin (and optional path) the browser uses to reach us, without a trailing slash. */
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** `/metrics`: whether a direct connection from this machine may read it without an operator's token. */
  metrics: { loopback: boolean };
  productName: string;
  productSlug: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  dataDir: string;
  webDistDir: string | undefined;
  oidc: {
    /** True when we run our own OpenID Connect provider under /auth. */
    embedded: boolean;
    issuer: string;
    clientId: string;
    audience: string;
    claimsNamespace: string;
    /** Sign-ups the embedded provider accepts per minute from one client address. */
    signUpsPerMinute: number;
  };
  mail: { smtpUrl: string | undefined; from: string };
  demoData: boolean;
  /** Every new account gets a demo device, thing and dashboard, fed by a simulator in this process. */
  demo: boolean;
  /** `OPERATORS`: logins (lower-cased usernames or e-mails) made operators at sign-up and at every start. */
  operators: string[];
  /** How long the audit log keeps entries (`AUDIT_RETENTION_DAYS`). */
  audit: { retentionDays: number };
  /**
   * The Arduino-compatible IoT API: requests per minute per API key or user (0: no limit); bytes of
   * serialised device lists kept per process (0: none kept); the shortest time between two firings of a
   * trigger.
   */
  iot: { rateLimitPerMinute: number; listCacheBytes: number; triggerMinIntervalMs: number };
  /** Sketch compiles: the toolchain, the boards beyond AVR, and the bounds of a job. */
  compile: CompileSettings;
  /** Thing webhooks: whether internal addresses may be reached, and the waits before each retry. */
  webhooks: { allowPrivate: boolean; retryDelaysMs: number[] };
  /** Stored values: days kept per retention class, and how often maintenance runs. */
  telemetry: {
    retentionDays: { free: number; entry: number; maker: number; 'maker-plus': number };
    maintenanceIntervalMs: number;
  };
  /** The default plans of new accounts (user), school spaces (edu) and team spaces (pro); null: none. */
  plans: { defaults: PlanDefaults };
  /** Where devices connect: the embedded broker's listeners, or an external broker. */
  mqtt: MqttConfig;
  /** HTTPS beside the HTTP listener, and the certificate of it and of MQTT over TLS. */
  tls: TlsConfig;
  /** Host under which branded deployments live as `{slug}.{baseHost}`; unset: the first label is the slug. */
  baseHost: string | undefined;
  /** The mail outbox page: only with every embedded default on (PGlite, embedded provider, no SMTP, no TRUST_PROXY). */
  devOutbox: boolean;
  /** Web app extras (third-party scripts, company sign-in, outside links); null when unset. */
  web: {
    tagManagerUrl: string | null;
    analyticsUrl: string | null;
    consentScriptUrl: string | null;
    consentStylesheetUrl: string | null;
    companyKey: string | null;
    storeUrl: string | null;
    accountUrl: string | null;
    statusPageUrl: string | null;
    forumUrl: string | null;
    contactUrl: string | null;
    privacyUrl: string | null;
    termsUrl: string | null;
    securityUrl: string | null;
    /** The map widgets' tile template (null: no tiles) and the credit line shown on the map. */
    mapTiles: { url: string | null; attribution: string };
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

/** OpenStreetMap's standard tiles and their required credit unless set; `none` turns tiles off. */
function mapTilesOf(url: string | undefined, attribution: string | undefined) {
  if (url === 'none') return { url: null, attribution: attribution ?? '' };
  if (url === undefined) return { url: OSM_TILES, attribution: attribution ?? OSM_ATTRIBUTION };
  return { url, attribution: attribution ?? '' };
}

const DEFAULT_PLAN_VARIABLES = [
  ['DEFAULT_PLAN', 'user', 'a My Cloud plan'],
  ['DEFAULT_SCHOOL_PLAN', 'edu', 'a School plan'],
  ['DEFAULT_TEAM_PLAN', 'pro', 'a Team plan'],
] as const;

/** Each default plan must be a plan of this deployment's catalogue, sold for what it is the default of. */
function defaultPlanProblems(e: z.infer<typeof envSchema>): string[] {
  const catalogue = planCatalogue(e.PRODUCT_SLUG, e.PRODUCT_NAME);
  return DEFAULT_PLAN_VARIABLES.flatMap(([name, scope, what]) => {
    const id = e[name];
    if (id === undefined) return [];
    const fitting = catalogue.filter((p) => p.scope === scope).map((p) => p.id);
    return fitting.includes(id) ? [] : [`${name}: must be ${what} (${fitting.join(', ')}), not "${id}"`];
  });
}

/** Parses the environment once; throws a ConfigError that lists every bad variable at the same time. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  // Rules across variables are checked on the raw values too, so one run lists every problem.
  if (cleaned.OIDC_ISSUER !== undefined && cleaned.OIDC_AUDIENCE === undefined) {
    problems.push('OIDC_AUDIENCE: required when OIDC_ISSUER points at an external provider');
  }
  problems.push(...mqttProblems(cleaned));
  problems.push(...tlsProblems(cleaned));
  const retention = [
    'TELEMETRY_RETENTION_FREE_DAYS',
    'TELEMETRY_RETENTION_ENTRY_DAYS',
    'TELEMETRY_RETENTION_MAKER_DAYS',
    'TELEMETRY_RETENTION_MAKER_PLUS_DAYS',
  ] as const;
  if (parsed.success) {
    // A bigger plan never keeps values for less time than a smaller one.
    for (const [i, name] of retention.entries()) {
      const previous = retention[i - 1];
      if (previous && parsed.data[name] < parsed.data[previous]) {
        problems.push(`${name}: must not be less than ${previous} (${parsed.data[previous]})`);
      }
    }
  }
  if (parsed.success) problems.push(...defaultPlanProblems(parsed.data));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const publicUrl = trimSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const embedded = e.OIDC_ISSUER === undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    metrics: { loopback: e.METRICS_LOOPBACK },
    productName: e.PRODUCT_NAME,
    productSlug: e.PRODUCT_SLUG,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    dataDir: e.DATA_DIR,
    webDistDir: e.WEB_DIST_DIR,
    oidc: {
      embedded,
      issuer: embedded ? `${publicUrl}/auth` : (e.OIDC_ISSUER as string),
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      claimsNamespace: e.OIDC_CLAIMS_NAMESPACE ?? `${publicUrl}/claims/`,
      signUpsPerMinute: e.SIGNUP_RATE_LIMIT_PER_MINUTE,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    demoData: e.DEMO_DATA,
    demo: e.DEMO ?? e.MQTT_URL === undefined,
    operators: e.OPERATORS ?? [],
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
    iot: {
      rateLimitPerMinute: e.IOT_RATE_LIMIT_PER_MINUTE,
      listCacheBytes: Math.round(e.IOT_LIST_CACHE_MB * 1024 * 1024),
      triggerMinIntervalMs: e.TRIGGER_MIN_INTERVAL_SECONDS * 1000,
    },
    compile: {
      builder: e.COMPILE_BUILDER,
      hardwareDirs: [...DEFAULT_HARDWARE_DIRS, ...(e.COMPILE_HARDWARE_DIRS ?? [])],
      toolsDirs: [...DEFAULT_TOOLS_DIRS, ...(e.COMPILE_TOOLS_DIRS ?? [])],
      librariesDirs: e.COMPILE_LIBRARIES_DIRS ?? [],
      extraBoards: parseBoardList(e.COMPILE_BOARDS ?? ''),
      timeoutMs: Math.round(e.COMPILE_TIMEOUT_SECONDS * 1000),
      outputMaxBytes: e.COMPILE_OUTPUT_LIMIT_BYTES,
      concurrency: e.COMPILE_CONCURRENCY,
    },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      retryDelaysMs: e.WEBHOOK_RETRY_DELAYS_SECONDS.split(',').map((s) => Math.round(Number(s) * 1000)),
    },
    telemetry: {
      retentionDays: {
        free: e.TELEMETRY_RETENTION_FREE_DAYS,
        entry: e.TELEMETRY_RETENTION_ENTRY_DAYS,
        maker: e.TELEMETRY_RETENTION_MAKER_DAYS,
        'maker-plus': e.TELEMETRY_RETENTION_MAKER_PLUS_DAYS,
      },
      maintenanceIntervalMs: e.TELEMETRY_MAINTENANCE_MINUTES * 60_000,
    },
    plans: {
      defaults: {
        user: e.DEFAULT_PLAN ?? null,
        edu: e.DEFAULT_SCHOOL_PLAN ?? null,
        pro: e.DEFAULT_TEAM_PLAN ?? null,
      },
    },
    mqtt: mqttConfig(e, { host: e.HOST, port: e.PORT, tls: e.TLS === 'on' }),
    tls: tlsConfig(e, e.DATA_DIR),
    baseHost: e.BASE_HOST?.replace(/:\d+$/, ''),
    // Behind a reverse proxy (TRUST_PROXY) every remote client looks local: no outbox of reset links there.
    devOutbox: embedded && !e.DATABASE_URL && !e.SMTP_URL && !e.TRUST_PROXY,
    web: {
      tagManagerUrl: e.TAG_MANAGER_URL ?? null,
      analyticsUrl: e.ANALYTICS_URL ?? null,
      consentScriptUrl: e.CONSENT_SCRIPT_URL ?? null,
      consentStylesheetUrl: e.CONSENT_STYLESHEET_URL ?? null,
      companyKey: e.COMPANY_KEY ?? null,
      storeUrl: e.STORE_URL ? trimSlash(e.STORE_URL) : null,
      accountUrl: e.ACCOUNT_URL ?? null,
      statusPageUrl: e.STATUS_PAGE_URL ?? null,
      forumUrl: e.FORUM_URL ?? null,
      contactUrl: e.CONTACT_URL ?? null,
      privacyUrl: e.PRIVACY_URL ?? null,
      termsUrl: e.TERMS_URL ?? null,
      securityUrl: e.SECURITY_URL ?? null,
      mapTiles: mapTilesOf(e.MAP_TILES_URL, e.MAP_TILES_ATTRIBUTION),
    },
  };
}
