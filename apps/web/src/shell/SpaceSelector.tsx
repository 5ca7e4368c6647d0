import type { Space } from '@tinkercloud/shared';
import { useRef, useState } from 'react';
import { Dialog } from '../components/Dialog.tsx';
import { useSpaces } from '../features/spaces/hooks.ts';

/** More spaces than this open the 'Switch space' dialog instead of a list (spec section 9). */
export const SWITCHER_DIALOG_ABOVE = 3;

const KIND_LABEL: Record<Space['space'], string> = { private: 'Personal', edu: 'School', pro: 'Team' };

/** The sidebar header's space selector (spec 2.4): hidden with one space, a dialog with more than 3. */
export function SpaceSelector() {
  const { spaces, selected, select } = useSpaces();
  const [dialogOpen, setDialogOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  if (spaces.length <= 1) return null;

  const choose = (id: string) => {
    if (details.current) details.current.open = false;
    setDialogOpen(false);
    select(id);
  };

  if (spaces.length > SWITCHER_DIALOG_ABOVE) {
    return (
      <>
        <button
          type="button"
          className="space-selector-trigger"
          data-testid="space-selector"
          aria-haspopup="dialog"
          onClick={() => setDialogOpen(true)}
        >
          <SpaceLabel space={selected} />
        </button>
        {dialogOpen && (
          <Dialog label="Switch space" onClose={() => setDialogOpen(false)}>
            <SpaceList spaces={spaces} selectedId={selected.id} onChoose={choose} />
          </Dialog>
        )}
      </>
    );
  }

  return (
    <details ref={details} className="space-selector">
      <summary className="space-selector-trigger" data-testid="space-selector">
        <SpaceLabel space={selected} />
      </summary>
      <SpaceList spaces={spaces} selectedId={selected.id} onChoose={choose} />
    </details>
  );
}

function SpaceLabel({ space }: { space: Space }) {
  return (
    <span className="space-label">
      <span className="space-name">{space.name}</span>{' '}
      <span className="space-kind">{KIND_LABEL[space.space]}</span>
    </span>
  );
}

function SpaceList({
  spaces,
  selectedId,
  onChoose,
}: {
  spaces: Space[];
  selectedId: string;
  onChoose: (id: string) => void;
}) {
  return (
    <ul className="space-list" aria-label="Spaces">
      {spaces.map((space) => (
        <li key={space.id}>
          <button
            type="button"
            className="space-option"
            aria-pressed={space.id === selectedId}
            onClick={() => onChoose(space.id)}
          >
            <SpaceLabel space={space} />
          </button>
        </li>
      ))}
    </ul>
  );
}
