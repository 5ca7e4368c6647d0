import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { imageAddress, mediaImagesQueryOptions, useDeleteImage } from '../api/media.ts';

/**
 * The space's uploaded images, read when opened: "Use" one for this widget, or delete one to make room (the
 * space holds a bounded number). Deleting asks first, in place.
 */
export function UploadedImages({ onPick }: { onPick: (address: string) => void }) {
  const ctx = useIotContext();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const images = useQuery({ ...mediaImagesQueryOptions(ctx), enabled: open });
  const remove = useDeleteImage(ctx);
  const data = images.data;

  return (
    <details className="uploaded-images" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Uploaded images{data ? ` (${data.media.length} of ${data.limit})` : ''}</summary>
      {images.isPending && open && <p className="muted">Loading…</p>}
      {images.isError && <p className="field-error">The images could not be loaded.</p>}
      {data && data.media.length === 0 && <p className="muted">No image uploaded to this space yet.</p>}
      <ul className="uploaded-images-list">
        {data?.media.map((image, i) => {
          const address = imageAddress(ctx.config, image);
          const label = `Uploaded ${i + 1}`;
          return (
            <li key={image.id}>
              <img src={address} alt={label} loading="lazy" />
              {asking === image.id ? (
                <fieldset className="uploaded-images-confirm">
                  <legend>{`Delete ${label}?`}</legend>
                  <span className="muted">What shows it will show nothing.</span>
                  <Button
                    variant="danger"
                    className="button-small"
                    onClick={() => remove.mutateAsync(image.id).then(() => setAsking(null))}
                  >
                    Delete
                  </Button>
                  <Button variant="subtle" className="button-small" onClick={() => setAsking(null)}>
                    Cancel
                  </Button>
                </fieldset>
              ) : (
                <span className="uploaded-images-actions">
                  <Button variant="subtle" className="button-small" onClick={() => onPick(address)}>
                    Use {label}
                  </Button>
                  <Button variant="subtle" className="button-small" onClick={() => setAsking(image.id)}>
                    Delete {label}
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
