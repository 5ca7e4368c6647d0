import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import { logger } from '@/lib/logger.ts';
import { at, renderApp, testConfig } from '@/test/app-harness.tsx';
import { customizationQueryOptions } from './api/customization.ts';
import { withCompanyClientId } from './company-client.ts';
import {
  AUTH_FAILED_PATH,
  type CompanySignInContext,
  checkCompanySignIn,
  customizationTarget,
  FAILED_TO_LOAD,
  NOT_AVAILABLE,
  NOT_ENABLED,
  TOS_ALREADY_ACCEPTED,
  TOS_NOT_ACCEPTED,
  TOS_PATH,
} from './company-sign-in.ts';

const NS = 'http://localhost:3000/claims/';
const b64 = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (claims: object) => `${b64({ alg: 'RS256' })}.${b64(claims)}.sig`;

// The company's base address is this app's own origin: its redirect targets stay moves inside the app.
const record = (urlEnabled: boolean) => ({
  url_enabled: urlEnabled,
  url: window.location.origin,
  auth0_id: 'c1',
});

function customization(
  answer: 'missing' | 'broken' | ReturnType<typeof record>,
  accepted: string[] = [],
  alreadyAccepted = false,
) {
  return (url: string, options: { method?: string }) => {
    if (url === '/customization/v1/customizable/acme') {
      if (answer === 'missing')
        throw new ApiError({ code: 'nf', name: 'Not found', detail: 'x', id: '', status: 404, url });
      if (answer === 'broken')
        throw new ApiError({ code: 'e', name: 'Error', detail: 'x', id: '', status: 500, url });
      return answer;
    }
    if (url === '/customization/v1/users/TosAcceptance/acme' && options.method === 'POST') {
      accepted.push(url);
      return { accepted: true, already_accepted: alreadyAccepted };
    }
    return undefined;
  };
}

afterEach(() => vi.restoreAllMocks());

describe('company-customised sign-in (spec 4.1)', () => {
  it('does nothing without a company key', async () => {
    const { router } = renderApp('/things/');
    expect(await screen.findByText('No things yet')).toBeTruthy();
    expect(at(router)).toBe('/things/');
  });

  it("sends a disabled customization to /auth-failed with 'Customization is not enabled.'", async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/things/', {
      config: { companyKey: 'acme' },
      handle: customization(record(false)),
    });
    await waitFor(() => expect(at(router)).toBe('/auth-failed/'));
    expect(await screen.findByRole('heading', { name: 'Auth Failed' })).toBeTruthy();
    expect(error).toHaveBeenCalledWith(NOT_ENABLED);
  });

  it('sends users who have not accepted the terms to /tos-acceptance and records acceptance', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const accepted: string[] = [];
    const { router } = renderApp('/things/', {
      config: { companyKey: 'acme' },
      accessToken: token({ [`${NS}tos_accepted`]: false }),
      handle: customization(record(true), accepted),
    });
    await waitFor(() => expect(at(router)).toBe('/tos-acceptance/'));
    expect(warn).toHaveBeenCalledWith(TOS_NOT_ACCEPTED);
    expect(await screen.findByTestId('custom-tos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(at(router)).toBe('/'));
    expect(accepted).toEqual(['/customization/v1/users/TosAcceptance/acme']);
  });

  it('warns when the server already had the acceptance, though the token did not say so yet', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const { router } = renderApp('/tos-acceptance/', {
      config: { companyKey: 'acme' },
      accessToken: token({ [`${NS}tos_accepted`]: false }),
      handle: customization(record(true), [], true),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(at(router)).toBe('/'));
    expect(warn).toHaveBeenCalledWith(TOS_ALREADY_ACCEPTED);
  });

  it('lets users who accepted through, and /tos-acceptance sends them away', async () => {
    const { router } = renderApp('/tos-acceptance/', {
      config: { companyKey: 'acme' },
      accessToken: token({ [`${NS}tos_accepted`]: true }),
      handle: customization(record(true)),
    });
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it("warns 'Custom configuration not available.' and goes on when the company has none", async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const { router } = renderApp('/things/', {
      config: { companyKey: 'acme' },
      handle: customization('missing'),
    });
    expect(await screen.findByText('No things yet')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(NOT_AVAILABLE);
    expect(at(router)).toBe('/things/');
  });

  it("logs 'Failed to load custom configuration.' and shows the error", async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    renderApp('/things/', { config: { companyKey: 'acme' }, handle: customization('broken') });
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    expect(error).toHaveBeenCalledWith(FAILED_TO_LOAD, expect.any(ApiError));
  });

  it('keeps signed-in users off /auth-failed unless their customization is disabled', async () => {
    const { router } = renderApp('/auth-failed/');
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it("logs the spec's words for terms accepted twice", () => {
    expect(TOS_ALREADY_ACCEPTED).toBe('User has already accepted the TOS.');
  });
});

describe("the customization record's url and auth0_id (spec 2.5, 3)", () => {
  // An external identity provider, where the company's client is registered.
  const config = { ...testConfig, companyKey: 'acme', embeddedIdp: false };
  const ask = (answer: unknown, asked: { auth?: boolean | undefined }[] = []) =>
    (async (url: string, options: { auth?: boolean } = {}) => {
      asked.push({ auth: options.auth });
      if (url !== '/customization/v1/customizable/acme') throw new Error(`unexpected ${url}`);
      if (answer instanceof Error) throw answer;
      return answer;
    }) as CompanySignInContext['api'];

  it('builds the two redirect targets on the base address', () => {
    expect(customizationTarget({ url: 'https://acme.example' }, AUTH_FAILED_PATH)).toEqual({
      to: AUTH_FAILED_PATH,
      href: 'https://acme.example/auth-failed/',
    });
    expect(customizationTarget({ url: 'https://acme.example/cloud/' }, TOS_PATH)).toEqual({
      to: TOS_PATH,
      href: 'https://acme.example/cloud/tos-acceptance/',
    });
    // No usable address: the app's own route.
    expect(customizationTarget({ url: '' }, TOS_PATH)).toEqual({ to: TOS_PATH });
    expect(customizationTarget({ url: 'javascript:alert(1)' }, TOS_PATH)).toEqual({ to: TOS_PATH });
  });

  it("redirects a disabled customization to the auth-failed page of the record's address", async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const queryClient = new QueryClient();
    const api = ask({ url_enabled: false, url: 'https://acme.example', auth0_id: 'c1' });
    const context = { api, config, queryClient, auth: {} as CompanySignInContext['auth'] };
    const thrown = await checkCompanySignIn(context, '/things/').catch((e: unknown) => e);
    expect((thrown as { options: { href?: string } }).options.href).toBe('https://acme.example/auth-failed/');
  });

  it("signs in with the record's auth0_id as the client id, read without a token and kept in the cache", async () => {
    const queryClient = new QueryClient();
    const asked: { auth?: boolean | undefined }[] = [];
    const found = { url_enabled: true, url: 'https://acme.example', auth0_id: 'acme-client' };
    const used = await withCompanyClientId(config, ask(found, asked), queryClient);
    expect(used.oidc.clientId).toBe('acme-client');
    expect(used.oidc.authority).toBe(config.oidc.authority);
    expect(asked).toEqual([{ auth: false }]);
    expect(queryClient.getQueryData(customizationQueryOptions(ask(found), config, 'acme').queryKey)).toEqual(
      found,
    );
  });

  it('keeps the configured client without a company key, a record, an id, or when the record cannot be read', async () => {
    const queryClient = new QueryClient();
    const plain = { ...testConfig, companyKey: null };
    expect(await withCompanyClientId(plain, ask(new Error('never asked')), queryClient)).toBe(plain);
    const noId = { url_enabled: true, url: '', auth0_id: '' };
    expect((await withCompanyClientId(config, ask(noId), queryClient)).oidc.clientId).toBe('web');
    const missing = new ApiError({
      code: 'nf',
      name: 'Not found',
      detail: 'x',
      id: '',
      status: 404,
      url: '',
    });
    expect((await withCompanyClientId(config, ask(missing), queryClient)).oidc.clientId).toBe('web');
    expect((await withCompanyClientId(config, ask(new Error('down')), queryClient)).oidc.clientId).toBe(
      'web',
    );
  });
});
