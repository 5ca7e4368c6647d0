import { createFileRoute } from '@tanstack/react-router';
import { Page } from '@/components/Page.tsx';
import { listPageSearchSchema } from '@/features/lists/model/list-search.ts';
import { SketchesList } from '@/features/sketches/components/SketchesList.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/sketches')({
  staticData: { title: 'Sketches' },
  validateSearch: listPageSearchSchema,
  beforeLoad: requireAccess('sketches'),
  component: SketchesPage,
});

function SketchesPage() {
  const { view, forcesearch } = Route.useSearch();
  return (
    <Page title="Sketches">
      <SketchesList view={view} forceSearch={forcesearch} />
    </Page>
  );
}
