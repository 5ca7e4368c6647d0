import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { toast } from '@/lib/toast.tsx';
import { useCreateSketch } from '../api/use-sketch-writes.ts';
import { readUpload, UploadProblem } from '../model/read-upload.ts';
import { checkSketchName } from '../model/sketch-name.ts';
import { SketchNameDialog } from './SketchNameDialog.tsx';

/**
 * The Sketches page's "New sketch" and "Upload": both make the sketch in the folder the page shows. A new
 * sketch opens in the editor; an upload stays on the list, where it appears.
 */
export function NewSketchButtons({ folderId }: { folderId: string | null }) {
  const [naming, setNaming] = useState(false);
  const create = useCreateSketch();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const folder = folderId ? { folder_id: folderId } : {};

  const upload = async (file: File) => {
    let read: Awaited<ReturnType<typeof readUpload>>;
    try {
      read = await readUpload(file);
    } catch (error) {
      toast.error(error instanceof UploadProblem ? error.message : `${file.name} could not be read.`);
      return;
    }
    const { name, problem } = checkSketchName(read.name);
    if (problem) {
      toast.error(`${read.name} cannot name a sketch: ${problem}`);
      return;
    }
    // The main .ino is named after the sketch: it follows the conformant name.
    const files = read.files.map((f) => (f.name === `${read.name}.ino` ? { ...f, name: `${name}.ino` } : f));
    // A refusal (a name taken, the disk quota) toasts the server's detail through the mutation.
    await create.mutateAsync({ name, ...folder, files }).catch(() => undefined);
  };

  return (
    <>
      <Button onClick={() => setNaming(true)}>New sketch</Button>
      <Button variant="subtle" onClick={() => input.current?.click()} loading={create.isPending && !naming}>
        Upload sketch
      </Button>
      <input
        ref={input}
        type="file"
        accept=".ino,.zip"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Sketch file to upload (.ino or .zip)"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {naming && (
        <SketchNameDialog
          label="New sketch"
          submitLabel="Create sketch"
          save={(name) =>
            create
              .mutateAsync({ name, ...folder })
              .then((sketch) => navigate({ to: '/sketches/$id/', params: { id: sketch.id } }))
          }
          onClose={() => setNaming(false)}
        />
      )}
    </>
  );
}
