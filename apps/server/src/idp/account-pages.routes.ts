import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors.ts';
import { RATE_LIMITS } from '../http/rate-limits.ts';
import type { AccountService } from '../modules/accounts/account.service.ts';
import { FAVICON_SVG, LOGOUT_JS, STYLE_CSS } from './assets.ts';
import { formValue, queryValue, sendPage } from './http-helpers.ts';
import type { PageContext } from './pages/layout.ts';
import { forgotPasswordPage, forgotPasswordSentPage, messagePage, resetPasswordPage } from './pages/views.ts';

interface Deps {
  accounts: AccountService;
  pages: PageContext;
}

const UID = /^[A-Za-z0-9_-]{1,64}$/;
/** Only a well-formed interaction uid goes back into links. */
const interactionParam = (value: string) => (UID.test(value) ? value : undefined);

/** Pages reached from mails and links, outside an interaction: forgot/reset password, verify e-mail; assets. */
export function accountPageRoutes(deps: Deps): FastifyPluginAsync {
  const { accounts, pages } = deps;
  const invalidReset = () =>
    messagePage(pages, {
      title: 'Link expired',
      kind: 'error',
      message: 'This password reset link is invalid, was already used or has expired. Ask for a new one.',
      link: { href: `${pages.mountPath}/forgot-password`, label: 'Ask for a new link' },
    });

  return async (app) => {
    app.get('/assets/style.css', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(STYLE_CSS),
    );
    app.get('/assets/favicon.svg', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON_SVG),
    );
    app.get('/assets/logout.js', async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/javascript; charset=utf-8')
        .send(LOGOUT_JS),
    );

    app.get('/forgot-password', async (request, reply) => {
      const interaction = interactionParam(queryValue(request.query, 'interaction'));
      return sendPage(reply, forgotPasswordPage(pages, { interaction }));
    });

    app.post(
      '/forgot-password',
      { config: { rateLimit: RATE_LIMITS.passwordReset } },
      async (request, reply) => {
        const interaction = interactionParam(formValue(request.body, 'interaction'));
        const email = formValue(request.body, 'email').trim();
        try {
          await accounts.requestPasswordReset(email);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          return sendPage(reply, forgotPasswordPage(pages, { interaction, email }, err.detail), err.status);
        }
        return sendPage(reply, forgotPasswordSentPage(pages, interaction));
      },
    );

    app.get('/reset-password', async (request, reply) => {
      const token = queryValue(request.query, 'token');
      if (!(await accounts.isResetTokenValid(token))) return sendPage(reply, invalidReset(), 400);
      return sendPage(reply, resetPasswordPage(pages, token));
    });

    app.post(
      '/reset-password',
      { config: { rateLimit: RATE_LIMITS.passwordReset } },
      async (request, reply) => {
        const token = formValue(request.body, 'token');
        const password = formValue(request.body, 'password');
        const revokeApiKeys = formValue(request.body, 'revoke_api_keys') === 'yes';
        if (password !== formValue(request.body, 'confirm')) {
          const page = resetPasswordPage(pages, token, 'The two passwords do not match.', revokeApiKeys);
          return sendPage(reply, page, 400);
        }
        try {
          await accounts.resetPassword(token, password, { revokeApiKeys });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          if (err.code === 'validation_error')
            return sendPage(reply, resetPasswordPage(pages, token, err.detail, revokeApiKeys), err.status);
          return sendPage(reply, invalidReset(), err.status);
        }
        return sendPage(
          reply,
          messagePage(pages, {
            title: 'Password changed',
            kind: 'ok',
            message: 'Your new password is saved. Sign in with it from the app.',
            link: { href: pages.appUrl, label: `Go to ${pages.productName}` },
          }),
        );
      },
    );

    app.get('/verify-email', async (request, reply) => {
      try {
        await accounts.verifyEmail(queryValue(request.query, 'token'));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const page = messagePage(pages, {
          title: 'Link expired',
          kind: 'error',
          message:
            'This verification link is invalid, was already used or has expired. If your address is not verified yet, send a new link from the app.',
        });
        return sendPage(reply, page, err.status);
      }
      const page = messagePage(pages, {
        title: 'E-mail verified',
        kind: 'ok',
        message: 'Thank you, your e-mail address is verified.',
        link: { href: pages.appUrl, label: `Continue to ${pages.productName}` },
      });
      return sendPage(reply, page);
    });
  };
}
