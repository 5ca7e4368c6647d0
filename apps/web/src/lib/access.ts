import { SPACE_TYPES, type SpaceType } from '@tinkercloud/shared';

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
  // page is offered in all of them.
  'plan-usage': everywhere(),
  'roles-permissions': { spaces: ORGANISATIONS, minors: false },
  members: { spaces: ORGANISATIONS, minors: false },
  branding: { spaces: ['pro'], minors: false },
  'api-keys': everywhere(),
};

export interface AccessContext {
  spaceType: SpaceType;
  isMinor: boolean;
}

export function canAccess(section: SectionKey, context: AccessContext): boolean {
  const rule = RULES[section];
  return rule.spaces.includes(context.spaceType) && (rule.minors || !context.isMinor);
}
