import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { EmptyState } from '@/components/Page.tsx';
import { reReadFailed, StaleNotice } from '@/components/StaleNotice.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import {
  clearRefusedValues,
  REFUSED_POLL_MS,
  type RefusedSource,
  refusedValuesKey,
  refusedValuesQueryOptions,
} from '../api/refused-values.ts';
import { reasonInWords, refusedName } from '../model/refused-reason.ts';
import './refused-values.css';

/**
 * The device page's and thing page's "Refused values": what the device sent that was not stored, by the name
 * it used and why, with how often and when last (issue 28 item 3: a board still sending a renamed
 * variable's old name). A list, not a table, so nothing leaves the screen at 360 px.
 */
export function RefusedValues({
  space,
  source,
  canClear,
}: {
  space: string;
  source: RefusedSource;
  /** Offer Clear (write access in the space). */
  canClear: boolean;
}) {
  const { api, config } = useServices();
  const query = useQuery({
    ...refusedValuesQueryOptions(api, config, space, source),
    refetchInterval: REFUSED_POLL_MS,
  });
  const [clearing, setClearing] = useState(false);
  const titleId = `refused-values-title-${source.kind}`;
  const list = query.data?.refused ?? [];
  const deviceId = query.data?.device_id ?? null;
  return (
    <section className="device-section refused-values" aria-labelledby={titleId}>
      <div className="section-header">
        <h2 id={titleId}>Refused values</h2>
        {canClear && deviceId && list.length > 0 && (
          <Button variant="subtle" className="button-small" onClick={() => setClearing(true)}>
            Clear
          </Button>
        )}
      </div>
      {reReadFailed(query) && <StaleNotice error={query.error} />}
      {query.isPending ? (
        <p className="muted">Loading…</p>
      ) : query.data === undefined ? (
        <p className="muted">The refused values could not be loaded: {query.error?.message}</p>
      ) : list.length === 0 ? (
        <EmptyState
          title="No refused values"
          hint={
            deviceId
              ? 'Everything the device sent was stored.'
              : 'Values a device sends to this thing and that cannot be stored show here.'
          }
        />
      ) : (
        <>
          <p className="muted">
            The device sent these, and they were not stored. A name the thing does not have usually means the
            variable was renamed or deleted and the board still runs the old sketch.
          </p>
          <ul className="refused-list" aria-label="Refused values">
            {list.map((r) => (
              <li key={`${r.name}\u0000${r.reason}`} data-testid="refused-value">
                <span className="refused-name">
                  {r.name === '' ? refusedName(r.name) : <code>{r.name}</code>}
                </span>
                <span className="refused-reason">{reasonInWords(r.reason)}</span>
                <span className="refused-when">
                  {r.count === 1 ? 'Once' : `${r.count.toLocaleString()} times`}, last{' '}
                  <time dateTime={r.last_at}>{formatDateTime(r.last_at)}</time>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {clearing && deviceId && (
        <ClearRefusedDialog
          space={space}
          deviceId={deviceId}
          source={source}
          onClose={() => setClearing(false)}
        />
      )}
    </section>
  );
}

/** Clears the device's refused values after a confirmation (the counts start again). */
function ClearRefusedDialog({
  space,
  deviceId,
  source,
  onClose,
}: {
  space: string;
  deviceId: string;
  source: RefusedSource;
  onClose: () => void;
}) {
  const { api, config } = useServices();
  const clear = useApiMutation<void>({
    mutationFn: () => clearRefusedValues({ api, config, space }, deviceId),
    invalidates: [refusedValuesKey(space, source), refusedValuesKey(space, { kind: 'device', id: deviceId })],
    successMessage: 'Refused values cleared',
  });
  return (
    <Dialog label="Clear refused values" onClose={onClose}>
      <p>
        Clear the list of refused values? The counts start again from zero; what the device sends is not
        changed.
      </p>
      <div className="modal-actions">
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => clear.mutateAsync().then(onClose, () => undefined)}>
          Clear refused values
        </Button>
      </div>
    </Dialog>
  );
}
