import type { Page } from '@playwright/test';
import { expectSignedIn, signInOnProviderPage } from '../support/accounts.ts';
import type { ApiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import {
  addMember,
  createSpace,
  joinCode,
  joinWithCode,
  member,
  selectSpace,
  sidebarLinks,
  userMenuItems,
} from '../support/spaces.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'serial' });

// Sidebars of spec 2.4 per space kind, from the full list and its rules: Space Settings not in My Cloud,
// Courses not in pro spaces; roles do not change the sidebar (but Plan Usage needs plan.read, see below).
const ALL_LINKS = [
  'Home',
  'Sketches',
  'Devices',
  'Things',
  'Dashboards',
  'Triggers',
  'Templates',
  'Resources',
  'Courses',
  'Integrations',
  'Space Settings',
  'Plan Usage',
];
const without = (...hidden: string[]) => ALL_LINKS.filter((link) => !hidden.includes(link));
const MY_CLOUD = without('Space Settings');
const EDU = without();
const PRO = without('Courses');
const MINOR = ['Home', 'Sketches', 'Courses'];
// Students may not read the plan recap: no Plan Usage.
const EDU_STUDENT = without('Plan Usage');

let people: Record<'eduAdmin' | 'teacher' | 'student' | 'proAdmin' | 'editor' | 'kid' | 'loner', ApiSession>;
const school = { id: '', name: 'Springfield High' };
const team = { id: '', name: 'Acme Labs' };

test.beforeAll(async () => {
  const [eduAdmin, teacher, student, proAdmin, editor, loner] = await Promise.all(
    ['eduadmin', 'teacher', 'student', 'proadmin', 'editor', 'loner'].map((l) => member(BASE_URL, l)),
  );
  const kid = await member(BASE_URL, 'kid', { minorBirthday: `${new Date().getFullYear() - 11}-02-02` });
  people = { eduAdmin, teacher, student, proAdmin, editor, kid, loner } as typeof people;
  school.id = (await createSpace(people.eduAdmin, 'edu', school.name)).id;
  team.id = (await createSpace(people.proAdmin, 'pro', team.name)).id;
  await addMember(people.eduAdmin, school.id, people.teacher, 'role:edu-teacher');
  await addMember(people.eduAdmin, school.id, people.student, 'role:edu-student');
  // Minors are never invited: they join by the school's code.
  await joinWithCode(people.kid, await joinCode(people.eduAdmin, school.id));
  await addMember(people.proAdmin, team.id, people.editor, 'role:pro-editor');
});

async function signIn(page: Page, who: ApiSession) {
  await page.goto('/');
  await signInOnProviderPage(page, who.account);
  await expectSignedIn(page, who.account);
}

test('an adult with only My Cloud: no space selector, the My Cloud sidebar and every account link', async ({
  page,
}) => {
  await signIn(page, people.loner);
  await expect(page.getByTestId('space-selector')).toHaveCount(0);
  expect(await sidebarLinks(page)).toEqual(MY_CLOUD);
  expect(await userMenuItems(page)).toEqual(
    expect.arrayContaining([
      'Account',
      'Account settings',
      'Billing and subscriptions',
      'API Keys',
      'Status page',
    ]),
  );
  await expect(page.getByTestId('free-plan-banner')).toContainText('SEE PLANS');
  // An adult in My Cloud without Maker Plus is offered the maker plan (spec 6.4).
  await expect(page.getByTestId('upgrade-link')).toHaveAttribute(
    'href',
    'https://store.example.org/subscriptions/plans?plan=create-maker-plus',
  );
  // No plan beyond the entry plan: Triggers carries the paid-plan marker.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByTestId('paid-marker')).toHaveCount(1);
});

for (const [who, space, expected] of [
  ['eduAdmin', school, EDU],
  ['teacher', school, EDU],
  ['student', school, EDU_STUDENT],
  ['proAdmin', team, PRO],
  ['editor', team, PRO],
] as const) {
  test(`${who} sees the ${space.name} sidebar of spec 2.4`, async ({ page }) => {
    await signIn(page, people[who]);
    expect(await sidebarLinks(page)).toEqual(MY_CLOUD);
    await selectSpace(page, space.name);
    expect(await sidebarLinks(page)).toEqual(expected);
    // The upgrade link of spec 6.4: team admin without a plan → Team, school admin → School, others none.
    const upgrade = page.getByTestId('upgrade-link');
    const plan = { proAdmin: 'cloud-enterprise', eduAdmin: 'cloud-classroom' }[who as string];
    if (plan)
      await expect(upgrade).toHaveAttribute(
        'href',
        `https://store.example.org/subscriptions/plans?plan=${plan}`,
      );
    else await expect(upgrade).toHaveCount(0);
    const menu = await userMenuItems(page);
    if (who === 'editor') {
      // A pro editor does not get Account settings or Billing (spec 6.3).
      expect(menu).not.toContain('Account settings');
      expect(menu).not.toContain('Billing and subscriptions');
      expect(menu).toContain('Account');
    } else {
      expect(menu).toEqual(expect.arrayContaining(['Account settings', 'Billing and subscriptions']));
    }
  });
}

test('a minor sees three links, no account links, a disabled status link, and only edu spaces', async ({
  page,
}) => {
  await signIn(page, people.kid);
  expect(await sidebarLinks(page)).toEqual(MINOR);
  // In a shared space already: no invitation to join one, and no upgrade link for minors.
  await expect(page.getByTestId('minor-banner')).toHaveCount(0);
  await expect(page.getByTestId('upgrade-link')).toHaveCount(0);
  await selectSpace(page, school.name);
  expect(await sidebarLinks(page)).toEqual(MINOR);
  const menu = await userMenuItems(page);
  for (const hidden of ['Account', 'Account settings', 'Billing and subscriptions', 'API Keys'])
    expect(menu).not.toContain(hidden);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Status page' })).toBeDisabled();
});

test('guards: My Cloud blocks space pages, a pro space blocks Courses, branding is pro only', async ({
  page,
}) => {
  await signIn(page, people.proAdmin);
  for (const path of ['/settings/', '/members/', '/roles-permissions/', '/branding/']) {
    await page.goto(path);
    await expect(page, `${path} in My Cloud`).toHaveURL(/\/$/);
  }
  await selectSpace(page, team.name);
  await page.goto('/branding/');
  await expect(page).toHaveURL(/\/branding\/$/);
  await page.goto('/courses/');
  await expect(page).toHaveURL(/\/$/);

  // The selection survives a reload through the shared cookie.
  await page.reload();
  await expect(page.getByTestId('space-selector')).toContainText(team.name);
});

test('guards: an edu space has no branding', async ({ page }) => {
  await signIn(page, people.eduAdmin);
  await selectSpace(page, school.name);
  await page.goto('/branding/');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/members/');
  await expect(page).toHaveURL(/\/members\/$/);
  await expect(page.getByRole('cell', { name: people.teacher.account.username, exact: true })).toBeVisible();
});

test('changing the space sends device and template pages to their lists', async ({ page, consoleErrors }) => {
  // The device id is made up on purpose: the browser reports its 404.
  consoleErrors.allow(/status of 404 .*\/iot\/v2\/devices\/00000000-/);
  await signIn(page, people.eduAdmin);
  await page.goto('/devices/00000000-0000-4000-8000-000000000000/');
  await expect(page).toHaveTitle(/^Not Found/);
  await selectSpace(page, school.name);
  await expect(page).toHaveURL(/\/devices\/$/);
  await page.goto('/templates/new/');
  await expect(page).toHaveTitle(/^New template/);
  await selectSpace(page, 'My Cloud');
  await expect(page).toHaveURL(/\/templates\/\?tab=custom$/);
});
