import type { AppConfig } from '@tinkercloud/shared';
import { getAppConfig } from '../lib/app-config.ts';

/** Where the error page sends people for help; a link without an address is not shown. */
export interface ErrorPageLinks {
  forum?: string | null | undefined;
  statusPage?: string | null | undefined;
  contact?: string | null | undefined;
}

interface ErrorPageProps {
  /** `auth` for sign-in failures: the login-trouble page, with a Log out button. */
  kind: 'generic' | 'auth';
  /** The failure; its name and detail are shown (spec 8). */
  error?: unknown;
  /** Shown instead of the error's detail. */
  message?: string | undefined;
  onLogout?: (() => void) | undefined;
  /** Defaults to the links of the app configuration, when it could be read. */
  links?: ErrorPageLinks | undefined;
  /** Defaults to reloading the page. */
  onReload?: (() => void) | undefined;
}

/** Name and detail of a failure: our error bodies carry `detail`, other errors their message. */
export function errorDetails(error: unknown): { name: string; detail: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { name, detail, message } = error as { name?: unknown; detail?: unknown; message?: unknown };
  const text = typeof detail === 'string' ? detail : typeof message === 'string' ? message : '';
  return { name: typeof name === 'string' ? name : '', detail: text };
}

/** The configured links; the page also shows when the configuration itself is what failed. */
function configuredLinks(): ErrorPageLinks {
  let config: AppConfig;
  try {
    config = getAppConfig();
  } catch {
    return {};
  }
  return config.links ?? {};
}

function GenericArt() {
  return (
    <svg className="error-page-art" data-illustration="generic" viewBox="0 0 120 80" aria-hidden="true">
      <path d="M34 62h52a16 16 0 0 0 0-32 22 22 0 0 0-42-6 18 18 0 0 0-10 38z" />
      <path d="M48 40h4M68 40h4M50 54c6-5 14-5 20 0" />
    </svg>
  );
}

function LoginTroubleArt() {
  return (
    <svg className="error-page-art" data-illustration="login" viewBox="0 0 120 80" aria-hidden="true">
      <rect x="40" y="34" width="40" height="34" rx="6" />
      <path d="M48 34v-8a12 12 0 0 1 24 0v8M60 46v10" />
    </svg>
  );
}

/** The full-page error of spec 2.5 / 8, used outside the router (boot and sign-in failures). */
export function ErrorPage({ kind, error, message, onLogout, links, onReload }: ErrorPageProps) {
  const details = errorDetails(error);
  const detail = message ?? details?.detail;
  const { forum, statusPage, contact } = links ?? configuredLinks();
  const help = [
    forum ? { href: forum, label: 'Visit the forum' } : null,
    statusPage ? { href: statusPage, label: 'Check the status page' } : null,
    contact ? { href: contact, label: 'Contact us' } : null,
  ].filter((link) => link !== null);

  return (
    <main className="error-page" role="alert">
      {kind === 'auth' ? <LoginTroubleArt /> : <GenericArt />}
      {kind === 'auth' ? (
        <h1>We're having trouble logging you in.</h1>
      ) : (
        <>
          <h1>It's just one of those days.</h1>
          <p>We're sorry, but something went wrong.</p>
        </>
      )}
      {details?.name && <p className="error-page-name">{details.name}</p>}
      {detail && <p className="error-page-message">{detail}</p>}
      <p>
        You can try{' '}
        <button type="button" className="link-button" onClick={onReload ?? (() => window.location.reload())}>
          reloading the page
        </button>
        .
      </p>
      {help.length > 0 && (
        <p className="error-page-links">
          {help.map((link, index) => (
            <span key={link.href}>
              {index > 0 && ' · '}
              <a href={link.href}>{link.label}</a>
            </span>
          ))}
        </p>
      )}
      {kind === 'auth' && onLogout && (
        <button type="button" className="button" onClick={onLogout}>
          Log out
        </button>
      )}
    </main>
  );
}
