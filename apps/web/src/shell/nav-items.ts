import type { LinkProps } from '@tanstack/react-router';
import { type AccessContext, canAccess, type SectionKey } from '../lib/access.ts';

export interface NavItem {
  section: SectionKey;
  label: string;
  /** A route path in the router's trailing-slash form. */
  to: NonNullable<LinkProps['to']>;
}

/** The sidebar's link groups in order, separated by dividers (spec 2.4). */
export const NAV_GROUPS: readonly (readonly NavItem[])[] = [
  [{ section: 'home', label: 'Home', to: '/' }],
  [{ section: 'sketches', label: 'Sketches', to: '/sketches/' }],
  [
    { section: 'devices', label: 'Devices', to: '/devices/' },
    { section: 'things', label: 'Things', to: '/things/' },
    { section: 'dashboards', label: 'Dashboards', to: '/dashboards/' },
    { section: 'triggers', label: 'Triggers', to: '/triggers/' },
  ],
  [{ section: 'templates', label: 'Templates', to: '/templates/' }],
  [
    { section: 'resources', label: 'Resources', to: '/resources/' },
    { section: 'courses', label: 'Courses', to: '/courses/' },
  ],
  [{ section: 'integrations', label: 'Integrations', to: '/integrations/' }],
  [
    { section: 'settings', label: 'Space Settings', to: '/settings/' },
    { section: 'plan-usage', label: 'Plan Usage', to: '/plan-usage/' },
  ],
];

/** The groups this user may see; a group left empty disappears with its divider. */
export function visibleNavGroups(context: AccessContext): NavItem[][] {
  return NAV_GROUPS.map((group) => group.filter((item) => canAccess(item.section, context))).filter(
    (group) => group.length > 0,
  );
}

export interface SubMenu {
  name: string;
  items: readonly NavItem[];
}

/**
 * Named sub-menus: while the current page belongs to one, the sidebar lists its pages under a single
 * 'Back to Home' header (spec 2.4). The space's own pages form "Space Settings".
 */
export const SUB_MENUS: readonly SubMenu[] = [
  {
    name: 'Space Settings',
    items: [
      { section: 'settings', label: 'General', to: '/settings/' },
      { section: 'members', label: 'Members', to: '/members/' },
      { section: 'roles-permissions', label: 'Roles & Permissions', to: '/roles-permissions/' },
      { section: 'branding', label: 'Branding', to: '/branding/' },
      { section: 'plan-usage', label: 'Plan Usage', to: '/plan-usage/' },
    ],
  },
];

const samePath = (pathname: string, to: string) => pathname.replace(/\/?$/, '/') === to;

/**
 * The sub-menu the current path belongs to, with the pages this user may open; none when fewer than two
 * remain (Plan Usage alone in My Cloud is an ordinary page, not a sub-menu).
 */
export function activeSubMenu(pathname: string, context: AccessContext): SubMenu | null {
  for (const menu of SUB_MENUS) {
    const items = menu.items.filter((item) => canAccess(item.section, context));
    if (items.length >= 2 && items.some((item) => samePath(pathname, item.to))) return { ...menu, items };
  }
  return null;
}
