import { createFileRoute, redirect } from '@tanstack/react-router';
import { NetworkConfig } from '@/features/devices/network-config/NetworkConfig.tsx';
import { hasNetworkIdentity } from '@/features/devices/network-config/network-config.ts';
import { deviceQueryOptions } from '@/features/iot/api/detail-queries.ts';

export const Route = createFileRoute('/_auth/_header/devices/$id/networkconfig')({
  staticData: { title: 'Network configuration' },
  // Spec 8: without a sketch and a hardware id there is nothing to configure; the device page shows it.
  loader: async ({ context, params }) => {
    const device = await context.queryClient.ensureQueryData(
      deviceQueryOptions(context.api, context.config, context.spaces.selected().id, params.id),
    );
    if (!hasNetworkIdentity(device)) throw redirect({ to: '/devices/$id/', params, replace: true });
  },
  component: NetworkConfigRoute,
});

function NetworkConfigRoute() {
  return <NetworkConfig deviceId={Route.useParams().id} />;
}
