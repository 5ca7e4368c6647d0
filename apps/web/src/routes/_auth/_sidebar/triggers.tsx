import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Page } from '@/components/Page.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { triggersQueryOptions } from '@/features/triggers/api/triggers.ts';
import { useTriggerLookups } from '@/features/triggers/api/use-trigger-lookups.ts';
import { TriggersTable } from '@/features/triggers/components/TriggersTable.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/triggers')({
  staticData: { title: 'Triggers' },
  validateSearch: listSearchSchema,
  beforeLoad: requireAccess('triggers'),
  component: TriggersPage,
});

// No live updates here: the live stream carries no trigger changes.
function TriggersPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const triggers = useQuery(triggersQueryOptions(api, config, selected.id));
  const lookups = useTriggerLookups(selected.id);
  return (
    <Page title="Triggers">
      <AsyncState
        query={triggers}
        errorTitle="Triggers could not be loaded"
        empty={{
          title: 'No triggers yet',
          hint: 'A trigger sends an e-mail or a push notification when a variable or a device changes. Triggers created through the API are listed here.',
        }}
      >
        {(data) => <TriggersTable triggers={data} lookups={lookups} />}
      </AsyncState>
    </Page>
  );
}
