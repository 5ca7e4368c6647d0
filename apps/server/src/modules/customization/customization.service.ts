import type { updateBrandingBodySchema } from '@tinkercloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AccountService } from '../accounts/account.service.ts';
import { createSpaceAccess } from '../spaces/space-access.ts';
import { mediaUrl } from '../spaces/space-view.ts';
import { createSpacesRepository, type OrganizationRow } from '../spaces/spaces.repository.ts';
import { createCustomizationRepository } from './customization.repository.ts';
import { slugFromHost } from './host-slug.ts';

type BrandingBody = z.infer<typeof updateBrandingBodySchema>;

const TOS_ALREADY_ACCEPTED = 'User has already accepted the TOS.';

interface CustomizationServiceDeps {
  db: Database;
  accounts: Pick<AccountService, 'acceptTerms'>;
  config: Pick<Config, 'baseHost'>;
}

/** Branding of pro spaces, company-customised sign-in records, terms acceptance and branded hosts. */
export function createCustomizationService(deps: CustomizationServiceDeps) {
  const spaces = createSpacesRepository(deps.db);
  const access = createSpaceAccess(deps.db, spaces);
  const repo = createCustomizationRepository(deps.db);

  async function brandingOf(org: OrganizationRow) {
    const row = await repo.branding(org.id);
    return {
      organization_id: org.id,
      organization_name: org.name,
      organization_second_logo: mediaUrl(org.secondLogoMediaId),
      policy_url: row?.policyUrl ?? null,
      custom_tos: row?.customTos ?? null,
    };
  }

  return {
    /**
     * A branded deployment (a team space with a slug) shows its branding to anyone, before sign-in; any other
     * team space's branding is for its members only. Outsiders get 404, as for any space not theirs.
     */
    async branding(organizationId: string, actorId: string | null) {
      const org = await spaces.findById(organizationId);
      if (org?.space !== 'pro') throw notFound('Branding');
      if (!org.slug) {
        if (!actorId) throw notFound('Branding');
        await access.membership(actorId, org.id);
      }
      return brandingOf(org);
    },

    async updateBranding(actorId: string, organizationId: string, body: BrandingBody) {
      const { org } = await access.require(actorId, organizationId, 'branding.update');
      if (org.space !== 'pro') throw forbidden('Branding is for team (pro) spaces only.');
      await repo.upsertBranding(org.id, {
        ...(body.policy_url !== undefined && { policyUrl: body.policy_url }),
        ...(body.custom_tos !== undefined && { customTos: body.custom_tos }),
      });
      return brandingOf(org);
    },

    /** Public: the sign-in flow reads it before anyone is signed in. */
    async record(companyKey: string) {
      const row = await repo.record(companyKey);
      if (!row) throw notFound('Customization');
      return { url_enabled: row.urlEnabled, url: row.url, auth0_id: row.auth0Id };
    },

    /** Records the caller's acceptance of a company's terms; `created` is false when it was there already. */
    async acceptTerms(actorId: string, companyKey: string, log: Pick<FastifyBaseLogger, 'warn'>) {
      if (!(await repo.record(companyKey))) throw notFound('Customization');
      const created = await repo.recordAcceptance(actorId, companyKey);
      await deps.accounts.acceptTerms(actorId);
      if (!created) log.warn({ userId: actorId, companyKey }, TOS_ALREADY_ACCEPTED);
      return { created, body: { accepted: true as const, already_accepted: !created } };
    },

    /** Public: which space a branded host (`{slug}.{BASE_HOST}`) belongs to. */
    async deploymentByHost(host: string) {
      const slug = slugFromHost(host, deps.config.baseHost);
      const org = slug ? await spaces.findBySlug(slug) : null;
      if (!org) throw notFound('Branded deployment');
      return { organization_id: org.id, organization_name: org.name };
    },
  };
}
export type CustomizationService = ReturnType<typeof createCustomizationService>;
