import { useQuery } from '@tanstack/react-query';
import { thingSettingsSchema, type WebhookTestResult } from '@tinkercloud/shared/iot';
import { useId, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import type { Thing } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { useIotContext } from '../api/use-iot-context.ts';
import { useSaveWebhookAddress, useWebhookSwitch, useWebhookTest } from '../api/use-webhook-writes.ts';
import { webhookInfoQueryOptions } from '../api/webhook.ts';
import { SettingForm, webhookProblem } from './ThingSettings.tsx';
import { ThingWebhookLog } from './ThingWebhookLog.tsx';
import { ThingWebhookSecret } from './ThingWebhookSecret.tsx';
import './thing-webhook.css';

/** How the receiver answered the last test sent from this page. */
function TestResult({ result }: { result: WebhookTestResult }) {
  const at = <time dateTime={result.sent_at}>{formatDateTime(result.sent_at)}</time>;
  if (result.ok) {
    return (
      <p className="webhook-test-result" data-ok="true">
        The receiver answered HTTP {result.http_status} · {at}
      </p>
    );
  }
  return (
    <p className="webhook-test-result" data-ok="false">
      Test failed{result.http_status !== undefined && ` (HTTP ${result.http_status})`} · {at}:{' '}
      <span className="webhook-delivery-error">{result.error}</span>
    </p>
  );
}

/**
 * The thing's webhook: its address, the on/off switch, the signing secret (shown once, rotated), a test sent
 * now, and the delivery log. Saving a first address switches it on, so "saved" means values go out.
 */
export function ThingWebhook({ thing, canWrite }: { thing: Thing; canWrite: boolean }) {
  const ctx = useIotContext();
  const uri = thingSettingsSchema.parse(thing).webhook_uri ?? '';
  const active = thing.webhook_active === true;
  const info = useQuery(webhookInfoQueryOptions(ctx, thing.id));
  const save = useSaveWebhookAddress(thing.id);
  const toggle = useWebhookSwitch(thing.id);
  const test = useWebhookTest(thing.id);
  const [fresh, setFresh] = useState<string | null>(null);
  const [result, setResult] = useState<WebhookTestResult | null>(null);
  const switchLabel = useId();

  const saveAddress = async (next: string) => {
    const secret = await save.mutateAsync({ uri: next, switchOn: next !== '' && uri === '' && !active });
    if (secret) setFresh(secret);
  };
  const sendTest = async () => {
    setResult(null);
    try {
      setResult(await test.mutateAsync());
    } catch {
      // useApiMutation has shown why the test was not sent.
    }
  };

  const state = active
    ? 'On: every new value is posted to the address.'
    : uri
      ? 'Off: nothing is posted until it is switched on.'
      : 'Off: set an address first.';
  return (
    <div className="thing-webhook">
      {canWrite ? (
        <SettingForm
          label="Webhook URL"
          hint="Every new value of the thing is posted, signed, to this address. Leave it empty for none."
          type="url"
          initial={uri}
          check={webhookProblem}
          action="Set webhook"
          save={saveAddress}
        />
      ) : (
        <p className="webhook-address">
          Address: {uri ? <code>{uri}</code> : <span className="muted">none</span>}
        </p>
      )}
      <div className="webhook-switch-row">
        <button
          type="button"
          role="switch"
          aria-checked={active}
          aria-labelledby={switchLabel}
          className="value-switch"
          disabled={!canWrite || (!uri && !active) || toggle.isPending}
          onClick={() => toggle.mutate(!active)}
        >
          <span className="value-switch-knob" aria-hidden="true" />
        </button>
        <span id={switchLabel} className="webhook-switch-label">
          Webhook
        </span>
        <span className="muted" data-testid="webhook-state">
          {state}
        </span>
      </div>
      {(uri || fresh || info.data?.secret_hint) && (
        <ThingWebhookSecret
          thingId={thing.id}
          hint={info.data?.secret_hint}
          fresh={fresh}
          onFresh={setFresh}
          canWrite={canWrite}
        />
      )}
      {canWrite && uri && (
        <div className="webhook-test" aria-live="polite">
          <Button variant="subtle" onClick={sendTest}>
            Send a test
          </Button>
          {result && <TestResult result={result} />}
        </div>
      )}
      <ThingWebhookLog thingId={thing.id} active={active} />
    </div>
  );
}
