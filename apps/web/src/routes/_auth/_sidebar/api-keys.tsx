import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, Page } from '@/components/Page.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/api-keys')({
  staticData: { title: 'API Keys' },
  beforeLoad: requireAccess('api-keys'),
  component: APIKeysPage,
});

function APIKeysPage() {
  return (
    <Page title="API Keys">
      <EmptyState title="No API keys yet" hint="Keys you create for the API will be listed here." />
    </Page>
  );
}
