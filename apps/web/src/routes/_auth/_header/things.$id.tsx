import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useServices } from '@/app/services.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { Page } from '@/components/Page.tsx';
import { RefusedValues } from '@/features/devices/components/RefusedValues.tsx';
import { thingQueryOptions } from '@/features/iot/api/detail-queries.ts';
import { ExportCsvButton } from '@/features/iot/components/ExportCsvButton.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { ThingSketchSection } from '@/features/sketches/components/ThingSketchSection.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { ThingDevicePicker } from '@/features/things/components/ThingDevicePicker.tsx';
import { DeleteThingButton, ThingSettings } from '@/features/things/components/ThingSettings.tsx';
import { ThingTags } from '@/features/things/components/ThingTags.tsx';
import { ThingTimezone } from '@/features/things/components/ThingTimezone.tsx';
import { ThingWebhook } from '@/features/things/components/ThingWebhook.tsx';
import { VariablesTable } from '@/features/things/components/VariablesTable.tsx';
import { loadOrNotFound } from '@/lib/load-or-not-found.ts';
import { requireAccess } from '@/lib/route-guards.ts';
import { HeaderPortal } from '@/shell/header-portal.tsx';

/** A thing: its device, settings and tags, and its variables with their values. */
export const Route = createFileRoute('/_auth/_header/things/$id')({
  staticData: { title: 'Thing' },
  beforeLoad: requireAccess('things'),
  loader: ({ context, params }) =>
    loadOrNotFound('Thing', () =>
      context.queryClient.ensureQueryData(
        thingQueryOptions(context.api, context.config, context.spaces.selected().id, params.id),
      ),
    ),
  notFoundComponent: NotFound,
  component: ThingPage,
});

function ThingPage() {
  const { id } = Route.useParams();
  const { api, config } = useServices();
  const { selected } = useSpaces();
  useLiveUpdates();
  const { data: thing } = useSuspenseQuery(thingQueryOptions(api, config, selected.id, id));
  const canWrite = spaceAllows(selected, 'iot.write');
  const canDelete = spaceAllows(selected, 'iot.delete');
  return (
    <Page title={thing.name}>
      <HeaderPortal>
        <Link to="/things/" className="button button-subtle">
          All things
        </Link>
      </HeaderPortal>
      <div className="card thing-summary">
        <dl className="facts">
          <dt>Device</dt>
          <dd>
            {thing.device_id ? (
              <Link to="/devices/$id/" params={{ id: thing.device_id }}>
                {thing.device_name ?? 'Device'}
              </Link>
            ) : (
              'None'
            )}
          </dd>
          {thing.timezone && (
            <>
              <dt>Time zone</dt>
              <dd>{thing.timezone}</dd>
            </>
          )}
        </dl>
        {canWrite && <ThingDevicePicker key={thing.id} space={selected.id} thing={thing} />}
      </div>
      <section className="device-section" aria-labelledby="thing-variables-title">
        <div className="section-header">
          <h2 id="thing-variables-title">Variables</h2>
          <ExportCsvButton space={selected.id} thingId={id} />
        </div>
        <VariablesTable space={selected.id} thingId={id} canWrite={canWrite} editable />
      </section>
      <RefusedValues space={selected.id} source={{ kind: 'thing', id }} canClear={canWrite} />
      <ThingSketchSection thingId={thing.id} sketchId={thing.sketch_id} canWrite={canWrite} />
      <section className="device-section" aria-labelledby="thing-tags-title">
        <h2 id="thing-tags-title">Tags</h2>
        <ThingTags thingId={id} canWrite={canWrite} />
      </section>
      {canWrite && (
        <section className="device-section" aria-labelledby="thing-settings-title">
          <h2 id="thing-settings-title">Settings</h2>
          <ThingSettings key={thing.id} thing={thing} />
          <ThingTimezone key={`tz-${thing.id}`} thing={thing} />
        </section>
      )}
      <section className="device-section" aria-labelledby="thing-webhook-title">
        <h2 id="thing-webhook-title">Webhook</h2>
        <ThingWebhook key={thing.id} thing={thing} canWrite={canWrite} />
      </section>
      {canDelete && (
        <section className="danger-zone" aria-labelledby="thing-delete-title">
          <h2 id="thing-delete-title">Delete thing</h2>
          <p className="muted">The thing and its variables leave your things; its device is unbound.</p>
          <DeleteThingButton thing={thing} />
        </section>
      )}
    </Page>
  );
}
