import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AccountService } from '../accounts/account.service.ts';
import { catalogueRoutes } from '../catalogue/catalogue.routes.ts';
import { createCatalogueService } from '../catalogue/catalogue.service.ts';
import { customizationRoutes } from '../customization/customization.routes.ts';
import { createCustomizationService } from '../customization/customization.service.ts';
import { mediaRoutes } from '../media/media.routes.ts';
import { createMediaService } from '../media/media.service.ts';
import { mediaImagesRoutes } from '../media/media-images.routes.ts';
import { createMediaImagesService } from '../media/media-images.service.ts';
import { invitationsRoutes } from '../members/invitations.routes.ts';
import { createInvitationsService } from '../members/invitations.service.ts';
import { membersRoutes } from '../members/members.routes.ts';
import { createMembersService } from '../members/members.service.ts';
import { plansRoutes } from '../plans/plans.routes.ts';
import { createPlansService } from '../plans/plans.service.ts';
import { createUsageSource, type UsageSource } from '../plans/usage.ts';
import { createSpaceResolver } from './space-access.ts';
import { spacesRoutes } from './spaces.routes.ts';
import { createSpacesService } from './spaces.service.ts';

interface SpaceModulesDeps {
  config: Config;
  db: Database;
  accounts: AccountService;
  /** Usage counters of the recap; defaults to the counts that exist today (members). */
  usage?: UsageSource | undefined;
  /** Mails invitees; without it they find their invitations on Home only. */
  mailer?: Mailer | undefined;
}

/** Spaces, members, plans, catalogues, customization and media: services built once, routes registered. */
export async function registerSpaceModules(app: FastifyInstance, deps: SpaceModulesDeps) {
  const { config, db, accounts } = deps;
  await app.register(spacesRoutes, { spaces: createSpacesService({ db, accounts, config }) });
  await app.register(membersRoutes, {
    members: createMembersService({ db, config, mailer: deps.mailer, logger: app.log }),
  });
  await app.register(invitationsRoutes, { invitations: createInvitationsService({ db, config }) });
  await app.register(plansRoutes, {
    plans: createPlansService({ db, config, usage: deps.usage ?? createUsageSource(db) }),
  });
  await app.register(mediaRoutes, { media: createMediaService({ db, config }) });
  await app.register(mediaImagesRoutes, {
    images: createMediaImagesService({ db, resolve: createSpaceResolver(db) }),
  });
  await app.register(catalogueRoutes, { catalogue: createCatalogueService({ db }) });
  await app.register(customizationRoutes, {
    customization: createCustomizationService({ db, accounts, config }),
  });
}
