import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { apiRoutes } from '../../http/api-route.ts';
import { operatorRoute } from '../../http/route-access.ts';
import { createCustomizationOperator } from '../customization/customization.operator.ts';
import { createPlanOperator } from '../plans/plans.operator.ts';
import {
  companyKeyParams,
  createRenewalBodySchema,
  customizationBodySchema,
  customizationSchema,
  renewalSchema,
  slugBodySchema,
  slugParams,
  slugSchema,
} from './operator-tools.schemas.ts';

/**
 * The CLI's operator actions that have no console screen (operator-tools.schemas.ts), as admin routes: the
 * CLI calls them while a server runs, since the embedded database then takes no other process.
 */
export const operatorToolsRoutes: FastifyPluginAsync<{
  db: Database;
  config: Pick<Config, 'productSlug' | 'productName' | 'publicUrl'>;
}> = async (app, { db, config }) => {
  const plans = createPlanOperator({ db, config });
  const customization = createCustomizationOperator({ db });
  const route = apiRoutes(app, { tags: ['admin'] });

  route.post(
    '/admin/v1/renewals',
    operatorRoute(),
    {
      summary: 'Create a one-use renewal: a link that activates a plan for a user or a space from Home',
      body: createRenewalBodySchema,
      status: 201,
      response: { 201: renewalSchema },
    },
    async (request) => {
      const b = request.body;
      const renewal = await plans.createRenewal({
        target: b.user !== undefined ? { user: b.user } : { space: b.space_id ?? '' },
        planId: b.plan_id,
        seats: b.seats,
        days: b.days,
      });
      return { id: renewal.id, url: renewal.url, plan_id: renewal.plan.id, plan_name: renewal.plan.name };
    },
  );

  route.put(
    '/admin/v1/customizations/:key',
    operatorRoute(),
    {
      summary: 'Create or replace a company-customised sign-in record',
      params: companyKeyParams,
      body: customizationBodySchema,
      response: { 200: customizationSchema },
    },
    async (request) => {
      const record = await customization.saveRecord({
        companyKey: request.params.key,
        url: request.body.url.replace(/\/$/, ''),
        urlEnabled: request.body.url_enabled,
        clientId: request.body.client_id,
      });
      return {
        company_key: record.companyKey,
        url: record.url,
        url_enabled: record.urlEnabled,
        client_id: record.auth0Id,
      };
    },
  );

  route.put(
    '/admin/v1/slugs/:space_id',
    operatorRoute(),
    {
      summary: 'Name (or remove) the branded host of a space: <slug>.$BASE_HOST (sign-in follows at restart)',
      params: slugParams,
      body: slugBodySchema,
      response: { 200: slugSchema },
    },
    async (request) => {
      const org = await customization.setSlug(request.params.space_id, request.body.slug);
      return { id: org.id, name: org.name, slug: org.slug };
    },
  );
};
