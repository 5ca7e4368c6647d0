import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/branding')({
  staticData: { title: 'Branding' },
  beforeLoad: requireAccess('branding'),
  component: BrandingPage,
});

function BrandingPage() {
  return (
    <Page title="Branding">
      <EmptyState title="No branding yet" hint="The logos of this space will be managed here." />
    </Page>
  );
}
