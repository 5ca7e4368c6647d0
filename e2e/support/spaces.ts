import { expect, type Page } from '@playwright/test';
import { newAccount } from './accounts.ts';
import { type ApiSession, apiSession } from './api.ts';

interface SpaceRow {
  id: string;
  name: string;
}

/** An account created over HTTP, ready to sign in in the browser. */
export async function member(baseUrl: string, label: string, opts: { minorBirthday?: string } = {}) {
  return apiSession(baseUrl, newAccount(label), { signUp: true, ...opts });
}

export async function createSpace(owner: ApiSession, space: 'edu' | 'pro', name: string): Promise<SpaceRow> {
  const body =
    space === 'edu' ? { name, space, type: 'High School', country: 'US' } : { name, space, country: 'DE' };
  return owner.call<SpaceRow>('POST', '/classroom/v1/organizations', body);
}

/** Adds a member as the product allows it: the admin invites, the invitee accepts (no one joins unasked). */
export async function addMember(admin: ApiSession, spaceId: string, who: ApiSession, role: string) {
  const sent = await admin.call<{ invitations: { id: string }[] }>(
    'POST',
    `/classroom/v1/organizations/${spaceId}/members`,
    { members: [{ login: who.account.username, role }] },
  );
  const id = sent.invitations[0]?.id;
  if (!id) throw new Error('the invitation was not created');
  await who.call('POST', `/classroom/v1/invitations/${id}/accept`);
}

export async function joinCode(admin: ApiSession, spaceId: string) {
  return (await admin.call<{ code: string }>('GET', `/classroom/v1/organizations/${spaceId}/code`)).code;
}

/** Joins by code (the only way in for a minor, who is never invited). */
export async function joinWithCode(who: ApiSession, code: string) {
  await who.call('POST', '/classroom/v1/organizations/self-invitation/members', { code });
}

/** Picks a space in the sidebar's selector (a list up to 3 spaces, the 'Switch space' dialog above). */
export async function selectSpace(page: Page, name: string) {
  // Pages of the header group show the sidebar as a slide-in dialog behind the menu button.
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const selector = page.getByTestId('space-selector');
  // Wait until the page shows one of the two, so the check below does not run before it rendered.
  await expect(menuButton.or(selector).first()).toBeVisible();
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByTestId('space-selector').click();
  const dialog = page.getByRole('dialog', { name: 'Switch space' });
  const scope = (await dialog.isVisible()) ? dialog : page.getByRole('list', { name: 'Spaces' });
  await scope.getByRole('button', { name: new RegExp(`^${name}`) }).click();
}

export async function sidebarLinks(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  // Labels without their badges (the Templates NEW badge, the Triggers paid-plan marker).
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.replace(/\s*(NEW|PAID)$/, '').trim());
}

export async function userMenuItems(page: Page) {
  await page.getByTestId('user-menu').click();
  const items = await page.getByRole('menuitem').allInnerTexts();
  await page.getByTestId('user-menu').click();
  return items.map((t) => t.trim());
}
