import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { Column } from '@/components/DataTable.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import type { GroupItem } from '@/features/lists/api/groups.ts';
import { GroupList } from '@/features/lists/components/GroupList.tsx';
import { LIST_KINDS } from '@/features/lists/model/list-kinds.ts';
import type { ListView } from '@/features/lists/model/list-search.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { deleteSketch } from '../api/sketches.ts';
import { useSketchesApi } from '../api/use-sketches-api.ts';
import { NewSketchButtons } from './NewSketchButtons.tsx';
import { SketchRowActions } from './SketchRowActions.tsx';

// Sketches have no list of their own: the groups API's items are the rows, each opening its editor.
const columns: Column<GroupItem>[] = [
  {
    id: 'name',
    header: 'Name',
    sortValue: (sketch) => sketch.name,
    cell: (sketch) => (
      <Link to="/sketches/$id/" params={{ id: sketch.id }}>
        {sketch.name}
      </Link>
    ),
  },
  {
    id: 'updated',
    header: 'Last change',
    sortValue: (sketch) => sketch.updated_at,
    cell: (sketch) => formatDateTime(sketch.updated_at),
  },
];
const idOf = (sketch: GroupItem) => sketch.id;

/** The Sketches page (spec 2.1): the group list of sketches with New, Upload and each sketch's actions. */
export function SketchesList({ view, forceSearch }: { view: ListView | undefined; forceSearch?: boolean }) {
  const s = useSketchesApi();
  const { selected } = useSpaces();
  const canWrite = spaceAllows(selected, 'iot.write');
  // The lists' trash behaviour: a soft DELETE, then an Undo toast that restores through the groups trash.
  const deleteItem = useCallback((id: string) => deleteSketch(s, id), [s]);
  return (
    <GroupList
      kind={LIST_KINDS.sketches}
      path="/sketches/"
      label="Sketches"
      records={null}
      idOf={idOf}
      columns={columns}
      rowTestId="sketch-row"
      view={view}
      forceSearch={forceSearch}
      deleteItem={deleteItem}
      actions={canWrite ? (folderId) => <NewSketchButtons folderId={folderId} /> : undefined}
      itemActions={(item) => <SketchRowActions sketch={item} canWrite={canWrite} />}
      errorTitle="Sketches could not be loaded"
      empty={{
        title: 'No sketches yet',
        hint: 'A sketch is the program a board runs. Make one with New sketch, or upload an .ino or a .zip.',
      }}
    />
  );
}
