import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { EmptyState, Page } from '@/components/Page.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
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
      {triggers.isPending ? (
        <PageLoader />
      ) : triggers.isError ? (
        <div className="load-error">
          <EmptyState title="Triggers could not be loaded" hint={triggers.error.message} />
          <button type="button" className="button button-subtle" onClick={() => void triggers.refetch()}>
            Try again
          </button>
        </div>
      ) : triggers.data.length === 0 ? (
        <EmptyState
          title="No triggers yet"
          hint="A trigger sends an e-mail or a push notification when a variable or a device changes. Triggers created through the API are listed here."
        />
      ) : (
        <TriggersTable triggers={triggers.data} lookups={lookups} />
      )}
    </Page>
  );
}
