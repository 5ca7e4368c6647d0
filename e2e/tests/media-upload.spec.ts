import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expect, test } from '../support/test.ts';

/** A real 2×2 PNG, so the browser draws it (its natural width proves the bytes came back as an image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFUlEQVR4nGP4z8DA0ADEDP////8PABt3BXztmYTVAAAAAElFTkSuQmCC',
  'base64',
);

test('an image widget shows a picture uploaded from its dialog; an SVG is refused with the reason', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const owner = await signUp(page);
  await page.goto('/dashboards/');
  await page.getByRole('button', { name: 'Create dashboard' }).click();
  const create = page.getByRole('dialog', { name: 'Create dashboard' });
  await create.getByLabel('Dashboard name').fill('Floor plan');
  await create.getByRole('button', { name: 'Create dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Floor plan', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Add Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Image' });
  const picker = dialog.getByLabel('Upload an image');
  await picker.setInputFiles({ name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(
    page.getByText('The image must be a PNG, JPEG, GIF or WebP image (SVG is not accepted).'),
  ).toBeVisible();
  await picker.setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByLabel('Image address')).toHaveValue(/^\/storage\/media\/v1\/[0-9a-f-]{36}$/);
  // The space's uploads are listed in the dialog, to use again or delete.
  await dialog.getByText('Uploaded images').click();
  await expect(dialog.getByText('Uploaded images (1 of 50)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Use Uploaded 1' })).toBeVisible();
  await checkA11y('image widget dialog');
  await dialog.getByLabel('Widget name').fill('Plan');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  const img = page.getByRole('img', { name: 'Plan' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(2);
  // The space lists it among its uploads.
  const session = await apiSession(BASE_URL, owner);
  const { media } = await session.call<{ media: { link: string }[] }>('GET', '/storage/media/v1');
  expect(media.map((m) => m.link)).toEqual([await img.getAttribute('src')]);
});
