import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { readAgain } from '@/lib/query-client.ts';
import { createDashboard } from '../api/dashboard-writes.ts';
import { DashboardNameDialog } from './DashboardNameDialog.tsx';

/** Creates an empty dashboard with the name given, then opens it so the maker can add widgets. */
export function CreateDashboardDialog({ onClose }: { onClose: () => void }) {
  const ctx = useIotContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = async (name: string) => {
    const dashboard = await createDashboard(ctx, name);
    await readAgain(queryClient, iotKeys.dashboards(ctx.space));
    onClose();
    await navigate({ to: '/dashboards/$id/', params: { id: dashboard.id } });
  };
  return <DashboardNameDialog label="Create dashboard" onSubmit={create} onClose={onClose} />;
}
