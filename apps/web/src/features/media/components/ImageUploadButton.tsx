import { useId, useRef } from 'react';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { toast } from '@/lib/toast.tsx';
import { checkImageFile, IMAGE_ACCEPT, imageAddress, useUploadImage } from '../api/media.ts';

/**
 * "Upload an image" beside an image address: the picked file is stored in the selected space and its address
 * handed to `onUploaded`. A file the server would refuse (too big, not PNG/JPEG/GIF/WebP) is refused here first.
 */
export function ImageUploadButton({ onUploaded }: { onUploaded: (address: string) => void }) {
  const ctx = useIotContext();
  const upload = useUploadImage(ctx);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const refused = checkImageFile(file);
      if (refused) {
        toast.error(refused);
        return;
      }
      const image = await upload.mutateAsync(file);
      onUploaded(imageAddress(ctx.config, image));
    } catch {
      // Toasted by the mutation.
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="image-upload">
      <label
        className="button button-subtle button-small"
        htmlFor={id}
        aria-disabled={upload.isPending || undefined}
      >
        {upload.isPending ? 'Uploading…' : 'Upload an image'}
      </label>
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={upload.isPending}
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <span className="muted">PNG, JPEG, GIF or WebP, at most 1 MiB.</span>
    </div>
  );
}
