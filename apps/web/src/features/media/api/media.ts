import { queryOptions } from '@tanstack/react-query';
import {
  type AppConfig,
  MEDIA_IMAGE_TYPES,
  MEDIA_MAX_BYTES,
  type MediaImage,
  mediaImageListSchema,
  mediaImageSchema,
  mediaPathPattern,
} from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';

/** What the file picker offers: what the server stores (never SVG, which can carry script). */
export const IMAGE_ACCEPT = MEDIA_IMAGE_TYPES.join(',');

/** The media paths start with `/storage`, answered beside the API as the template storage is. */
const mediaUrl = (config: AppConfig, path: string) => joinUrl(config.hosts.api, path);

/** An address of an image uploaded here (`/storage/media/v1/{id}`, on the API host when it has one). */
export function isUploadedImage(config: AppConfig, address: string): boolean {
  const base = config.hosts.api.replace(/\/+$/, '');
  return address.startsWith(base) && mediaPathPattern.test(address.slice(base.length));
}

/** Refused before sending, with the server's own words: too big, or not a type it stores. */
export function checkImageFile(file: File): string | null {
  if (file.size > MEDIA_MAX_BYTES) return 'The image must be at most 1 MiB.';
  if (file.type && !(MEDIA_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'The image must be a PNG, JPEG, GIF or WebP image (SVG is not accepted).';
  return null;
}

/** `POST /storage/media/v1` (spec 7.5): the file in the multipart field `media`, into the selected space. */
export async function uploadImage(api: ApiRequest, config: AppConfig, space: string, file: File) {
  const form = new FormData();
  form.append('media', file);
  return mediaImageSchema.parse(
    await api(mediaUrl(config, '/storage/media/v1'), { method: 'POST', body: form, organization: space }),
  );
}

/** The address a widget or template stores for an uploaded image. */
export const imageAddress = (config: AppConfig, image: MediaImage) => mediaUrl(config, image.link);

type MediaCtx = { api: ApiRequest; config: AppConfig; space: string };

/** The cache of a space's uploaded images. */
export const mediaKey = (space: string) => ['media', space] as const;

/** `GET /storage/media/v1`: the space's uploaded images, newest first, and how many it may hold. */
export function mediaImagesQueryOptions({ api, config, space }: MediaCtx) {
  return queryOptions({
    queryKey: mediaKey(space),
    queryFn: async () =>
      mediaImageListSchema.parse(await api(mediaUrl(config, '/storage/media/v1'), { organization: space })),
  });
}

/** Uploads an image for a widget or a template; a refusal (type, size, the space's quota) is toasted. */
export function useUploadImage(ctx: MediaCtx) {
  return useApiMutation<MediaImage, File>({
    mutationFn: (file) => uploadImage(ctx.api, ctx.config, ctx.space, file),
    successMessage: 'Image uploaded',
    invalidates: [mediaKey(ctx.space)],
  });
}

/** `DELETE /storage/media/v1/{id}`: frees room in the space; what showed the image shows nothing after. */
export function useDeleteImage(ctx: MediaCtx) {
  return useApiMutation<unknown, string>({
    mutationFn: (id) =>
      ctx.api(mediaUrl(ctx.config, `/storage/media/v1/${encodeURIComponent(id)}`), {
        method: 'DELETE',
        organization: ctx.space,
      }),
    successMessage: 'Image deleted',
    invalidates: [mediaKey(ctx.space)],
  });
}
