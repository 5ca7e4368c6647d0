import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { avatarInitials, linkVisibility } from '@tinkercloud/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { useServices } from '../app/services.tsx';
import { brandingQueryOptions } from '../features/customization/api/customization.ts';
import { useCurrentUser } from '../features/profile/api/use-current-user.ts';
import { useViewer } from '../features/spaces/hooks.ts';
import { billingUrl, policyLinks } from './outside-links.ts';
import { THEME_CHOICES, THEME_LABELS, useThemeChoice } from './theme.ts';

// Dialogs load on first use: they are not part of the first page.
const PolicyDialog = lazy(() => import('./PolicyDialog.tsx'));
const DevFlagsDialog = lazy(() => import('./DevFlagsDialog.tsx'));
const AccountDialog = lazy(() => import('./AccountDialog.tsx'));
// Operators' Admin entry: loaded (and /users/v1/me/operator asked) only once the menu has been opened.
const AdminMenuItem = lazy(() => import('../features/admin/components/AdminMenuItem.tsx'));

type OpenDialog = 'policy' | 'flags' | 'account' | null;

/** Name and initials; opens a menu with the links of spec 6.3, the policy dialog, the theme and Log out. */
export function UserMenu() {
  const { auth, api, config } = useServices();
  const { user } = useCurrentUser();
  const { viewer, selected, branded } = useViewer();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [opened, setOpened] = useState(false);
  const [theme, chooseTheme] = useThemeChoice();
  const details = useRef<HTMLDetailsElement>(null);
  const branding = useQuery({
    ...brandingQueryOptions(api, config, selected.id),
    enabled: selected.space === 'pro',
  });
  const name = user.name || user.username || user.email;
  const visible = linkVisibility(viewer, {
    brandedMyCloud: branded !== null && selected.space === 'private',
  });
  const billing = billingUrl(config);
  const policies = policyLinks(config, branding.data?.policy_url);
  const statusPage = config.links?.statusPage;

  const open = (which: OpenDialog) => {
    if (details.current) details.current.open = false;
    setDialog(which);
  };

  return (
    <>
      <details ref={details} className="user-menu" onToggle={() => setOpened(true)}>
        <summary className="user-menu-trigger" data-testid="user-menu">
          <span className="avatar" aria-hidden="true">
            {avatarInitials(name)}
          </span>
          <span className="user-name">{name}</span>
        </summary>
        <div className="user-menu-list" role="menu">
          {user.email && <p className="user-menu-email">{user.email}</p>}
          {visible.account && (
            <button type="button" role="menuitem" className="menu-item" onClick={() => open('account')}>
              Account
            </button>
          )}
          {visible.accountSettings && config.links?.account && (
            <a role="menuitem" className="menu-item" href={config.links.account}>
              Account settings
            </a>
          )}
          {visible.billing && billing && (
            <a role="menuitem" className="menu-item" href={billing}>
              Billing and subscriptions
            </a>
          )}
          {visible.apiKeys && (
            <Link role="menuitem" className="menu-item" to="/api-keys/">
              API Keys
            </Link>
          )}
          {opened && (
            <Suspense fallback={null}>
              <AdminMenuItem />
            </Suspense>
          )}
          {statusPage &&
            (visible.statusEnabled ? (
              <a role="menuitem" className="menu-item" href={statusPage}>
                Status page
              </a>
            ) : (
              <button type="button" role="menuitem" className="menu-item" aria-disabled="true" disabled>
                Status page
              </button>
            ))}
          {policies.length > 0 && (
            <button type="button" role="menuitem" className="menu-item" onClick={() => open('policy')}>
              Privacy, Terms &amp; Security
            </button>
          )}
          <button type="button" role="menuitem" className="menu-item" onClick={() => open('flags')}>
            Developer flags
          </button>
          <fieldset className="theme-choice">
            <legend className="theme-choice-label">Theme</legend>
            {THEME_CHOICES.map((choice) => (
              <button
                key={choice}
                type="button"
                role="menuitemradio"
                aria-checked={theme === choice}
                className="theme-option"
                onClick={() => chooseTheme(choice)}
              >
                {THEME_LABELS[choice]}
              </button>
            ))}
          </fieldset>
          <button type="button" role="menuitem" className="menu-item" onClick={() => void auth.logout()}>
            Log out
          </button>
        </div>
      </details>
      <Suspense fallback={null}>
        {dialog === 'policy' && (
          <PolicyDialog links={policies} embedded={viewer.isMinor} onClose={() => setDialog(null)} />
        )}
        {dialog === 'flags' && <DevFlagsDialog onClose={() => setDialog(null)} />}
        {dialog === 'account' && <AccountDialog onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
