import { useQuery } from '@tanstack/react-query';
import { propertyTypeInfo } from '@tinkercloud/shared/iot';
import { type ReactNode, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { EmptyState } from '@/components/Page.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Property } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { deleteProperty } from '../api/thing-writes.ts';
import { thingPropertiesQueryOptions } from '../api/things.ts';
import { useIotContext } from '../api/use-iot-context.ts';
import { PublishValueForm } from './PublishValueForm.tsx';
import { SketchUpdateWarning } from './SketchUpdateWarning.tsx';
import { ValueView } from './ValueView.tsx';
import { VariableDialog } from './VariableDialog.tsx';

interface VariablesTableProps {
  space: string;
  thingId: string;
  canWrite: boolean;
  /** Offer to add, edit and delete variables (the thing page; the device page only shows them). */
  editable?: boolean;
  /** Re-read the values on this timer (when no live stream feeds them). */
  pollMs?: number | false;
}

type Editing = { mode: 'add' } | { mode: 'edit'; property: Property } | null;

/**
 * A thing's variables with their last values shown by kind; writable ones (READ_WRITE) get the write control
 * of their kind. On the thing page, variables are also added, edited and deleted here.
 */
export function VariablesTable({
  space,
  thingId,
  canWrite,
  editable = false,
  pollMs = false,
}: VariablesTableProps) {
  const { api, config } = useServices();
  const query = useQuery({
    ...thingPropertiesQueryOptions(api, config, space, thingId),
    refetchInterval: pollMs,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const manage = editable && canWrite;
  const list = query.data ?? [];
  const dialogs = (
    <>
      {editing && (
        <VariableDialog
          thingId={thingId}
          siblings={list}
          {...(editing.mode === 'edit' ? { property: editing.property } : {})}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteVariableDialog property={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
  const addButton = manage && (
    <button type="button" className="button" onClick={() => setEditing({ mode: 'add' })}>
      Add variable
    </button>
  );

  if (query.isPending) return <PageLoader />;
  // A failed re-read keeps the list it had (and any open dialog); only a list never read shows the error.
  if (query.isError && query.data === undefined)
    return <EmptyState title="Variables could not be loaded" hint={query.error.message} />;
  // The dialogs keep one place in the tree whether the list is empty or not: the first variable added turns the
  // empty state into the table, and a dialog remounted there would forget the save it is waiting for (and
  // stay open with an empty form).
  return (
    <>
      {list.length === 0 ? (
        <div className="empty-state-with-action">
          <EmptyState
            title="No variables yet"
            hint={
              manage
                ? 'Add the variables the device reads and writes: a temperature, a switch, a colour…'
                : 'Variables you add to the thing will be listed here.'
            }
          />
          {addButton}
        </div>
      ) : (
        <VariableRows
          list={list}
          space={space}
          canWrite={canWrite}
          manage={manage}
          addButton={addButton}
          onEdit={(property) => setEditing({ mode: 'edit', property })}
          onDelete={setDeleting}
        />
      )}
      {dialogs}
    </>
  );
}

/** The table of a thing's variables, with their write controls and (when managed) edit and delete. */
function VariableRows({
  list,
  space,
  canWrite,
  manage,
  addButton,
  onEdit,
  onDelete,
}: {
  list: Property[];
  space: string;
  canWrite: boolean;
  manage: boolean;
  addButton: ReactNode;
  onEdit: (property: Property) => void;
  onDelete: (property: Property) => void;
}) {
  const writable = canWrite && list.some((p) => p.permission === 'READ_WRITE');
  return (
    <>
      {addButton && <div className="page-actions">{addButton}</div>}
      <div className="table-wrap">
        <table className="table table-cards" aria-label="Variables">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">Type</th>
              <th scope="col">Last update</th>
              {writable && <th scope="col">Send a value</th>}
              {manage && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {list.map((property) => (
              <tr key={property.id} data-testid="variable-row">
                <th scope="row">{property.name}</th>
                <td className="variable-value" data-label="Value">
                  <ValueView type={property.type} value={property.last_value} />
                </td>
                <td data-label="Type">
                  {propertyTypeInfo(property.type)?.name ?? property.type}
                  <span className="table-sub">
                    {property.type}
                    {property.permission === 'READ_ONLY' ? ', read only' : ''}
                  </span>
                </td>
                <td data-label="Last update">
                  {property.value_updated_at ? formatDateTime(property.value_updated_at) : 'Never'}
                </td>
                {writable && (
                  <td data-label="Send a value">
                    {property.permission === 'READ_WRITE' && (
                      <PublishValueForm space={space} property={property} />
                    )}
                  </td>
                )}
                {manage && (
                  <td>
                    <div className="variable-actions">
                      <button
                        type="button"
                        className="button button-subtle button-small"
                        aria-label={`Edit ${property.name}`}
                        onClick={() => onEdit(property)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button button-danger button-small"
                        aria-label={`Delete ${property.name}`}
                        onClick={() => onDelete(property)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Deletes a variable after a confirmation: gone from the table at once, back if the server refuses. */
function DeleteVariableDialog({ property, onClose }: { property: Property; onClose: () => void }) {
  const ctx = useIotContext();
  const remove = useApiMutation<void, void, Property[]>({
    mutationFn: () => deleteProperty(ctx, property.thing_id, property.id),
    optimistic: {
      queryKey: iotKeys.thingProperties(ctx.space, property.thing_id),
      update: (list) => list?.filter((p) => p.id !== property.id),
    },
    invalidates: [iotKeys.thing(ctx.space, property.thing_id), iotKeys.things(ctx.space)],
    successMessage: `${property.name} was deleted`,
  });
  return (
    <Dialog label="Delete variable" onClose={onClose}>
      <p>
        Delete <strong>{property.name}</strong> and its values? A sketch that uses it no longer syncs it.
      </p>
      <SketchUpdateWarning
        thingId={property.thing_id}
        oldName={property.variable_name ?? property.name}
        change="delete"
      />
      <div className="modal-actions">
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => remove.mutateAsync().then(onClose, () => undefined)}>
          Delete variable
        </Button>
      </div>
    </Dialog>
  );
}
