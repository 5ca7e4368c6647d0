import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type ApiClientRead, isExpiredProSpace, upgradeTarget } from '@tinkercloud/shared';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { EmptyState, Page } from '@/components/Page.tsx';
import { apiKeysQueryOptions } from '@/features/api-keys/api/api-keys.ts';
import { ApiKeyLimit } from '@/features/api-keys/components/ApiKeyLimit.tsx';
import { ApiKeysTable, RevokeDialog } from '@/features/api-keys/components/ApiKeysTable.tsx';
import { CreateApiKeyDialog } from '@/features/api-keys/components/CreateApiKeyDialog.tsx';
import { apiKeyAllowance } from '@/features/api-keys/model/api-key-allowance.ts';
import { serverAddress } from '@/features/integrations/model/server-address.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { canReadRecap, recapQueryOptions } from '@/features/spaces/api/recap.ts';
import { useViewer } from '@/features/spaces/hooks.ts';
import { requireAccess } from '@/lib/route-guards.ts';
import { upgradeHref } from '@/shell/outside-links.ts';

export const Route = createFileRoute('/_auth/_sidebar/api-keys')({
  staticData: { title: 'API Keys' },
  beforeLoad: requireAccess('api-keys'),
  component: APIKeysPage,
});

function APIKeysPage() {
  const { selected } = useViewer();
  return (
    <Page title="API Keys">
      {spaceAllows(selected, 'api_clients.manage') ? (
        <ApiKeys key={selected.id} />
      ) : (
        <EmptyState
          title="Your role cannot manage API keys here"
          hint="Your role in this space does not include API keys. Ask an admin of the space, or create keys of your own in My Cloud."
        />
      )}
    </Page>
  );
}

function ApiKeys() {
  const { api, config } = useServices();
  const { selected, viewer, plansKnown } = useViewer();
  const space = selected.id;
  const keys = useQuery(apiKeysQueryOptions(api, config, space));
  const readsRecap = canReadRecap(selected);
  const recap = useQuery({ ...recapQueryOptions(api, config, space), enabled: readsRecap });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiClientRead | null>(null);
  const allowance = apiKeyAllowance(recap.data, isExpiredProSpace(selected));
  const target = plansKnown ? upgradeTarget(viewer) : null;
  const server = serverAddress(config.hosts.api, window.location.origin);

  // Offered once the plan is known, so a plan without keys never flashes a create button.
  const offerCreate = allowance.canCreate && !(readsRecap && recap.isPending);
  const createButton = offerCreate && <Button onClick={() => setCreating(true)}>Create API key</Button>;
  return (
    <>
      <p className="muted">
        Programs use a key's client ID and secret to get tokens for the API: see{' '}
        <Link to="/integrations/">Integrations</Link> for examples.
      </p>
      <ApiKeyLimit
        allowance={allowance}
        upgradeHref={target ? upgradeHref(target, config, viewer.plans) : null}
      />
      <AsyncState
        query={keys}
        errorTitle="API keys could not be loaded"
        empty={{
          title: 'No API keys yet',
          hint: 'Create a key for each program that uses the API, so you can revoke one without stopping the others.',
          ...(createButton ? { action: createButton } : {}),
        }}
      >
        {(list) => (
          <>
            {createButton && <div className="page-actions">{createButton}</div>}
            <ApiKeysTable keys={list} onRevoke={setRevoking} />
          </>
        )}
      </AsyncState>
      {creating && <CreateApiKeyDialog space={space} server={server} onClose={() => setCreating(false)} />}
      {revoking && <RevokeDialog space={space} apiKey={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}
