import { fireEvent, render, screen } from '@testing-library/react';
import { toErrorBody } from '@tinkercloud/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { SignInError } from '../lib/auth/auth-errors.ts';
import { ErrorPage, errorDetails } from './ErrorPage.tsx';

const links = {
  forum: 'https://forum.example/',
  statusPage: 'https://status.example/',
  contact: 'https://example.org/contact',
};

afterEach(() => {
  window.__APP_CONFIG__ = undefined;
});

describe('ErrorPage (spec 2.5 and 8)', () => {
  it('reads the generic texts with the generic illustration and no Log out', () => {
    const { container } = render(<ErrorPage kind="generic" links={{}} />);
    expect(screen.getByRole('heading', { name: "It's just one of those days." })).toBeTruthy();
    expect(screen.getByText("We're sorry, but something went wrong.")).toBeTruthy();
    expect(container.querySelector('svg[data-illustration="generic"]')).not.toBeNull();
    expect(container.querySelector('svg[data-illustration="login"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('shows the name and detail of the error', () => {
    const error = new ApiError(toErrorBody({ detail: 'Unexpected error. Please try again.' }));
    render(<ErrorPage kind="generic" error={error} links={{}} />);
    expect(screen.getByText('Unexpected error')).toBeTruthy();
    expect(screen.getByText('Unexpected error. Please try again.')).toBeTruthy();
  });

  it('reads the login-trouble text with the catalogue message and the login illustration', () => {
    const { container } = render(
      <ErrorPage
        kind="auth"
        error={new SignInError('state_mismatch')}
        onLogout={() => undefined}
        links={{}}
      />,
    );
    expect(screen.getByRole('heading', { name: "We're having trouble logging you in." })).toBeTruthy();
    expect(screen.getByText('state_mismatch')).toBeTruthy();
    expect(screen.getByText('Invalid state')).toBeTruthy();
    expect(screen.queryByText("It's just one of those days.")).toBeNull();
    expect(container.querySelector('svg[data-illustration="login"]')).not.toBeNull();
    expect(container.querySelector('svg[data-illustration="generic"]')).toBeNull();
  });

  it('offers a Log out button for auth errors', () => {
    const onLogout = vi.fn();
    render(<ErrorPage kind="auth" message="Timeout" onLogout={onLogout} links={{}} />);
    expect(screen.getByText('Timeout')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it("offers 'reloading the page', which reloads", () => {
    const onReload = vi.fn();
    render(<ErrorPage kind="generic" links={{}} onReload={onReload} />);
    fireEvent.click(screen.getByRole('button', { name: 'reloading the page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('links to the forum, the status page and contact', () => {
    render(<ErrorPage kind="generic" links={links} />);
    expect(screen.getByRole('link', { name: 'Visit the forum' }).getAttribute('href')).toBe(links.forum);
    expect(screen.getByRole('link', { name: 'Check the status page' }).getAttribute('href')).toBe(
      links.statusPage,
    );
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(links.contact);
  });

  it('hides each link without an address', () => {
    render(<ErrorPage kind="auth" links={{ forum: null, statusPage: links.statusPage }} />);
    expect(screen.queryByRole('link', { name: 'Visit the forum' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact us' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Check the status page' })).toBeTruthy();
  });

  it('shows no links and still renders when the configuration cannot be read', () => {
    render(<ErrorPage kind="generic" />);
    expect(screen.getByRole('heading', { name: "It's just one of those days." })).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  // After the test above: the configuration is read once and then kept.
  it('takes its links from the app configuration by default', () => {
    window.__APP_CONFIG__ = {
      productName: 'Tinkercloud',
      productSlug: 'tinkercloud',
      version: '2.6.13',
      publicUrl: 'http://localhost:3000',
      hosts: {
        api: '',
        customization: '',
        provisioning: '',
        boards: '',
        ota: '',
        storage: '',
        create: '',
        status: '',
      },
      oidc: {
        authority: 'http://localhost:3000/auth',
        clientId: 'web',
        audience: 'http://localhost:3000/api',
        scope: 'openid',
        claimsNamespace: 'http://localhost:3000/claims/',
      },
      embeddedIdp: true,
      devOutboxUrl: null,
      links: {
        store: null,
        account: null,
        statusPage: links.statusPage,
        privacy: null,
        terms: null,
        security: null,
        forum: links.forum,
        contact: null,
      },
    };
    render(<ErrorPage kind="generic" />);
    expect(screen.getByRole('link', { name: 'Visit the forum' }).getAttribute('href')).toBe(links.forum);
    expect(screen.getByRole('link', { name: 'Check the status page' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Contact us' })).toBeNull();
  });
});

describe('errorDetails', () => {
  it('prefers an error body detail over the message', () => {
    expect(errorDetails(new ApiError(toErrorBody({ name: 'Boom', detail: 'Broken' })))).toEqual({
      name: 'Boom',
      detail: 'Broken',
    });
    expect(errorDetails(new TypeError('bad'))).toEqual({ name: 'TypeError', detail: 'bad' });
    expect(errorDetails('text')).toBeNull();
  });
});
