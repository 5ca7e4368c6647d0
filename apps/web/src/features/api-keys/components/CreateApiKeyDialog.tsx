import {
  API_CLIENT_NAME_MAX_LENGTH,
  API_CLIENT_NAME_PATTERN,
  type ApiClientCreatedRead,
} from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { CopyField } from '@/components/CopyField.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { DownloadButton } from '@/components/DownloadButton.tsx';
import { FormField } from '@/components/FormField.tsx';
import { tokenUrl } from '@/features/integrations/model/server-address.ts';
import { useCreateApiKey } from '../api/api-keys.ts';
import { apiKeyCredentialsFile, apiKeyCredentialsFileName } from '../model/credentials-file.ts';
import '../api-keys.css';

/** The server's key name rule, in words; null when the name is fine. */
export function apiKeyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Enter a name for the key.';
  if (trimmed.length > API_CLIENT_NAME_MAX_LENGTH || !API_CLIENT_NAME_PATTERN.test(trimmed))
    return `Use letters, digits, spaces and _ . - only, at most ${API_CLIENT_NAME_MAX_LENGTH} characters.`;
  return null;
}

/**
 * Names a new key, then shows its client id and secret this once (the server keeps only a hash of the
 * secret): copy buttons and a credentials file. Closing the dialog forgets the secret.
 */
export function CreateApiKeyDialog({
  space,
  server,
  onClose,
}: {
  space: string;
  server: string;
  onClose: () => void;
}) {
  const create = useCreateApiKey(space);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiClientCreatedRead | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (create.isPending) return;
    const problem = apiKeyNameProblem(name);
    setNameError(problem);
    if (problem) return;
    try {
      setCreated(await create.mutateAsync(name.trim()));
    } catch {
      // useApiMutation has toasted the server's reason; the form stays for another try.
    }
  };

  if (created) {
    return (
      <Dialog label="API key created" onClose={onClose}>
        <div className="form api-key-created" data-testid="api-key-created">
          <p className="notice notice-warning" role="status">
            This secret is shown only once. Copy it or download it now: it cannot be read back later, and a
            lost secret means revoking the key and creating another.
          </p>
          <CopyField label="Client ID" value={created.client_id} testId="api-key-client-id" />
          <CopyField label="Client secret" value={created.client_secret} testId="api-key-client-secret" />
          <p className="muted">
            Programs exchange them for a token at <code>{tokenUrl(server)}</code>.
          </p>
          <div className="modal-actions">
            <DownloadButton
              fileName={apiKeyCredentialsFileName(created)}
              text={apiKeyCredentialsFile(created, server)}
            >
              Download credentials
            </DownloadButton>
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog label="Create API key" onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted">A key lets a program use the API as you, in this space.</p>
        <FormField label="Key name" hint="Where it is used, e.g. Node-RED or home script." error={nameError}>
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={API_CLIENT_NAME_MAX_LENGTH}
              autoComplete="off"
            />
          )}
        </FormField>
        <div className="modal-actions">
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
