import { createFileRoute } from '@tanstack/react-router';
import { FirmwarePage } from '@/features/devices/firmware/FirmwarePage.tsx';

export const Route = createFileRoute('/_auth/_header/devices/$id/fwupdate')({
  staticData: { title: 'Firmware update' },
  component: FirmwareRoute,
});

function FirmwareRoute() {
  return <FirmwarePage deviceId={Route.useParams().id} />;
}
