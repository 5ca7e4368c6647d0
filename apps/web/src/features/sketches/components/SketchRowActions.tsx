import { useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { fetchSketchZip } from '../api/sketches.ts';
import { useDuplicateSketch, useRenameSketch } from '../api/use-sketch-writes.ts';
import { useSketchesApi } from '../api/use-sketches-api.ts';
import { saveBlob } from '../model/save-blob.ts';
import { SketchNameDialog } from './SketchNameDialog.tsx';

interface Named {
  id: string;
  name: string;
}

/** A sketch row's own actions, before the list's Move and Delete: Rename and Duplicate (iot.write), Download. */
export function SketchRowActions({ sketch, canWrite }: { sketch: Named; canWrite: boolean }) {
  const [dialog, setDialog] = useState<'rename' | 'duplicate' | null>(null);
  const s = useSketchesApi();
  const rename = useRenameSketch();
  const duplicate = useDuplicateSketch();

  // A read, not a write: its failure toasts here the way a write's would.
  const download = () =>
    fetchSketchZip(s, sketch.id).then(
      (zip) => saveBlob(`${sketch.name}.zip`, zip),
      (error: unknown) => toast.error(networkErrorMessage(error)),
    );

  return (
    <>
      {canWrite && (
        <>
          <Button
            variant="subtle"
            className="button-small"
            aria-label={`Rename ${sketch.name}`}
            onClick={() => setDialog('rename')}
          >
            Rename
          </Button>
          <Button
            variant="subtle"
            className="button-small"
            aria-label={`Duplicate ${sketch.name}`}
            onClick={() => setDialog('duplicate')}
          >
            Duplicate
          </Button>
        </>
      )}
      <Button
        variant="subtle"
        className="button-small"
        aria-label={`Download ${sketch.name}`}
        onClick={download}
      >
        Download
      </Button>
      {dialog === 'rename' && (
        <SketchNameDialog
          label={`Rename ${sketch.name}`}
          submitLabel="Rename"
          initialName={sketch.name}
          save={(name) => rename.mutateAsync({ id: sketch.id, name })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'duplicate' && (
        <SketchNameDialog
          label={`Duplicate ${sketch.name}`}
          submitLabel="Duplicate"
          initialName={`${sketch.name}_copy`}
          save={(name) => duplicate.mutateAsync({ id: sketch.id, name })}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
