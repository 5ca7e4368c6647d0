import { createFileRoute } from '@tanstack/react-router';
import type { Column } from '@/components/DataTable.tsx';
import { Page } from '@/components/Page.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import type { GroupItem } from '@/features/lists/api/groups.ts';
import { GroupList } from '@/features/lists/components/GroupList.tsx';
import { LIST_KINDS } from '@/features/lists/model/list-kinds.ts';
import { listPageSearchSchema } from '@/features/lists/model/list-search.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/sketches')({
  staticData: { title: 'Sketches' },
  validateSearch: listPageSearchSchema,
  beforeLoad: requireAccess('sketches'),
  component: SketchesPage,
});

// Sketches have no list of their own: the groups API's items are the rows.
const columns: Column<GroupItem>[] = [
  { id: 'name', header: 'Name', sortValue: (sketch) => sketch.name, cell: (sketch) => sketch.name },
  {
    id: 'updated',
    header: 'Last change',
    sortValue: (sketch) => sketch.updated_at,
    cell: (sketch) => formatDateTime(sketch.updated_at),
  },
];
const idOf = (sketch: GroupItem) => sketch.id;

function SketchesPage() {
  const { view, forcesearch } = Route.useSearch();
  return (
    <Page title="Sketches">
      <GroupList
        kind={LIST_KINDS.sketches}
        path="/sketches/"
        label="Sketches"
        records={null}
        idOf={idOf}
        columns={columns}
        rowTestId="sketch-row"
        view={view}
        forceSearch={forcesearch}
        errorTitle="Sketches could not be loaded"
        empty={{
          title: 'No sketches yet',
          hint: 'A sketch is the program a board runs. The sketches saved in this space are listed here, with the folders you make for them.',
        }}
      />
    </Page>
  );
}
