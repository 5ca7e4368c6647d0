import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { z } from 'zod';
import { useServices } from '@/app/services.tsx';
import { Page } from '@/components/Page.tsx';
import type { Trigger } from '@/features/iot/api/schemas.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { GroupList } from '@/features/lists/components/GroupList.tsx';
import { LIST_KINDS } from '@/features/lists/model/list-kinds.ts';
import { listPageSearchSchema } from '@/features/lists/model/list-search.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { deleteTrigger, triggersQueryOptions } from '@/features/triggers/api/triggers.ts';
import { useTriggerLookups } from '@/features/triggers/api/use-trigger-lookups.ts';
import { useTriggerPlanBlock } from '@/features/triggers/api/use-trigger-plan.ts';
import { TriggersPlanNotice } from '@/features/triggers/components/TriggersPlanNotice.tsx';
import { triggerColumns } from '@/features/triggers/components/trigger-columns.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

// The dialogs load when opened.
const TriggerDialog = lazy(() => import('@/features/triggers/components/TriggerDialog.tsx'));
const TriggerDetailDialog = lazy(() => import('@/features/triggers/components/TriggerDetailDialog.tsx'));

export const Route = createFileRoute('/_auth/_sidebar/triggers')({
  staticData: { title: 'Triggers' },
  /** `?trigger=<id>` opens that trigger's detail. */
  validateSearch: listPageSearchSchema.extend({ trigger: z.string().max(64).optional().catch(undefined) }),
  beforeLoad: requireAccess('triggers'),
  component: TriggersPage,
});

const idOf = (trigger: { id: string }) => trigger.id;

/**
 * The dialog open over the list: creating, or editing this trigger. The trigger is kept as opened, not looked
 * up in the list again, so a re-read without it (deleted in another tab) cannot close the dialog under the
 * user: their save then answers that it is gone.
 */
type Editing = { kind: 'create' } | { kind: 'edit'; trigger: Trigger } | null;

// No live updates here: the live stream carries no trigger changes.
function TriggersPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const navigate = useNavigate({ from: Route.fullPath });
  const { view, forcesearch, trigger: shown } = Route.useSearch();
  const triggers = useQuery(triggersQueryOptions(api, config, selected.id));
  const lookups = useTriggerLookups(selected.id);
  const canWrite = spaceAllows(selected, 'iot.write');
  const columns = useMemo(() => triggerColumns(lookups, canWrite), [lookups, canWrite]);
  const planBlock = useTriggerPlanBlock(triggers.data?.length);
  const [editing, setEditing] = useState<Editing>(null);
  const find = (id: string | undefined) => triggers.data?.find((t) => t.id === id);
  const detail = find(shown);
  const closeDetail = () => void navigate({ search: (prev) => ({ ...prev, trigger: undefined }) });

  const createButton = canWrite && planBlock === null && (
    <button type="button" className="button" onClick={() => setEditing({ kind: 'create' })}>
      Create trigger
    </button>
  );
  return (
    <Page title="Triggers">
      {canWrite && typeof planBlock === 'string' && view !== 'trash' && (
        <TriggersPlanNotice text={planBlock} />
      )}
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
          hint: 'A trigger sends an e-mail or an in-app notification when a variable or a device changes. Triggers you delete wait in the Trash, where you can restore them.',
        }}
        actions={createButton}
      />
      <Suspense fallback={null}>
        {detail && !editing && (
          <TriggerDetailDialog
            trigger={detail}
            lookups={lookups}
            onClose={closeDetail}
            onEdit={
              canWrite
                ? () => {
                    closeDetail();
                    setEditing({ kind: 'edit', trigger: detail });
                  }
                : undefined
            }
          />
        )}
        {editing && (
          <TriggerDialog
            {...(editing.kind === 'edit' && { trigger: editing.trigger })}
            onClose={() => setEditing(null)}
          />
        )}
      </Suspense>
    </Page>
  );
}
