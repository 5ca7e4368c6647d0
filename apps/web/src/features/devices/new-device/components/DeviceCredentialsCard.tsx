import { Link } from '@tanstack/react-router';
import { CopyField } from '@/components/CopyField.tsx';
import { DownloadButton } from '@/components/DownloadButton.tsx';
import { useServices } from '../../../../app/services.tsx';
import {
  arduinoSecretsHeader,
  credentialsFile,
  credentialsFileName,
  type DeviceCredentials,
  simulatorCommand,
} from '../model/credentials.ts';

/**
 * The id and secret key of a device just made, shown this once (the server keeps only a hash of the key):
 * copy buttons, a credentials file, a ready `arduino_secrets.h` for boards that run a sketch, and the
 * simulator command pointed at this server's broker.
 */
export function DeviceCredentialsCard({
  credentials,
  sketch,
  thingId,
}: {
  credentials: DeviceCredentials;
  sketch: boolean;
  thingId?: string | undefined;
}) {
  const { config } = useServices();
  const broker = config.mqtt;
  const secrets = arduinoSecretsHeader(credentials, broker);
  return (
    <section className="flow-card new-device-card" aria-labelledby="credentials-title">
      <h2 id="credentials-title">{credentials.deviceName} is ready</h2>
      <p className="notice notice-warning" role="status">
        Copy the secret key now: it is shown only this once and cannot be read back later.
      </p>
      <CopyField label="Device ID" value={credentials.deviceId} testId="new-device-id" />
      <CopyField label="Secret key" value={credentials.secretKey} testId="new-device-secret" />
      <div className="new-device-downloads">
        <DownloadButton
          fileName={credentialsFileName(credentials)}
          text={credentialsFile(credentials, broker)}
        >
          Download credentials
        </DownloadButton>
        {sketch && (
          <DownloadButton fileName="arduino_secrets.h" text={secrets} type="text/x-c">
            Download arduino_secrets.h
          </DownloadButton>
        )}
      </div>
      {sketch && (
        <details className="new-device-secrets">
          <summary>arduino_secrets.h</summary>
          <pre data-testid="arduino-secrets">{secrets}</pre>
        </details>
      )}
      <h3 className="new-device-subtitle">Try it with the simulator</h3>
      <CopyField
        label="Simulator command"
        value={simulatorCommand(credentials, broker)}
        testId="new-device-command"
      />
      {!broker?.url && (
        <p className="muted">
          This server does not know its broker's public address: add --url with the broker your operator gives
          you.
        </p>
      )}
      <div className="page-actions">
        <Link to="/devices/$id/" params={{ id: credentials.deviceId }} className="button">
          Open device
        </Link>
        {thingId && (
          <Link to="/things/$id/" params={{ id: thingId }} className="button button-subtle">
            Back to the thing
          </Link>
        )}
      </div>
    </section>
  );
}
