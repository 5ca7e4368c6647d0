import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@/components/Page.tsx';

export const Route = createFileRoute('/_auth/_header/templates/$id/edit')({
  staticData: { title: 'Edit template' },
  component: () => <EmptyState title="Template editing is not available yet" />,
});
