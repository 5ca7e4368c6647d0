import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { useAuthState, useServices } from '../app/services.tsx';
import { SystemStatus } from '../features/status/components/SystemStatus.tsx';
import { readFlag, setFlag, TEMPLATES_BADGE_SEEN_KEY } from '../lib/local-flags.ts';
import { getSelectedSpaceType } from '../lib/space.ts';
import { type NavItem, visibleNavGroups } from './nav-items.ts';
import { UserMenu } from './UserMenu.tsx';

/** Navigation, user menu and system status; used as a column and inside the header's slide-in dialog. */
export function Sidebar({ onClose }: { onClose?: () => void }) {
  const { config } = useServices();
  const { user } = useAuthState();
  const [templatesSeen, setTemplatesSeen] = useState(() => readFlag(TEMPLATES_BADGE_SEEN_KEY));
  const groups = visibleNavGroups({ spaceType: getSelectedSpaceType(), isMinor: user.is_minor });

  const markTemplatesSeen = () => {
    setFlag(TEMPLATES_BADGE_SEEN_KEY);
    setTemplatesSeen(true);
  };

  return (
    <div className="sidebar">
      <div className="sidebar-header">
        <span className="logo-mark" aria-hidden="true" />
        <span className="brand">{config.productName}</span>
        {onClose && (
          <button
            type="button"
            className="icon-button sidebar-close"
            aria-label="Close menu"
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        )}
      </div>
      <nav className="sidebar-nav" aria-label="Main">
        {groups.map((group, index) => (
          <Fragment key={group[0]?.section}>
            {index > 0 && <hr className="sidebar-divider" />}
            <ul>
              {group.map((item) => (
                <li key={item.section}>
                  <SidebarLink
                    item={item}
                    badge={item.section === 'templates' && !templatesSeen}
                    onClick={item.section === 'templates' ? markTemplatesSeen : undefined}
                  />
                </li>
              ))}
            </ul>
          </Fragment>
        ))}
      </nav>
      <div className="sidebar-footer">
        <UserMenu />
        <SystemStatus />
      </div>
    </div>
  );
}

function SidebarLink({
  item,
  badge,
  onClick,
}: {
  item: NavItem;
  badge: boolean;
  onClick?: (() => void) | undefined;
}) {
  return (
    <Link
      to={item.to}
      className="sidebar-link"
      activeOptions={{ exact: item.to === '/', includeSearch: false }}
      onClick={onClick}
    >
      {item.label}
      {badge && <span className="badge">NEW</span>}
    </Link>
  );
}
