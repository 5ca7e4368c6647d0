/**
 * Static files of the sign-in pages. Kept as strings so the bundled server needs no extra files; served from
 * /auth/assets/ because the app's CSP allows only our own stylesheets and scripts.
 */

export const STYLE_CSS = `:root {
  color-scheme: light dark;
  --bg: #f4f6f8;
  --card: #ffffff;
  --text: #1f2933;
  --muted: #52606d;
  --border: #d3dae1;
  --brand: #0b7a75;
  --brand-strong: #08605c;
  --brand-text: #ffffff;
  --danger: #b42318;
  --danger-bg: #fef3f2;
  --ok: #067647;
  --ok-bg: #ecfdf3;
  --focus: #2e90fa;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #101418;
    --card: #1a2027;
    --text: #e6e9ec;
    --muted: #9aa5b1;
    --border: #343d47;
    --brand: #16a39c;
    --brand-strong: #1fc2ba;
    --brand-text: #06201f;
    --danger: #f97066;
    --danger-bg: #2b1513;
    --ok: #47cd89;
    --ok-bg: #0f2a1c;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body {
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 24px 16px;
  background: var(--bg);
  color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
}
.card {
  width: 100%;
  max-width: 420px;
  background: var(--card);
  border: 1px solid var(--border);
  border-radius: 14px;
  padding: 32px 28px;
  box-shadow: 0 8px 24px rgba(16, 24, 40, 0.08);
}
.brand {
  display: flex;
  align-items: center;
  gap: 10px;
  margin-bottom: 20px;
  font-weight: 700;
  font-size: 18px;
  color: var(--brand);
}
.brand-mark {
  width: 28px;
  height: 28px;
  border-radius: 8px;
  background: var(--brand);
  color: var(--brand-text);
  display: inline-flex;
  align-items: center;
  justify-content: center;
  font-size: 15px;
}
h1 { font-size: 22px; line-height: 1.3; margin: 0 0 8px; }
p { margin: 0 0 16px; }
.lead { color: var(--muted); margin-bottom: 24px; }
.note { font-size: 14px; padding: 10px 12px; margin-bottom: 20px; border-left: 3px solid var(--brand); }
form { margin: 0; }
.field { margin-bottom: 16px; }
label { display: block; font-weight: 600; font-size: 14px; margin-bottom: 6px; }
.hint { display: block; font-size: 13px; color: var(--muted); margin-top: 4px; }
label.check { display: flex; gap: 8px; align-items: flex-start; font-weight: 400; }
label.check input { margin-top: 3px; }
input[type='text'], input[type='email'], input[type='password'], input[type='date'] {
  width: 100%;
  height: 44px;
  padding: 0 12px;
  font: inherit;
  color: var(--text);
  background: var(--card);
  border: 1px solid var(--border);
  border-radius: 8px;
}
input:focus-visible, button:focus-visible, a:focus-visible {
  outline: 3px solid var(--focus);
  outline-offset: 2px;
}
button, .button {
  display: inline-flex;
  width: 100%;
  align-items: center;
  justify-content: center;
  height: 44px;
  padding: 0 16px;
  font: inherit;
  font-weight: 600;
  color: var(--brand-text);
  background: var(--brand);
  border: 0;
  border-radius: 8px;
  cursor: pointer;
  text-decoration: none;
}
button:hover, .button:hover { background: var(--brand-strong); }
a { color: var(--brand); }
.links { margin-top: 20px; display: flex; flex-direction: column; gap: 8px; font-size: 14px; text-align: center; }
.alert { border-radius: 8px; padding: 12px 14px; margin-bottom: 20px; font-size: 14px; }
.alert-error { color: var(--danger); background: var(--danger-bg); border: 1px solid var(--danger); }
.alert-ok { color: var(--ok); background: var(--ok-bg); border: 1px solid var(--ok); }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
}
`;

/** Submits the logout confirmation by itself when the app asked for the sign-out (valid id_token_hint). */
/** The product mark (the web app's favicon.svg): linked from every server page, so no browser asks /favicon.ico. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Tinkercloud</title><rect width="32" height="32" rx="8" fill="#0f766e"/><circle cx="16" cy="16" r="5" fill="none" stroke="#fff" stroke-width="3"/><path d="M16 4v6M16 22v6M4 16h6M22 16h6" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>';

export const LOGOUT_JS = `(function () {
  var main = document.querySelector('[data-auto-submit]');
  if (!main) return;
  var form = document.getElementById(main.getAttribute('data-auto-submit'));
  if (form) form.submit();
})();
`;
