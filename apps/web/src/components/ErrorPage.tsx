interface ErrorPageProps {
  /** `auth` for sign-in failures: it adds the message and a Log out button. */
  kind: 'generic' | 'auth';
  message?: string | undefined;
  onLogout?: (() => void) | undefined;
}

/** The full-page error of spec 2.5 / 8, used outside the router (boot and sign-in failures). */
export function ErrorPage({ kind, message, onLogout }: ErrorPageProps) {
  const reload = (
    <button type="button" className="link-button" onClick={() => window.location.reload()}>
      reloading the page
    </button>
  );
  return (
    <main className="error-page" role="alert">
      <svg className="error-page-art" viewBox="0 0 120 80" aria-hidden="true">
        <rect x="10" y="14" width="100" height="56" rx="8" />
        <path d={kind === 'auth' ? 'M48 42h24M60 30v24' : 'M44 50c8-8 24-8 32 0M46 34h4M70 34h4'} />
      </svg>
      {kind === 'auth' ? (
        <>
          <h1>We're having trouble logging you in.</h1>
          {message && <p className="error-page-message">{message}</p>}
        </>
      ) : (
        <>
          <h1>It's just one of those days.</h1>
          <p>We're sorry, but something went wrong.</p>
        </>
      )}
      <p>You can try {reload}.</p>
      {kind === 'auth' && onLogout && (
        <button type="button" className="button" onClick={onLogout}>
          Log out
        </button>
      )}
    </main>
  );
}
