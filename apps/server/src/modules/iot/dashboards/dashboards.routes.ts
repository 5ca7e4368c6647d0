import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { signedInRoute, spaceRoute } from '../../../http/route-access.ts';
import { errors, security } from '../../../http/route-schemas.ts';
import { forceQuery, idParam } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import {
  cloneBody,
  dashboardListQuery,
  dashboardV2Body,
  dashboardV2Schema,
  dashboardV2TemplateSchema,
  dashboardV3Body,
  dashboardV3Schema,
  dashboardV3TemplateSchema,
  shareBody,
  shareParams,
  shareRequestBody,
  sharesSchema,
  variablesLinksSchema,
  widgetLinkBody,
  widgetParams,
} from './dashboards.schemas.ts';
import type { DashboardsService } from './dashboards.service.ts';

const media = (t: string) => `application/vnd.arduino.${t}+json; charset=utf-8`;

/** Dashboards v2 (DashboardsV2Api) and v3 (pages; list, create, show, update, patch, clone, template). */
export const dashboardsRoutes: FastifyPluginAsync<{ dashboards: DashboardsService }> = async (
  app,
  { dashboards },
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  for (const version of [2, 3] as const) {
    const tags = [`iot: dashboards v${version}`];
    const route = apiRoutes(app, { tags });
    const base = `/iot/v${version}/dashboards`;
    const one = version === 2 ? dashboardV2Schema : dashboardV3Schema;
    const body = version === 2 ? dashboardV2Body : dashboardV3Body;
    const type = media(`dashboardv${version}`);
    /** What the routes on one dashboard of this version share: its id, and the dashboard as the answer. */
    const oneDashboard = { params: idParam, response: { 200: one }, media: type };

    route.get(
      base,
      spaceRoute('iot.read'),
      {
        summary: 'List dashboards (name contains, thing_id linked, user_id owner); My Cloud adds shared ones',
        querystring: dashboardListQuery,
        response: { 200: z.array(one) },
        media: `application/vnd.arduino.dashboardv${version}+json; type=collection; charset=utf-8`,
      },
      async (request) => dashboards.list(ref(request), request.query, version),
    );

    typed.post(
      base,
      {
        config: spaceRoute('iot.write'),
        schema: { tags, security, summary: 'Create a dashboard', body, response: { 201: one, ...errors } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .type(type)
          .send(await dashboards.create(ref(request), request.body, version)),
    );

    route.get(
      `${base}/:id`,
      spaceRoute('iot.read'),
      {
        summary: 'Show a dashboard of the space, or one shared with the caller',
        ...oneDashboard,
      },
      async (request) => dashboards.show(ref(request), request.params.id, version),
    );

    route.put(
      `${base}/:id`,
      spaceRoute('iot.write'),
      {
        summary: 'Update a dashboard; widgets given replace the widget list (soft_deleted: false restores)',
        body,
        ...oneDashboard,
      },
      async (request) => dashboards.update(ref(request), request.params.id, request.body, 'replace', version),
    );

    route.patch(
      `${base}/:id`,
      spaceRoute('iot.write'),
      {
        summary: 'Patch a dashboard; widgets given are updated or added by id, the others stay',
        body,
        ...oneDashboard,
      },
      async (request) => dashboards.update(ref(request), request.params.id, request.body, 'merge', version),
    );

    route.put(
      `${base}/:id/clone`,
      spaceRoute('iot.write'),
      {
        summary: 'Clone a dashboard, relinking widgets from old_thing_id to new_thing_id',
        params: idParam,
        body: cloneBody,
        response: { 201: one },
        status: 201,
        media: type,
      },
      async (request) =>
        dashboards.clone(ref(request), request.params.id, request.body.overrides ?? [], version),
    );

    route.get(
      `${base}/:id/template`,
      spaceRoute('iot.read'),
      {
        summary: 'The dashboard as a template (variables by thing template id and variable name)',
        params: idParam,
        response: { 200: version === 2 ? dashboardV2TemplateSchema : dashboardV3TemplateSchema },
        media: media(`dashboardv${version}template`),
      },
      async (request) => dashboards.template(ref(request), request.params.id, version),
    );
  }

  const tags = ['iot: dashboards v2'];
  const route = apiRoutes(app, { tags });

  route.delete(
    '/iot/v2/dashboards/:id',
    spaceRoute('iot.delete'),
    {
      summary: 'Delete a dashboard: soft by default, for good with force=true',
      params: idParam,
      querystring: forceQuery,
      empty: true,
    },
    async (request) => dashboards.remove(ref(request), request.params.id, request.query.force ?? false),
  );

  route.put(
    '/iot/v2/dashboards/:id/widgets/:widgetId/variables',
    spaceRoute('iot.write'),
    {
      summary: "Link a widget to properties of the space (replaces the widget's links)",
      params: widgetParams,
      body: widgetLinkBody,
      response: { 200: variablesLinksSchema },
      media: media('variableslinks'),
    },
    async (request) =>
      dashboards.link(ref(request), request.params.id, request.params.widgetId, request.body.variables),
  );

  route.get(
    '/iot/v2/dashboards/:id/shares',
    spaceRoute('iot.read'),
    {
      summary: 'Users the dashboard is shared with',
      params: idParam,
      response: { 200: sharesSchema },
      media: 'application/vnd.arduino.dashboardshare+json; type=collection; charset=utf-8',
    },
    async (request) => dashboards.shares(ref(request), request.params.id),
  );

  route.put(
    '/iot/v2/dashboards/:id/shares',
    spaceRoute('iot.write'),
    {
      summary: 'Share with users by user_id, username or e-mail address (they get read access)',
      params: idParam,
      body: shareBody,
      empty: true,
    },
    async (request) => dashboards.share(ref(request), request.params.id, request.body),
  );

  route.delete(
    '/iot/v2/dashboards/:id/shares/:user_id',
    spaceRoute('iot.write'),
    { summary: 'Stop sharing with a user', params: shareParams, empty: true },
    async (request) => dashboards.unshare(ref(request), request.params.id, request.params.user_id),
  );

  route.put(
    '/iot/v2/dashboards/:id/share_request',
    signedInRoute(),
    {
      summary: "Ask the dashboard's owner for access (by e-mail)",
      params: idParam,
      body: shareRequestBody,
      empty: true,
    },
    async (request) => dashboards.requestAccess(ref(request), request.params.id, request.body.message),
  );
};
