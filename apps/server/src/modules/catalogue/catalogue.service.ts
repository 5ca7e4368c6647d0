import type { Database } from '../../db/client.ts';
import { forbidden } from '../../errors.ts';
import { createSpaceAccess } from '../spaces/space-access.ts';
import { COUNTRIES } from './countries.data.ts';
import { KITS } from './kits.data.ts';

/** Read-only catalogues: countries (public) and kits with courses (not for pro spaces, spec 6.2). */
export function createCatalogueService(deps: { db: Database }) {
  const access = createSpaceAccess(deps.db);
  return {
    countries: () => ({ countries: COUNTRIES.map((c) => ({ ...c })) }),
    myCloudKits: () => ({ kits: [...KITS] }),
    async spaceKits(actorId: string, spaceId: string) {
      const { org } = await access.require(actorId, spaceId, 'space.read');
      if (org.space === 'pro') throw forbidden('Courses are not offered in team (pro) spaces.');
      return { kits: [...KITS] };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
