import type { ApiClientRead } from '@tinkercloud/shared';
import { Button } from '@/components/Button.tsx';
import { type Column, DataTable } from '@/components/DataTable.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { useRevokeApiKey } from '../api/api-keys.ts';

/**
 * The viewer's keys: name, client id, when made and last used, and Revoke, which asks `onRevoke` to confirm.
 * The confirmation lives with the page, not here: revoking the last key empties the list at once and this
 * table with it, while the dialog must stay to offer a retry if the server refuses.
 */
export function ApiKeysTable({
  keys,
  onRevoke,
}: {
  keys: readonly ApiClientRead[];
  onRevoke: (key: ApiClientRead) => void;
}) {
  const columns: Column<ApiClientRead>[] = [
    { id: 'name', header: 'Name', cell: (key) => key.name, sortValue: (key) => key.name, rowHeader: true },
    { id: 'client_id', header: 'Client ID', cell: (key) => <code>{key.client_id}</code> },
    {
      id: 'created',
      header: 'Created',
      cell: (key) => formatDateTime(key.created_at),
      sortValue: (key) => key.created_at,
    },
    {
      id: 'last_used',
      header: 'Last used',
      cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'),
      sortValue: (key) => key.last_used_at,
    },
    {
      id: 'actions',
      header: 'Actions',
      buttons: true,
      cell: (key) => (
        <Button
          variant="danger"
          className="button-small"
          aria-label={`Revoke ${key.name}`}
          onClick={() => onRevoke(key)}
        >
          Revoke
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="API keys"
      columns={columns}
      rows={keys}
      rowKey={(key) => key.client_id}
      initialSort={{ column: 'created', direction: 'desc' }}
      rowProps={() => ({ 'data-testid': 'api-key-row' })}
    />
  );
}

/** Confirms revoking a key; closes when the server agreed, stays (the error toasted) when it refused. */
export function RevokeDialog({
  space,
  apiKey,
  onClose,
}: {
  space: string;
  apiKey: ApiClientRead;
  onClose: () => void;
}) {
  const revoke = useRevokeApiKey(space);
  const confirm = async () => {
    try {
      await revoke.mutateAsync(apiKey);
      onClose();
    } catch {
      // Toasted by useApiMutation; the dialog stays so the user can try again or cancel.
    }
  };
  return (
    <Dialog label={`Revoke ${apiKey.name}?`} onClose={onClose}>
      <p>
        Programs using this key can no longer get tokens, and the tokens they hold stop working within
        seconds. This cannot be undone.
      </p>
      <div className="modal-actions">
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm}>
          Revoke key
        </Button>
      </div>
    </Dialog>
  );
}
