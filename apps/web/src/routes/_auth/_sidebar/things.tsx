import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Page } from '@/components/Page.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { thingsQueryOptions } from '@/features/things/api/things.ts';
import { CreateThingDialog } from '@/features/things/components/CreateThingDialog.tsx';
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
  const [creating, setCreating] = useState(false);
  const canWrite = spaceAllows(selected, 'iot.write');
  const createButton = canWrite && (
    <button type="button" className="button" onClick={() => setCreating(true)}>
      Create thing
    </button>
  );
  const hasThings = Boolean(things.data?.length);
  return (
    <Page title="Things">
      {hasThings && createButton && <div className="page-actions">{createButton}</div>}
      <AsyncState
        query={things}
        errorTitle="Things could not be loaded"
        empty={{
          title: 'No things yet',
          hint: 'A thing holds the variables a device reads and writes. Create one, then add its variables.',
          action: createButton || undefined,
        }}
      >
        {(data) => <ThingsTable things={data} />}
      </AsyncState>
      {creating && <CreateThingDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
