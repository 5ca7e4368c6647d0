import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Page } from '@/components/Page.tsx';
import { apiKeysQueryOptions } from '@/features/api-keys/api/api-keys.ts';
import { CodeExample } from '@/features/integrations/components/CodeExample.tsx';
import { ThingWebhooks } from '@/features/integrations/components/ThingWebhooks.tsx';
import {
  curlExample,
  type ExampleInputs,
  iotJsExample,
  restClientExample,
} from '@/features/integrations/model/examples.ts';
import { serverAddress } from '@/features/integrations/model/server-address.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { thingsQueryOptions } from '@/features/things/api/things.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/integrations')({
  staticData: { title: 'Integrations' },
  beforeLoad: requireAccess('integrations'),
  component: IntegrationsPage,
});

function IntegrationsPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const canUseKeys = spaceAllows(selected, 'api_clients.manage');
  const keys = useQuery({ ...apiKeysQueryOptions(api, config, selected.id), enabled: canUseKeys });
  const things = useQuery(thingsQueryOptions(api, config, selected.id));
  const inputs: ExampleInputs = {
    server: serverAddress(config.hosts.api, window.location.origin),
    brokerWsUrl: config.mqtt?.wsUrl ?? null,
    clientId: keys.data?.[0]?.client_id ?? null,
    thingId: things.data?.[0]?.id ?? null,
  };
  return (
    <Page title="Integrations">
      <p>
        Programs reach this server's API with an API key: they trade its client ID and secret for a token,
        valid 5 minutes, and send it as a bearer token. The examples below are filled with this server's
        address
        {inputs.clientId ? ' and the client ID of your first key' : ''}; each reads the secret from the
        CLIENT_SECRET environment variable.
      </p>
      {!inputs.clientId && (
        <p className="notice" data-testid="integrations-no-key">
          You have no API key in this space yet: <Link to="/api-keys/">create one on the API Keys page</Link>,
          then come back for examples with its client ID.
        </p>
      )}
      <CodeExample
        title="REST client"
        intro="The official JavaScript client of the API, @arduino/arduino-iot-client, listing your things."
        code={restClientExample(inputs)}
        testId="example-rest-client"
      />
      <CodeExample
        title="arduino-iot-js"
        intro="Live values over MQTT on WebSocket in application mode: read a variable as it changes and write another."
        code={iotJsExample(inputs)}
        testId="example-iot-js"
      />
      {!inputs.brokerWsUrl && (
        <p className="muted">
          This server does not know its broker's public WebSocket address: put the one your operator gives you
          in place of {'wss://YOUR-BROKER/mqtt'}.
        </p>
      )}
      <CodeExample
        title="curl"
        intro="A token, then the list of things, from a shell (jq reads the token out of the answer)."
        code={curlExample(inputs)}
        testId="example-curl"
      />
      <h2>Webhooks</h2>
      <p className="muted">
        A thing's webhook receives its variables' new values as they arrive. Set or change it on the thing's
        page.
      </p>
      <AsyncState
        query={things}
        errorTitle="Things could not be loaded"
        empty={{ title: 'No things yet', hint: 'Webhooks belong to things: create a thing first.' }}
      >
        {(list) => <ThingWebhooks things={list} />}
      </AsyncState>
    </Page>
  );
}
