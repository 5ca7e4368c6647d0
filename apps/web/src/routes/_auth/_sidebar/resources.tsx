import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, Page } from '@/components/Page.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/resources')({
  staticData: { title: 'Resources' },
  beforeLoad: requireAccess('resources'),
  component: ResourcesPage,
});

function ResourcesPage() {
  return (
    <Page title="Resources">
      <EmptyState title="No resources yet" hint="Guides and documentation will be listed here." />
    </Page>
  );
}
