import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { AppError } from '../errors.ts';
import {
  RATE_LIMITS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  signUpLimit,
  tooManyAttempts,
} from '../http/rate-limits.ts';
import type { AccountService } from '../modules/accounts/account.service.ts';
import { createAddressFailures } from './address-failures.ts';
import { formValue, sendPage } from './http-helpers.ts';
import type { PageContext } from './pages/layout.ts';
import { errorPage, signInPage, signUpPage } from './pages/views.ts';

interface Deps {
  provider: Provider;
  accounts: AccountService;
  pages: PageContext;
  firstPartyClientId: string;
  signUpsPerMinute: number;
  logger: { warn: (obj: object, msg: string) => void };
}

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;
type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

const EXPIRED = 'Your sign-in session has expired or is no longer valid. Go back to the app and try again.';
const today = () => new Date().toISOString().slice(0, 10);
const isMinorRequest = (details: Details) => ['1', 'true'].includes(String(details.params.is_minor ?? ''));

/**
 * Our sign-in and sign-up pages for oidc-provider interactions: /auth/interaction/:uid[/login|/signup].
 * Every form posts below /auth/interaction/:uid, where the provider's interaction cookie (SameSite=Lax, path
 * bound to this uid) is sent; a form for another uid, or from another site, finds no matching interaction.
 */
export function interactionRoutes(deps: Deps): FastifyPluginAsync {
  const { provider, accounts, pages } = deps;
  // request.ip: the client's address, from X-Forwarded-For only with TRUST_PROXY.
  const failuresByAddress = createAddressFailures(SIGN_IN_FAILURES_PER_ADDRESS);

  /** The interaction of this browser, only if it is the one named in the URL. */
  async function load(request: UidRequest, reply: FastifyReply): Promise<Details | null> {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid ? details : null;
    } catch (err) {
      if (err instanceof errors.SessionNotFound) return null;
      throw err;
    }
  }

  async function finishLogin(request: UidRequest, reply: FastifyReply, accountId: string) {
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId, amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  }

  /** First-party app: consent is implied; grant what the provider says is missing and carry on. */
  async function autoConsent(request: UidRequest, reply: FastifyReply, details: Details) {
    const clientId = String(details.params.client_id ?? '');
    const accountId = details.session?.accountId;
    if (clientId !== deps.firstPartyClientId || !accountId) {
      return sendPage(reply, errorPage(pages, 'This application is not allowed to sign in here.'), 403);
    }
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
    return reply.redirect(returnTo, 303);
  }

  const expired = (reply: FastifyReply) => sendPage(reply, errorPage(pages, EXPIRED), 400);

  /** A minor never becomes an operator, so only an adult's page says the seat is open. */
  const signUpOptions = async (isMinor: boolean) => ({
    isMinor,
    today: today(),
    firstOperator: !isMinor && (await accounts.operatorSeatOpen()),
  });

  return async (app) => {
    app.get('/interaction/:uid', async (request: UidRequest, reply) => {
      const details = await load(request, reply);
      if (!details) return expired(reply);
      if (details.prompt.name === 'consent') return autoConsent(request, reply, details);
      if (details.params.screen_hint === 'signup') {
        return sendPage(reply, signUpPage(pages, details.uid, await signUpOptions(isMinorRequest(details))));
      }
      return sendPage(reply, signInPage(pages, details.uid));
    });

    app.post(
      '/interaction/:uid/login',
      { config: { rateLimit: RATE_LIMITS.signIn } },
      async (request: UidRequest, reply) => {
        const details = await load(request, reply);
        if (!details) return expired(reply);
        if (details.prompt.name !== 'login')
          return reply.redirect(`${pages.mountPath}/interaction/${details.uid}`, 303);
        const login = formValue(request.body, 'login').trim();
        const password = formValue(request.body, 'password');
        // Checked before the password is: each check costs a scrypt hash.
        const wait = failuresByAddress.blockedFor(request.ip);
        if (wait > 0) {
          reply.header('retry-after', String(Math.ceil(wait / 1000)));
          return sendPage(reply, signInPage(pages, details.uid, { login }, tooManyAttempts(wait)), 429);
        }
        try {
          const account = await accounts.authenticate(login, password, { ip: request.ip });
          return await finishLogin(request, reply, account.id);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          if (err.status === 401) failuresByAddress.failed(request.ip);
          return sendPage(reply, signInPage(pages, details.uid, { login }, err.detail), err.status);
        }
      },
    );

    app.get('/interaction/:uid/signup', async (request: UidRequest, reply) => {
      const details = await load(request, reply);
      if (!details) return expired(reply);
      return sendPage(reply, signUpPage(pages, details.uid, await signUpOptions(isMinorRequest(details))));
    });

    app.post(
      '/interaction/:uid/signup',
      { config: { rateLimit: signUpLimit(deps.signUpsPerMinute) } },
      async (request: UidRequest, reply) => {
        const details = await load(request, reply);
        if (!details) return expired(reply);
        if (details.prompt.name !== 'login')
          return reply.redirect(`${pages.mountPath}/interaction/${details.uid}`, 303);
        const isMinor = isMinorRequest(details);
        const values = {
          email: formValue(request.body, 'email').trim(),
          username: formValue(request.body, 'username').trim(),
          name: formValue(request.body, 'name').trim(),
          birthday: isMinor ? formValue(request.body, 'birthday').trim() : undefined,
        };
        try {
          const account = await accounts.register({
            ...values,
            password: formValue(request.body, 'password'),
            isMinor,
            signUp: true,
          });
          try {
            await accounts.sendVerificationEmail(account.id);
          } catch (err) {
            deps.logger.warn({ err, userId: account.id }, 'verification mail not sent');
          }
          await accounts.recordLogin(account.id, { ip: request.ip });
          return await finishLogin(request, reply, account.id);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const page = signUpPage(pages, details.uid, await signUpOptions(isMinor), values, err.detail);
          return sendPage(reply, page, err.status);
        }
      },
    );
  };
}
