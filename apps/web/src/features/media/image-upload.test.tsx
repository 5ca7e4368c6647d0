import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toErrorBody } from '@tinkercloud/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type RequestOptions } from '@/lib/api.ts';
import { renderApp } from '@/test/app-harness.tsx';
import { fakeIot } from '../iot/testing/fake-iot.ts';

const IMAGE_ID = '0b7c6b5e-2d3f-4c1a-9e8f-123456789abc';

function board() {
  return fakeIot({
    things: [{ id: 't1', name: 'Demo thing' }],
    properties: [],
    dashboards: [{ id: 'b1', name: 'Greenhouse', updated_at: new Date().toISOString(), widgets: [] }],
  });
}

const png = (bytes = 16) => new File([new Uint8Array(bytes)], 'plan.png', { type: 'image/png' });

async function openImageDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Add Image' }));
  return screen.findByRole('dialog', { name: 'Configure Image' });
}

describe('Image widget upload', () => {
  it('uploads a picture into the space (field "media") and saves the widget with its address', async () => {
    vi.stubGlobal('crypto', { ...crypto, randomUUID: () => '00000000-0000-4000-8000-000000000002' });
    const iot = board();
    const uploads: RequestOptions[] = [];
    const handle = (url: string, options: RequestOptions) => {
      if (url === '/storage/media/v1' && options.method === 'POST') {
        uploads.push(options);
        return {
          id: IMAGE_ID,
          link: `/storage/media/v1/${IMAGE_ID}`,
          content_type: 'image/png',
          size: 16,
          created_at: new Date().toISOString(),
        };
      }
      return iot.handle(url, options);
    };
    renderApp('/dashboards/b1/', { handle });
    const dialog = await openImageDialog();
    fireEvent.change(within(dialog).getByLabelText('Upload an image'), { target: { files: [png()] } });
    const address = within(dialog).getByLabelText('Image address') as HTMLInputElement;
    await waitFor(() => expect(address.value).toBe(`/storage/media/v1/${IMAGE_ID}`));
    expect(await screen.findByText('Image uploaded')).toBeTruthy();
    expect(uploads).toHaveLength(1);
    expect((uploads[0] as RequestOptions).body instanceof FormData).toBe(true);
    expect(((uploads[0] as RequestOptions).body as FormData).get('media')).toBeInstanceOf(File);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit' });
    const save = iot.calls.find(
      (c) => c.method === 'PUT' && c.url === '/iot/v2/dashboards/b1',
    ) as unknown as {
      body: { widgets: { type: string; options: { url: string } }[] };
    };
    expect(save.body.widgets[0]).toMatchObject({
      type: 'image',
      options: { url: `/storage/media/v1/${IMAGE_ID}` },
    });
    // The saved widget shows the uploaded picture.
    const img = (await screen.findByRole('img', { name: 'Image' })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`/storage/media/v1/${IMAGE_ID}`);
  });

  it('refuses a file over 1 MiB or an SVG before sending, and says why the server refused one', async () => {
    const iot = board();
    const calls: string[] = [];
    const handle = (url: string, options: RequestOptions) => {
      if (url === '/storage/media/v1') {
        calls.push(url);
        throw new ApiError(
          toErrorBody({
            code: 'precondition_failed',
            detail: 'This space already holds 50 images: delete one to upload another.',
            status: 412,
          }),
        );
      }
      return iot.handle(url, options);
    };
    renderApp('/dashboards/b1/', { handle });
    const dialog = await openImageDialog();
    const picker = within(dialog).getByLabelText('Upload an image');
    fireEvent.change(picker, { target: { files: [png(1024 * 1024 + 1)] } });
    expect(await screen.findByText('The image must be at most 1 MiB.')).toBeTruthy();
    fireEvent.change(picker, {
      target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] },
    });
    expect(
      await screen.findByText('The image must be a PNG, JPEG, GIF or WebP image (SVG is not accepted).'),
    ).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(picker, { target: { files: [png()] } });
    expect(
      await screen.findByText(
        'Network Error: This space already holds 50 images: delete one to upload another.',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Image address') as HTMLInputElement).value).toBe('');
  });

  it("lists the space's uploads: one is used for the widget, one deleted after asking", async () => {
    const iot = board();
    const other = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    let media = [IMAGE_ID, other].map((id) => ({
      id,
      link: `/storage/media/v1/${id}`,
      content_type: 'image/png',
      size: 16,
      created_at: new Date().toISOString(),
    }));
    const deleted: string[] = [];
    const handle = (url: string, options: RequestOptions) => {
      if (url === '/storage/media/v1' && (options.method ?? 'GET') === 'GET') return { media, limit: 50 };
      if (url.startsWith('/storage/media/v1/') && options.method === 'DELETE') {
        const id = url.split('/').at(-1) as string;
        deleted.push(id);
        media = media.filter((m) => m.id !== id);
        return null;
      }
      return iot.handle(url, options);
    };
    renderApp('/dashboards/b1/', { handle });
    const dialog = await openImageDialog();
    fireEvent.click(within(dialog).getByText('Uploaded images'));
    const details = within(dialog).getByText('Uploaded images').closest('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await within(dialog).findByText('Uploaded images (2 of 50)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use Uploaded 2' }));
    expect((within(dialog).getByLabelText('Image address') as HTMLInputElement).value).toBe(
      `/storage/media/v1/${other}`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Uploaded 1' }));
    const ask = within(dialog).getByRole('group', { name: 'Delete Uploaded 1?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Uploaded 1' }));
    fireEvent.click(
      within(within(dialog).getByRole('group', { name: 'Delete Uploaded 1?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await within(dialog).findByText('Uploaded images (1 of 50)')).toBeTruthy();
    expect(deleted).toEqual([IMAGE_ID]);
    // The dialog is still open: deleting an image does not close or submit it.
    expect(screen.getByRole('dialog', { name: 'Configure Image' })).toBeTruthy();
  });
});
