import { Link } from '@tanstack/react-router';
import { Button } from '@/components/Button.tsx';
import { useCreateThingSketch } from '../api/use-thing-sketch.ts';

/** A thing page's Sketch section: a link to its sketch, or Create sketch (generated from its variables). */
export function ThingSketchSection({
  thingId,
  sketchId,
  canWrite,
}: {
  thingId: string;
  sketchId: string | undefined;
  canWrite: boolean;
}) {
  const create = useCreateThingSketch(thingId);
  return (
    <section className="device-section" aria-labelledby="thing-sketch-title">
      <h2 id="thing-sketch-title">Sketch</h2>
      {sketchId ? (
        <p>
          <Link to="/sketches/$id/" params={{ id: sketchId }}>
            Open the thing's sketch
          </Link>
        </p>
      ) : (
        <>
          <p className="muted">
            This thing has no sketch yet. One made from its variables and device includes thingProperties.h,
            kept up to date as the variables change.
          </p>
          {canWrite && <Button onClick={() => create.mutateAsync()}>Create sketch</Button>}
        </>
      )}
    </section>
  );
}
