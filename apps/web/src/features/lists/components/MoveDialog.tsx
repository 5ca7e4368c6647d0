import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { allFoldersQueryOptions } from '../api/groups.ts';
import { useGroupsApi } from '../api/use-groups-api.ts';
import { type Named, useMoveItems } from '../api/use-list-writes.ts';
import { folderChoices } from '../model/folder-path.ts';
import { countOf, type ListKind } from '../model/list-kinds.ts';

const TOP = '';

/** Picks the folder to move items into (or the top level) from every folder of the list. */
export function MoveDialog({
  kind,
  items,
  current,
  onClose,
  onMoved,
}: {
  kind: ListKind;
  items: Named[];
  /** The folder the items are in now (null: the top), which is no destination. */
  current: string | null;
  onClose: () => void;
  onMoved: () => void;
}) {
  const g = useGroupsApi();
  const folders = useQuery(allFoldersQueryOptions(g, kind.list));
  const move = useMoveItems(kind);
  const [target, setTarget] = useState<string | null>(null);
  const name = useId();
  const what = items.length === 1 ? (items[0]?.name ?? '') : countOf(kind, items.length);

  const submit = () => {
    if (target === null) return;
    const folder = target === TOP ? null : (folders.data?.find((f) => f.id === target) ?? null);
    return move.mutateAsync({ items, folder }).then(() => {
      onMoved();
      onClose();
    });
  };

  return (
    <Dialog label={`Move ${what}`} onClose={onClose}>
      <AsyncState query={folders} errorTitle="Folders could not be loaded">
        {(data) => (
          <fieldset className="move-choices">
            <legend>Move to</legend>
            {[{ id: TOP, label: 'No folder (top level)' }, ...folderChoices(data)].map((choice) => (
              <label key={choice.id} className="move-choice">
                <input
                  type="radio"
                  name={name}
                  value={choice.id}
                  checked={target === choice.id}
                  disabled={choice.id === (current ?? TOP)}
                  onChange={() => setTarget(choice.id)}
                />
                {choice.label}
                {choice.id === (current ?? TOP) && <span className="muted"> (here now)</span>}
              </label>
            ))}
          </fieldset>
        )}
      </AsyncState>
      <div className="modal-actions">
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={target === null}>
          Move
        </Button>
      </div>
    </Dialog>
  );
}
