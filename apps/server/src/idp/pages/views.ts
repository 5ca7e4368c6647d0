import { PASSWORD_MIN, USERNAME_MAX } from '../../modules/accounts/account.rules.ts';
import { alert, field, hidden, html, layout, type PageContext, raw, type SafeHtml } from './layout.ts';

const links = (...items: SafeHtml[]) => html`<div class="links">${items}</div>`;

/** On the sign-up page of a fresh install, while no account holds the first-operator seat. */
export const FIRST_OPERATOR_NOTE =
  'The first account made on this server becomes its operator: it can manage users, plans and the server.';

interface SignInValues {
  login?: string | undefined;
}

export function signInPage(ctx: PageContext, uid: string, values: SignInValues = {}, error?: string): string {
  const base = `${ctx.mountPath}/interaction/${encodeURIComponent(uid)}`;
  return layout(ctx, {
    title: 'Sign in',
    body: html`<p class="lead">Welcome back. Sign in to continue to ${ctx.productName}.</p>
${alert('error', error)}
<form method="post" action="${base}/login" novalidate>
${field({ name: 'login', label: 'E-mail or username', value: values.login, autocomplete: 'username', required: true, autofocus: true })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true })}
<button type="submit">Sign in</button>
</form>
${links(
  html`<a href="${ctx.mountPath}/forgot-password?interaction=${uid}">Forgot your password?</a>`,
  html`<span>New here? <a href="${base}/signup">Create an account</a></span>`,
)}`,
  });
}

interface SignUpValues {
  email?: string | undefined;
  username?: string | undefined;
  name?: string | undefined;
  birthday?: string | undefined;
}

export function signUpPage(
  ctx: PageContext,
  uid: string,
  /** `firstOperator`: no account holds the first-operator seat yet, so this one would. */
  opts: { isMinor: boolean; today: string; firstOperator?: boolean },
  values: SignUpValues = {},
  error?: string,
): string {
  const base = `${ctx.mountPath}/interaction/${encodeURIComponent(uid)}`;
  const lead = opts.isMinor
    ? 'This account is for users under 18. Some features are limited to keep you safe.'
    : `Create your ${ctx.productName} account.`;
  return layout(ctx, {
    title: 'Create an account',
    body: html`<p class="lead">${lead}</p>
${opts.firstOperator ? html`<p class="note">${FIRST_OPERATOR_NOTE}</p>` : ''}
${alert('error', error)}
<form method="post" action="${base}/signup" novalidate>
${field({ name: 'email', label: 'E-mail', type: 'email', value: values.email, autocomplete: 'email', required: true, autofocus: true })}
${field({
  name: 'username',
  label: 'Username',
  value: values.username,
  autocomplete: 'username',
  required: true,
  maxlength: USERNAME_MAX,
  hint: 'Starts with a letter or digit; then letters, digits, _ . or -.',
})}
${field({ name: 'name', label: 'Name', value: values.name, autocomplete: 'name' })}
${
  opts.isMinor
    ? field({
        name: 'birthday',
        label: 'Birthday',
        type: 'date',
        value: values.birthday,
        autocomplete: 'bday',
        required: true,
        max: opts.today,
      })
    : ''
}
${field({
  name: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'new-password',
  required: true,
  minlength: PASSWORD_MIN,
  hint: `At least ${PASSWORD_MIN} characters.`,
})}
<button type="submit">Create account</button>
</form>
${links(html`<span>Already have an account? <a href="${base}">Sign in</a></span>`)}`,
  });
}

export function forgotPasswordPage(
  ctx: PageContext,
  opts: { interaction?: string | undefined; email?: string | undefined },
  error?: string,
): string {
  const back = opts.interaction
    ? html`<a href="${ctx.mountPath}/interaction/${encodeURIComponent(opts.interaction)}">Back to sign in</a>`
    : html`<a href="${ctx.appUrl}">Back to ${ctx.productName}</a>`;
  return layout(ctx, {
    title: 'Forgot your password?',
    body: html`<p class="lead">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
${alert('error', error)}
<form method="post" action="${ctx.mountPath}/forgot-password" novalidate>
${opts.interaction ? hidden('interaction', opts.interaction) : ''}
${field({ name: 'email', label: 'E-mail', type: 'email', value: opts.email, autocomplete: 'email', required: true, autofocus: true })}
<button type="submit">Send reset link</button>
</form>
${links(back)}`,
  });
}

export function forgotPasswordSentPage(ctx: PageContext, interaction: string | undefined): string {
  const back = interaction
    ? html`<a href="${ctx.mountPath}/interaction/${encodeURIComponent(interaction)}">Back to sign in</a>`
    : html`<a href="${ctx.appUrl}">Back to ${ctx.productName}</a>`;
  return layout(ctx, {
    title: 'Check your inbox',
    body: html`${alert('ok', 'If an account uses that address, we have sent it a link to reset the password. The link is valid for 1 hour.')}
${links(back)}`,
  });
}

export function resetPasswordPage(
  ctx: PageContext,
  token: string,
  error?: string,
  revokeApiKeys = false,
): string {
  return layout(ctx, {
    title: 'Choose a new password',
    body: html`${alert('error', error)}
<form method="post" action="${ctx.mountPath}/reset-password" novalidate>
${hidden('token', token)}
${field({
  name: 'password',
  label: 'New password',
  type: 'password',
  autocomplete: 'new-password',
  required: true,
  autofocus: true,
  minlength: PASSWORD_MIN,
  hint: `At least ${PASSWORD_MIN} characters.`,
})}
${field({ name: 'confirm', label: 'Repeat the new password', type: 'password', autocomplete: 'new-password', required: true })}
<div class="field">
<label class="check"><input type="checkbox" name="revoke_api_keys" value="yes" aria-describedby="f-revoke-hint"${revokeApiKeys ? raw(' checked') : ''}>
Also delete my API keys</label>
<span class="hint" id="f-revoke-hint">Every device and app is signed out by the new password; scripts using an API key keep working unless you tick this.</span>
</div>
<button type="submit">Save password</button>
</form>`,
  });
}

/** A page with one message and one way onwards. */
export function messagePage(
  ctx: PageContext,
  opts: { title: string; message: string; kind?: 'ok' | 'error'; link?: { href: string; label: string } },
): string {
  const link = opts.link ?? { href: ctx.appUrl, label: `Go to ${ctx.productName}` };
  return layout(ctx, {
    title: opts.title,
    body: html`${opts.kind ? alert(opts.kind, opts.message) : html`<p>${opts.message}</p>`}
<a class="button" href="${link.href}">${link.label}</a>`,
  });
}

/**
 * Logout confirmation around oidc-provider's form (which carries the xsrf token). When the app sent a valid
 * id_token_hint, /auth/assets/logout.js submits it at once, so the browser returns without an extra click.
 */
export function logoutPage(ctx: PageContext, providerForm: string, autoSubmit: boolean): string {
  const form = providerForm.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(ctx, {
    title: 'Sign out',
    mainAttrs: autoSubmit ? raw(' data-auto-submit="op.logoutForm"') : undefined,
    scripts: autoSubmit ? [`${ctx.mountPath}/assets/logout.js`] : [],
    body: html`<p class="lead">${autoSubmit ? 'Signing you out…' : `Do you want to sign out of ${ctx.productName}?`}</p>
${raw(form)}
<button type="submit" form="op.logoutForm">Sign out</button>
${links(html`<a href="${ctx.appUrl}">Stay signed in</a>`)}`,
  });
}

export function errorPage(ctx: PageContext, message: string): string {
  return messagePage(ctx, {
    title: 'Something went wrong',
    message,
    kind: 'error',
    link: { href: ctx.appUrl, label: `Back to ${ctx.productName}` },
  });
}
