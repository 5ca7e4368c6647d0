import { z } from 'zod';

/** What `POST /storage/media/v1` stores (field `media`): the image types a browser shows, never SVG. */
export const MEDIA_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** The largest image, bytes. */
export const MEDIA_MAX_BYTES = 1024 * 1024;
/** Images a space (or My Cloud) may hold; deleting one makes room. */
export const MEDIA_IMAGES_PER_SPACE = 50;

/** An uploaded image: `link` is where it is served (publicly, by an id nobody can guess). */
export const mediaImageSchema = z.object({
  id: z.uuid(),
  link: z.string(),
  content_type: z.enum(MEDIA_IMAGE_TYPES),
  size: z.number().int(),
  created_at: z.string(),
});
export type MediaImage = z.infer<typeof mediaImageSchema>;

/** `GET /storage/media/v1`: the space's images, newest first, and how many it may hold. */
export const mediaImageListSchema = z.object({
  media: z.array(mediaImageSchema),
  limit: z.number().int(),
});
export type MediaImageList = z.infer<typeof mediaImageListSchema>;

/** The path an image is served from (space logos use the same). */
export const mediaPathPattern =
  /^\/storage\/media\/v1\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
