import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Page } from '@/components/Page.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { GroupList } from '@/features/lists/components/GroupList.tsx';
import { LIST_KINDS } from '@/features/lists/model/list-kinds.ts';
import { listPageSearchSchema } from '@/features/lists/model/list-search.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { deleteThing, thingsQueryOptions } from '@/features/things/api/things.ts';
import { CreateThingDialog } from '@/features/things/components/CreateThingDialog.tsx';
import { thingColumns } from '@/features/things/components/thing-columns.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/things')({
  staticData: { title: 'Things' },
  validateSearch: listPageSearchSchema,
  beforeLoad: requireAccess('things'),
  component: ThingsPage,
});

const idOf = (thing: { id: string }) => thing.id;
const tagsOf = (thing: { tags?: Record<string, string> | undefined }) => thing.tags;

function ThingsPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const { view, forcesearch, tag } = Route.useSearch();
  const navigate = Route.useNavigate();
  const tagFilter = {
    tagsOf,
    value: tag,
    onChange: (next: string | undefined) =>
      void navigate({ search: (s) => ({ ...s, tag: next }), replace: true }),
  };
  useLiveUpdates();
  const things = useQuery(thingsQueryOptions(api, config, selected.id));
  const [creating, setCreating] = useState(false);
  const canWrite = spaceAllows(selected, 'iot.write');
  const createButton = canWrite && (
    <button type="button" className="button" onClick={() => setCreating(true)}>
      Create thing
    </button>
  );
  return (
    <Page title="Things">
      <GroupList
        kind={LIST_KINDS.things}
        path="/things/"
        label="Things"
        records={things}
        idOf={idOf}
        columns={thingColumns}
        rowTestId="thing-row"
        view={view}
        tagFilter={tagFilter}
        forceSearch={forcesearch}
        deleteItem={(id) => deleteThing(api, config, selected.id, id)}
        errorTitle="Things could not be loaded"
        empty={{
          title: 'No things yet',
          hint: 'A thing holds the variables a device reads and writes. Create one, then add its variables. Things you delete wait in the Trash, where you can restore them.',
        }}
        actions={createButton}
      />
      {creating && <CreateThingDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
