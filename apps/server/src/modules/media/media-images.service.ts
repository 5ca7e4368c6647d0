import {
  MEDIA_IMAGES_PER_SPACE,
  MEDIA_MAX_BYTES,
  type MediaImage,
  type MediaImageList,
} from '@tinkercloud/shared';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { SpaceRequest, SpaceResolver } from '../spaces/space-access.ts';
import { mediaUrl } from '../spaces/space-view.ts';
import { sniffImageType } from './image-type.ts';
import { createMediaRepository, type MediaOwner } from './media.repository.ts';

export const IMAGE_TOO_LARGE = `The image must be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MiB.`;
const NOT_AN_IMAGE = 'The image must be a PNG, JPEG, GIF or WebP image (SVG is not accepted).';
const FULL = `This space already holds ${MEDIA_IMAGES_PER_SPACE} images: delete one to upload another.`;

type ImageRow = { id: string; contentType: string; size: number; createdAt: Date };
const toImage = (row: ImageRow): MediaImage => ({
  id: row.id,
  link: mediaUrl(row.id) as string,
  content_type: row.contentType as MediaImage['content_type'],
  size: row.size,
  created_at: row.createdAt.toISOString(),
});

/**
 * Images for widgets and templates (`/storage/media/v1`, spec 7.5): uploaded into the space the request names
 * (My Cloud without one), at most MEDIA_IMAGES_PER_SPACE of them, each at most MEDIA_MAX_BYTES, typed by their
 * bytes. They are served by the public media route, as logos are; only their space lists and deletes them.
 */
export function createMediaImagesService(deps: { db: Database; resolve: SpaceResolver }) {
  const repo = createMediaRepository(deps.db);
  const ownerOf = async (ref: SpaceRequest, action: 'iot.read' | 'iot.write' | 'iot.delete') => {
    const space = await deps.resolve(ref, action);
    return { organizationId: space.organizationId, ownerUserId: space.ownerUserId } satisfies MediaOwner;
  };

  return {
    /** The caller's right and the quota are checked before the upload is read; the bytes decide the type. */
    async upload(ref: SpaceRequest, read: () => Promise<Buffer>): Promise<MediaImage> {
      const owner = await ownerOf(ref, 'iot.write');
      if ((await repo.countImages(owner)) >= MEDIA_IMAGES_PER_SPACE)
        throw new AppError('precondition_failed', FULL);
      const bytes = await read();
      if (bytes.length > MEDIA_MAX_BYTES) throw new AppError('payload_too_large', IMAGE_TOO_LARGE);
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new AppError('unsupported_media_type', NOT_AN_IMAGE);
      // Counted again under a lock as it is stored: the check above only spares reading a full space's upload.
      const row = await repo.insertImageWithin(owner, MEDIA_IMAGES_PER_SPACE, { contentType, bytes });
      if (!row) throw new AppError('precondition_failed', FULL);
      return toImage(row);
    },

    async list(ref: SpaceRequest): Promise<MediaImageList> {
      const owner = await ownerOf(ref, 'iot.read');
      return { media: (await repo.listImages(owner)).map(toImage), limit: MEDIA_IMAGES_PER_SPACE };
    },

    /** Another space's image, a logo or an unknown id: 404 alike. */
    async remove(ref: SpaceRequest, id: string): Promise<void> {
      const owner = await ownerOf(ref, 'iot.delete');
      if (!(await repo.deleteImage(owner, id))) throw notFound('Image');
    },
  };
}
export type MediaImagesService = ReturnType<typeof createMediaImagesService>;
