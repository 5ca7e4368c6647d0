import type { ReactNode } from 'react';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';

/** Asks before a destructive step; the dialog closes once `confirm` resolves and stays open if it rejects. */
export function ConfirmDialog({
  label,
  confirmLabel,
  children,
  confirm,
  onClose,
}: {
  label: string;
  confirmLabel: string;
  children: ReactNode;
  confirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <Dialog label={label} onClose={onClose}>
      {children}
      <div className="modal-actions">
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => confirm().then(onClose)}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
