import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Page } from '@/components/Page.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { thingsQueryOptions } from '@/features/things/api/things.ts';
import { ThingsTable } from '@/features/things/components/ThingsTable.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/things')({
  staticData: { title: 'Things' },
  validateSearch: listSearchSchema,
  beforeLoad: requireAccess('things'),
  component: ThingsPage,
});

function ThingsPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  useLiveUpdates();
  const things = useQuery(thingsQueryOptions(api, config, selected.id));
  return (
    <Page title="Things">
      <AsyncState
        query={things}
        errorTitle="Things could not be loaded"
        empty={{
          title: 'No things yet',
          hint: 'A thing holds the variables of a device. Things created through the API are listed here.',
        }}
      >
        {(data) => <ThingsTable things={data} />}
      </AsyncState>
    </Page>
  );
}
