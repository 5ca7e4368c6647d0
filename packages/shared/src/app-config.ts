import { z } from 'zod';

/** Product constants the spec fixes (section 9). */
export const APP_VERSION = '2.6.13';
export const DEFAULT_PRODUCT_NAME = 'Tinkercloud';
export const DEFAULT_PRODUCT_SLUG = 'tinkercloud';
/** Shared cookies last 366 days (section 9, "Cookie lifetime"). */
export const COOKIE_LIFETIME_SECONDS = 31_622_400;
export const COOKIE_PREFIX = 'tc_';
/**
 * The page the sign-in popup and the hidden session-check frame return to (a registered redirect address
 * beside the app's root): it hands the provider's answer to the window that opened it.
 */
export const SIGN_IN_CALLBACK_PATH = '/signin-callback.html';

/**
 * Where devices reach the server's MQTT broker, as the server prints them at start: plain MQTT, MQTT over
 * TLS (when configured), MQTT over WebSocket, and over secure WebSocket on the HTTPS listener (applications;
 * absent from older servers). Null when the server cannot tell (an external broker). The ports are the ones
 * really taken: a taken default falls back to the next free port.
 */
export const brokerUrlsSchema = z.object({
  url: z.string().nullable(),
  tlsUrl: z.string().nullable(),
  wsUrl: z.string().nullable(),
  wssUrl: z.string().nullable().optional(),
});
export type BrokerUrls = z.infer<typeof brokerUrlsSchema>;

/**
 * What the server tells the SPA at boot (served as /app-config.js, which sets `window.__APP_CONFIG__`).
 * One base URL per spec host, so a deployment can split hosts later (ARCHITECTURE.md, "The spec's hosts").
 */
export const appConfigSchema = z.object({
  productName: z.string().min(1),
  productSlug: z.string().min(1),
  version: z.string(),
  publicUrl: z.string().url(),
  hosts: z.object({
    api: z.string(),
    customization: z.string(),
    provisioning: z.string(),
    boards: z.string(),
    ota: z.string(),
    storage: z.string(),
    create: z.string(),
    status: z.string(),
  }),
  oidc: z.object({
    authority: z.string().url(),
    clientId: z.string().min(1),
    audience: z.string().min(1),
    scope: z.string().min(1),
    claimsNamespace: z.string().min(1),
  }),
  /** The device broker's addresses (the New device page prints them); absent from older servers. */
  mqtt: brokerUrlsSchema.optional(),
  /** True when the embedded identity provider, PGlite and demo data run: enables the dev mail outbox link. */
  embeddedIdp: z.boolean(),
  devOutboxUrl: z.string().nullable(),
  /**
   * Deployment extras; every one is optional and unset means "nothing": no third-party script is loaded, no
   * company-customised sign-in runs, and links without an address are not shown.
   */
  thirdParty: z
    .object({
      tagManagerUrl: z.string().nullable(),
      analyticsUrl: z.string().nullable(),
      consentScriptUrl: z.string().nullable(),
      consentStylesheetUrl: z.string().nullable(),
    })
    .optional(),
  /**
   * Map tiles for the dashboards' map widgets: an XYZ template (`{z}/{x}/{y}`) and the credit line to show;
   * a null URL draws maps on a plain background. Absent from older servers (then OpenStreetMap is used).
   */
  mapTiles: z.object({ url: z.string().nullable(), attribution: z.string() }).optional(),
  /** Branded deployments live on `{slug}.{baseHost}` (BASE_HOST); the SPA stays on such a host. */
  baseHost: z.string().nullable().optional(),
  /** The company whose customised sign-in applies (spec 4.1), from COMPANY_KEY. */
  companyKey: z.string().nullable().optional(),
  links: z
    .object({
      /** The store site; billing is `{storeUrl}/subscriptions/plans`. */
      store: z.string().nullable(),
      /** Account settings on the identity site. */
      account: z.string().nullable(),
      /** The public status page. */
      statusPage: z.string().nullable(),
      /** The community forum and the contact page, offered on the error page (spec 2.5). */
      forum: z.string().nullable().optional(),
      contact: z.string().nullable().optional(),
      privacy: z.string().nullable(),
      terms: z.string().nullable(),
      security: z.string().nullable(),
    })
    .optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
