import { rolesAllow, SPACE_TYPES, type SpaceAction, type SpaceType } from '@tinkercloud/shared';

/**
 * Who may open which section (spec 2.4 and 6.2). The sidebar shows a link and the route lets the user in
 * by the same rule, so a hidden link never leads to an open page and a visible one never bounces.
 */
export type SectionKey =
  | 'home'
  | 'sketches'
  | 'devices'
  | 'things'
  | 'dashboards'
  | 'triggers'
  | 'templates'
  | 'resources'
  | 'courses'
  | 'integrations'
  | 'settings'
  | 'plan-usage'
  | 'roles-permissions'
  | 'members'
  | 'branding'
  | 'api-keys';

interface AccessRule {
  spaces: readonly SpaceType[];
  /** Minors see only Home, Sketches and Courses. */
  minors: boolean;
  /** In an organisation, a role of the member must allow this (our role table, shared with the server). */
  action?: SpaceAction;
}

const ORGANISATIONS: readonly SpaceType[] = ['edu', 'pro'];
const everywhere = (minors = false): AccessRule => ({ spaces: SPACE_TYPES, minors });

const RULES: Record<SectionKey, AccessRule> = {
  home: everywhere(true),
  sketches: everywhere(true),
  devices: everywhere(),
  things: everywhere(),
  dashboards: everywhere(),
  triggers: everywhere(),
  templates: everywhere(),
  resources: everywhere(),
  courses: { spaces: ['private', 'edu'], minors: true },
  integrations: everywhere(),
  settings: { spaces: ORGANISATIONS, minors: false },
  // The spec has two readings (private only / every space); usage and limits exist in every space, so the
  // page is offered in all of them, to the roles that may read the recap (plan.read: not students).
  'plan-usage': { ...everywhere(), action: 'plan.read' },
  'roles-permissions': { spaces: ORGANISATIONS, minors: false },
  // Members are listed only to roles that may read them (students may not): the page would only fail.
  members: { spaces: ORGANISATIONS, minors: false, action: 'members.read' },
  branding: { spaces: ['pro'], minors: false },
  'api-keys': everywhere(),
};

export interface AccessContext {
  spaceType: SpaceType;
  isMinor: boolean;
  /** The member's roles in the selected space; empty in My Cloud. */
  roles: readonly string[];
  /** A branded deployment with My Cloud selected offers only Home (spec 2.4). */
  brandedMyCloud?: boolean;
}

export function canAccess(section: SectionKey, context: AccessContext): boolean {
  const rule = RULES[section];
  if (context.brandedMyCloud && section !== 'home') return false;
  if (!rule.spaces.includes(context.spaceType) || (!rule.minors && context.isMinor)) return false;
  if (rule.action && context.spaceType !== 'private') return rolesAllow(context.roles, rule.action);
  return true;
}
