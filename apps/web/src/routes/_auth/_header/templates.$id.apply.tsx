import { createFileRoute } from '@tanstack/react-router';
import { templateApplySearchSchema } from '@tinkercloud/shared';
import { EmptyState } from '@/components/Page.tsx';

export const Route = createFileRoute('/_auth/_header/templates/$id/apply')({
  staticData: { title: 'Apply template' },
  validateSearch: templateApplySearchSchema,
  component: () => <EmptyState title="Applying templates is not available yet" />,
});
