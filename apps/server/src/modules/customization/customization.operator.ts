import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, notFound } from '../../errors.ts';
import { createSpacesRepository } from '../spaces/spaces.repository.ts';
import { createCustomizationRepository } from './customization.repository.ts';
import { slugProblem } from './host-slug.ts';

/** Operator actions of the admin CLI: no acting user, the operator owns the deployment. */
export function createCustomizationOperator(deps: { db: Database }) {
  const spaces = createSpacesRepository(deps.db);
  const repo = createCustomizationRepository(deps.db);
  return {
    /** Creates or replaces a company-customised sign-in record. */
    async saveRecord(input: { companyKey: string; url: string; urlEnabled: boolean; clientId: string }) {
      return repo.upsertRecord({
        companyKey: input.companyKey,
        url: input.url,
        urlEnabled: input.urlEnabled,
        auth0Id: input.clientId,
      });
    },

    /** Names the sub-domain label of a space's branded deployment; null removes it. */
    async setSlug(organizationId: string, slug: string | null) {
      if (slug !== null) {
        const problem = slugProblem(slug);
        if (problem) throw new AppError('validation_error', problem);
      }
      const org = await spaces.findById(organizationId);
      if (!org) throw notFound('Space');
      try {
        const updated = await spaces.update(org.id, { slug });
        if (!updated) throw notFound('Space');
        return updated;
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('conflict', `Another space already uses the slug "${slug}".`);
        }
        throw err;
      }
    },
  };
}
