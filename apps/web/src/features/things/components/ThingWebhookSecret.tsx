import { useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { CopyField } from '@/components/CopyField.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { useRotateWebhookSecret } from '../api/use-webhook-writes.ts';

/**
 * The webhook's signing secret: in full only right after it was made (by a first address or a rotation),
 * with Copy; afterwards only its masked end. Rotating asks first, since the receiver must then be given the
 * new one.
 */
export function ThingWebhookSecret({
  thingId,
  hint,
  fresh,
  onFresh,
  canWrite,
}: {
  thingId: string;
  hint: string | undefined;
  /** The secret just made, shown until the user is done with it. */
  fresh: string | null;
  onFresh: (secret: string | null) => void;
  canWrite: boolean;
}) {
  const rotate = useRotateWebhookSecret(thingId);
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      onFresh(await rotate.mutateAsync());
      setConfirming(false);
    } catch {
      // useApiMutation has shown the failure; the dialog stays for another try or Cancel.
    }
  };

  if (fresh) {
    return (
      <div className="webhook-secret-fresh" data-testid="webhook-secret-fresh">
        <p className="notice notice-warning" role="status">
          This signing secret is shown only once. Copy it into your receiver now: it cannot be read back later
          (rotate to make another).
        </p>
        <CopyField label="Signing secret" value={fresh} testId="webhook-secret" />
        <Button variant="subtle" onClick={() => onFresh(null)}>
          Done
        </Button>
      </div>
    );
  }

  return (
    <div className="webhook-secret-row">
      <p className="webhook-secret-hint">
        Signing secret:{' '}
        {hint ? (
          <code data-testid="webhook-secret-hint">{hint}</code>
        ) : (
          <span className="muted">made at the first delivery; rotate to see one.</span>
        )}
      </p>
      {canWrite && (
        <Button variant="subtle" onClick={() => setConfirming(true)}>
          Rotate secret
        </Button>
      )}
      {confirming && (
        <Dialog label="Rotate signing secret" onClose={() => setConfirming(false)}>
          <p>
            Make a new signing secret? The current one stops signing at once: your receiver rejects deliveries
            until it is given the new one.
          </p>
          <div className="modal-actions">
            <Button variant="subtle" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirm}>
              Rotate secret
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
