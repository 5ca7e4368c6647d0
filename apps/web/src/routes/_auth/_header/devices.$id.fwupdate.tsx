import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../../components/Page.tsx';

export const Route = createFileRoute('/_auth/_header/devices/$id/fwupdate')({
  staticData: { title: 'Firmware update' },
  component: () => (
    <EmptyState title="No firmware updates yet" hint="Over-the-air updates will be listed here." />
  ),
});
