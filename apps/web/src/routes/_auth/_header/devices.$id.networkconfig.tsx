import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@/components/Page.tsx';

export const Route = createFileRoute('/_auth/_header/devices/$id/networkconfig')({
  staticData: { title: 'Network configuration' },
  component: () => (
    <EmptyState
      title="No network configuration yet"
      hint="The device's network settings will be editable here."
    />
  ),
});
