import type { Space } from '@tinkercloud/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { catalogueFor } from '../plans/plan-rules.ts';
import { createSpaceAccess } from '../spaces/space-access.ts';
import { toSpace } from '../spaces/space-view.ts';
import { createSpacesRepository } from '../spaces/spaces.repository.ts';
import { inTransaction } from '../spaces/transaction.ts';
import { sniffImageType } from './image-type.ts';
import { createMediaRepository, type MediaKind } from './media.repository.ts';

export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TOO_LARGE = 'The logo must be at most 1 MiB.';
const NOT_AN_IMAGE = 'The logo must be a PNG, JPEG, GIF or WebP image.';

/** Space logos (the icon and the horizontal "second" logo), stored in the database and served publicly. */
export function createMediaService(deps: {
  db: Database;
  config: Pick<Config, 'productSlug' | 'productName'>;
}) {
  const spaces = createSpacesRepository(deps.db);
  const access = createSpaceAccess(deps.db, spaces);
  const catalogue = catalogueFor(deps.config);
  const column = (kind: MediaKind) => (kind === 'logo' ? 'logoMediaId' : 'secondLogoMediaId');

  return {
    /** Checks the caller may change logos before the upload is read; the bytes decide the type. */
    async uploadLogo(
      actorId: string,
      spaceId: string,
      kind: MediaKind,
      read: () => Promise<Buffer>,
    ): Promise<Space> {
      const { org, roles } = await access.require(actorId, spaceId, 'space.logo');
      const bytes = await read();
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new AppError('unsupported_media_type', NOT_AN_IMAGE);
      if (bytes.length > LOGO_MAX_BYTES) throw new AppError('payload_too_large', LOGO_TOO_LARGE);
      const updated = await inTransaction(deps.db, async (tx) => {
        const current = await createSpacesRepository(tx).lock(org.id);
        if (!current) throw notFound('Space');
        const mediaRepo = createMediaRepository(tx);
        const stored = await mediaRepo.insert({ organizationId: org.id, kind, contentType, bytes });
        const row = await createSpacesRepository(tx).update(org.id, { [column(kind)]: stored.id });
        const previous = current[column(kind)];
        if (previous) await mediaRepo.delete(previous);
        return row;
      });
      if (!updated) throw notFound('Space');
      return toSpace(updated, roles, await spaces.memberCount(org.id), catalogue);
    },

    async deleteLogo(actorId: string, spaceId: string, kind: MediaKind): Promise<void> {
      const { org } = await access.require(actorId, spaceId, 'space.logo');
      await inTransaction(deps.db, async (tx) => {
        const current = await createSpacesRepository(tx).lock(org.id);
        const previous = current?.[column(kind)];
        if (!previous) return;
        await createSpacesRepository(tx).update(org.id, { [column(kind)]: null });
        await createMediaRepository(tx).delete(previous);
      });
    },

    /** Public: logos show on the sign-in and branded pages before anyone signs in. */
    async read(id: string) {
      const row = await createMediaRepository(deps.db).get(id);
      if (!row) throw notFound('Media');
      return { contentType: row.contentType, bytes: row.bytes };
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
