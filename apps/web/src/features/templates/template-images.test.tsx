import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomTemplate } from '@tinkercloud/shared/iot';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '@/lib/api.ts';
import { at, renderApp } from '@/test/app-harness.tsx';

const TID = '0b6f6a3e-8a3c-4d1e-9a51-3f1f0f2d7c10';
const IMAGE = '/storage/media/v1/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const OLD = 'https://example.org/old.jpg';

function server() {
  let template: CustomTemplate = {
    template_id: TID,
    name: 'Greenhouse kit',
    description: 'A thing and its board',
    compatible_boards: [],
    image_links: [OLD],
    thing_templates: [],
    dashboard_templates: [],
    trigger_templates: [],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  const sent: { url: string; options: RequestOptions }[] = [];
  const handle = (url: string, options: RequestOptions) => {
    sent.push({ url, options });
    if (url === '/storage/media/v1' && options.method === 'POST')
      return {
        id: IMAGE.split('/').at(-1),
        link: IMAGE,
        content_type: 'image/jpeg',
        size: 3,
        created_at: '2026-01-02T00:00:00.000Z',
      };
    if (url === `/storage/template/v1/${TID}` && options.method === 'PATCH') {
      template = { ...template, ...(options.body as object) };
      return template;
    }
    if (url === `/storage/template/v1/${TID}`) return template;
    if (url === '/storage/template/v1/list') return { templates: [] };
    return undefined;
  };
  return { handle, sent };
}

describe('Template pictures', () => {
  it('uploads a picture, removes another and saves them as the template’s image_links, shown on its page', async () => {
    const s = server();
    const { router } = renderApp(`/templates/${TID}/edit/`, { handle: s.handle });
    const pictures = await screen.findByRole('group', { name: 'Pictures (up to 5)' });
    expect(within(pictures).getByRole('img', { name: 'Greenhouse kit, 1 of 1' }).getAttribute('src')).toBe(
      OLD,
    );
    fireEvent.change(within(pictures).getByLabelText('Upload an image'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'kit.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() => expect(within(pictures).getAllByRole('img')).toHaveLength(2));
    fireEvent.click(within(pictures).getByRole('button', { name: 'Remove picture 1' }));
    expect(within(pictures).getByRole('img', { name: 'Greenhouse kit, 1 of 1' }).getAttribute('src')).toBe(
      IMAGE,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(at(router)).toBe(`/templates/${TID}/`));
    expect(s.sent.find((c) => c.options.method === 'PATCH')?.options.body).toEqual({
      name: 'Greenhouse kit',
      description: 'A thing and its board',
      image_links: [IMAGE],
    });
    const shown = await screen.findByRole('list', { name: 'Pictures' });
    expect(within(shown).getByRole('img', { name: 'Greenhouse kit, 1 of 1' }).getAttribute('src')).toBe(
      IMAGE,
    );
  });
});
