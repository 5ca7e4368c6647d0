import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@/components/Page.tsx';

export const Route = createFileRoute('/_auth/_header/templates/$id/')({
  component: () => (
    <EmptyState title="No template details yet" hint="What this template contains will be shown here." />
  ),
});
