import { Link, useLocation } from '@tanstack/react-router';
import { hasPaidPlanBeyondEntry } from '@tinkercloud/shared';
import { Fragment, useState } from 'react';
import { NotificationBell } from '../features/notifications/components/NotificationBell.tsx';
import { useViewer } from '../features/spaces/hooks.ts';
import { SystemStatus } from '../features/status/components/SystemStatus.tsx';
import { readFlag, setFlag, TEMPLATES_BADGE_SEEN_KEY } from '../lib/local-flags.ts';
import { activeSubMenu, type NavItem, visibleNavGroups } from './nav-items.ts';
import { SpaceBrand } from './SpaceBrand.tsx';
import { SpaceSelector } from './SpaceSelector.tsx';
import { UpgradeLink } from './UpgradeLink.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Navigation, user menu and system status; used as a column and inside the header's slide-in dialog. */
export function Sidebar({ onClose }: { onClose?: () => void }) {
  const { access, spaces, viewer, plansKnown } = useViewer();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [templatesSeen, setTemplatesSeen] = useState(() => readFlag(TEMPLATES_BADGE_SEEN_KEY));
  const subMenu = activeSubMenu(pathname, access);
  const groups = subMenu ? [subMenu.items.slice()] : visibleNavGroups(access);
  // Triggers need a paid plan other than the entry plan (spec 2.4, 9); shown once the plans are known.
  const triggersMarker = plansKnown && !hasPaidPlanBeyondEntry(viewer.plans);

  const markTemplatesSeen = () => {
    setFlag(TEMPLATES_BADGE_SEEN_KEY);
    setTemplatesSeen(true);
  };

  return (
    <div className="sidebar">
      <div className="sidebar-header">
        {subMenu ? (
          <Link to="/" className="back-home">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 6l-6 6 6 6" />
            </svg>
            Back to Home
          </Link>
        ) : spaces.length > 1 ? (
          <SpaceSelector />
        ) : (
          <SpaceBrand />
        )}
        {/* In the header's slide-in menu the header bar already shows the bell. */}
        {!onClose && <NotificationBell />}
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
        {subMenu && <p className="sidebar-subtitle">{subMenu.name}</p>}
        {groups.map((group, index) => (
          <Fragment key={group[0]?.section}>
            {index > 0 && <hr className="sidebar-divider" />}
            <ul>
              {group.map((item) => (
                <li key={item.section}>
                  <SidebarLink
                    item={item}
                    badge={!subMenu && item.section === 'templates' && !templatesSeen}
                    paid={!subMenu && item.section === 'triggers' && triggersMarker}
                    onClick={item.section === 'templates' ? markTemplatesSeen : undefined}
                  />
                </li>
              ))}
            </ul>
          </Fragment>
        ))}
      </nav>
      <div className="sidebar-footer">
        <UpgradeLink />
        <UserMenu />
        <SystemStatus />
      </div>
    </div>
  );
}

function SidebarLink({
  item,
  badge,
  paid,
  onClick,
}: {
  item: NavItem;
  badge: boolean;
  paid: boolean;
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
      {paid && (
        <span className="paid-marker" title="Needs a paid plan" data-testid="paid-marker">
          PAID
        </span>
      )}
    </Link>
  );
}
