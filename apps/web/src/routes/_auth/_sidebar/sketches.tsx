import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { EmptyState, Page } from '@/components/Page.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/sketches')({
  staticData: { title: 'Sketches' },
  validateSearch: listSearchSchema,
  beforeLoad: requireAccess('sketches'),
  component: SketchesPage,
});

function SketchesPage() {
  return (
    <Page title="Sketches">
      <EmptyState title="No sketches yet" hint="Sketches you write will be listed here." />
    </Page>
  );
}
