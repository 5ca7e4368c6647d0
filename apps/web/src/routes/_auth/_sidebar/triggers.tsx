import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useServices } from '@/app/services.tsx';
import { Page } from '@/components/Page.tsx';
import { GroupList } from '@/features/lists/components/GroupList.tsx';
import { LIST_KINDS } from '@/features/lists/model/list-kinds.ts';
import { listPageSearchSchema } from '@/features/lists/model/list-search.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { deleteTrigger, triggersQueryOptions } from '@/features/triggers/api/triggers.ts';
import { useTriggerLookups } from '@/features/triggers/api/use-trigger-lookups.ts';
import { triggerColumns } from '@/features/triggers/components/trigger-columns.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/triggers')({
  staticData: { title: 'Triggers' },
  validateSearch: listPageSearchSchema,
  beforeLoad: requireAccess('triggers'),
  component: TriggersPage,
});

const idOf = (trigger: { id: string }) => trigger.id;

// No live updates here: the live stream carries no trigger changes.
function TriggersPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const { view, forcesearch } = Route.useSearch();
  const triggers = useQuery(triggersQueryOptions(api, config, selected.id));
  const lookups = useTriggerLookups(selected.id);
  const columns = useMemo(() => triggerColumns(lookups), [lookups]);
  return (
    <Page title="Triggers">
      <GroupList
        kind={LIST_KINDS.triggers}
        path="/triggers/"
        label="Triggers"
        records={triggers}
        idOf={idOf}
        columns={columns}
        rowTestId="trigger-row"
        view={view}
        forceSearch={forcesearch}
        deleteItem={(id) => deleteTrigger(api, config, selected.id, id)}
        errorTitle="Triggers could not be loaded"
        empty={{
          title: 'No triggers yet',
          hint: 'A trigger sends an e-mail or a push notification when a variable or a device changes. Triggers you delete wait in the Trash, where you can restore them.',
        }}
      />
    </Page>
  );
}
