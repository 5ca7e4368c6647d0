import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { ConfirmDialog } from '@/features/lists/components/ConfirmDialog.tsx';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import type { Dashboard } from '../api/dashboard-schemas.ts';
import { cloneDashboard, updateDashboard } from '../api/dashboard-writes.ts';
import { deleteDashboard } from '../api/dashboards.ts';
import { DashboardNameDialog } from './DashboardNameDialog.tsx';
import { ShareDashboardDialog } from './ShareDashboardDialog.tsx';

type Open = 'rename' | 'share' | 'delete' | null;

/** What a maker who may change the dashboard can do on its page: edit, rename, clone, share, delete. */
export function DashboardActions({ dashboard, onEdit }: { dashboard: Dashboard; onEdit: () => void }) {
  const ctx = useIotContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const [cloning, setCloning] = useState(false);
  const close = () => setOpen(null);
  const refreshList = () => readAgain(queryClient, iotKeys.dashboards(ctx.space));

  const rename = async (name: string) => {
    const saved = await updateDashboard(ctx, dashboard.id, { name });
    queryClient.setQueryData(iotKeys.dashboard(ctx.space, dashboard.id), saved);
    await refreshList();
    toast.success('Dashboard renamed');
    close();
  };

  const clone = async () => {
    setCloning(true);
    try {
      const copy = await cloneDashboard(ctx, dashboard.id);
      await refreshList();
      toast.success(`Cloned as ${copy.name}`);
      await navigate({ to: '/dashboards/$id/', params: { id: copy.id } });
    } catch (err) {
      toast.error(networkErrorMessage(err));
    } finally {
      setCloning(false);
    }
  };

  const remove = async () => {
    try {
      await deleteDashboard(ctx.api, ctx.config, ctx.space, dashboard.id);
    } catch (err) {
      toast.error(networkErrorMessage(err));
      return;
    }
    await refreshList();
    toast.success(`${dashboard.name} moved to the Trash`);
    await navigate({ to: '/dashboards/' });
  };

  return (
    <div className="dashboard-toolbar" role="toolbar" aria-label="Dashboard">
      <button type="button" className="button" onClick={onEdit}>
        Edit
      </button>
      <button type="button" className="button button-subtle" onClick={() => setOpen('rename')}>
        Rename
      </button>
      <button
        type="button"
        className="button button-subtle"
        disabled={cloning}
        aria-busy={cloning}
        onClick={() => void clone()}
      >
        Clone
      </button>
      <button type="button" className="button button-subtle" onClick={() => setOpen('share')}>
        Share
      </button>
      <button type="button" className="button button-subtle" onClick={() => setOpen('delete')}>
        Delete
      </button>
      {open === 'rename' && (
        <DashboardNameDialog
          label="Rename dashboard"
          initial={dashboard.name}
          onSubmit={rename}
          onClose={close}
        />
      )}
      {open === 'share' && <ShareDashboardDialog id={dashboard.id} onClose={close} />}
      {open === 'delete' && (
        <ConfirmDialog label="Delete dashboard" confirmLabel="Delete" confirm={remove} onClose={close}>
          <p>{dashboard.name} goes to the Trash, where you can restore it.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
