import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, Page } from '@/components/Page.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_header/templates/new')({
  staticData: { title: 'New template' },
  beforeLoad: requireAccess('templates'),
  component: () => (
    <Page title="New template">
      <EmptyState
        title="Template creation is not available yet"
        hint="Creating a template will be possible from here."
      />
    </Page>
  ),
});
