import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { thingQueryOptions } from '@/features/iot/api/detail-queries.ts';
import { useIotContext } from '../api/use-iot-context.ts';

/**
 * Said before a variable is renamed or deleted (issue 28 item 3): the board keeps sending the name its sketch
 * was built with, and those values are refused until the sketch is uploaded again. The thing's own sketch is
 * regenerated with its variables, so it is linked when there is one.
 */
export function SketchUpdateWarning({
  thingId,
  oldName,
  change,
}: {
  thingId: string;
  oldName: string;
  change: 'rename' | 'delete';
}) {
  const { api, config, space } = useIotContext();
  const thing = useQuery(thingQueryOptions(api, config, space, thingId));
  const sketchId = thing.data?.sketch_id;
  return (
    <div className="notice notice-warning" role="status" data-testid="sketch-update-warning">
      <p>
        The board’s sketch must be updated: until it is, the board keeps sending{' '}
        {change === 'rename' ? 'the old name ' : ''}
        <code>{oldName}</code>, and those values are refused (the thing and device pages list them under
        Refused values).
      </p>
      <p>
        {sketchId ? (
          <>
            <Link to="/sketches/$id/" params={{ id: sketchId }}>
              Open the thing’s sketch
            </Link>
            : its <code>thingProperties.h</code> already follows the thing’s variables;{' '}
            {change === 'rename' ? 'change the name' : 'remove the variable'} where the sketch’s code uses it,
            then upload it to the board again.
          </>
        ) : (
          `${change === 'rename' ? 'Rename' : 'Remove'} the variable in the board’s sketch and upload it again.`
        )}
      </p>
    </div>
  );
}
