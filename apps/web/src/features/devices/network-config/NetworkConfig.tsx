import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { CopyField } from '@/components/CopyField.tsx';
import { deviceStatusQueryOptions } from '@/features/devices/api/devices.ts';
import { DeviceStatusBadge } from '@/features/devices/components/DeviceStatusBadge.tsx';
import { useServices } from '../../../app/services.tsx';
import { deviceQueryOptions } from '../../iot/api/detail-queries.ts';
import { formatDateTime } from '../../iot/model/format-time.ts';
import { useSpaces } from '../../spaces/hooks.ts';
import { NetworkSecretsCard } from './NetworkSecretsCard.tsx';
import { credentialQueryOptions, hostAndPort } from './network-config.ts';

/**
 * What a maker needs to point a board at this server: the broker's address and ports, the device id, whether
 * its key or certificate is set, and how its last connection went.
 */
export function NetworkConfig({ deviceId }: { deviceId: string }) {
  const { api, config } = useServices();
  const space = useSpaces().selected.id;
  const { data: device } = useSuspenseQuery(deviceQueryOptions(api, config, space, deviceId));
  const credential = useQuery(credentialQueryOptions(api, config, space, device));
  const history = useQuery(deviceStatusQueryOptions(api, config, space, deviceId));
  const broker = config.mqtt;
  const plain = hostAndPort(broker?.url);
  const tls = hostAndPort(broker?.tlsUrl);
  const lastConnected = history.data?.find((e) => e.value === 'CONNECTED');
  const lastDisconnected = history.data?.find((e) => e.value === 'DISCONNECTED');

  return (
    <div className="device-overview">
      <section className="card" aria-labelledby="broker-title">
        <h2 id="broker-title">Broker</h2>
        {plain ? (
          <dl className="facts" data-testid="broker-facts">
            <dt>Host</dt>
            <dd>{plain.host}</dd>
            <dt>MQTT port</dt>
            <dd>{plain.port}</dd>
            <dt>TLS port</dt>
            <dd>{tls ? tls.port : 'None (TLS is not configured on this server)'}</dd>
            <dt>WebSocket</dt>
            <dd>{broker?.wsUrl ?? 'None'}</dd>
          </dl>
        ) : (
          <p className="muted">
            This server uses an external broker whose public address it does not know: ask your operator.
          </p>
        )}
        {broker?.url && <CopyField label="Broker URL" value={broker.url} testId="broker-url" />}
      </section>
      <section className="card" aria-labelledby="identity-title">
        <h2 id="identity-title">Identity</h2>
        <CopyField label="Device ID" value={device.id} testId="network-device-id" />
        <dl className="facts">
          <dt>Signs in with</dt>
          <dd data-testid="credential">
            {credential.isPending
              ? 'Loading…'
              : credential.data === undefined
                ? 'Unknown'
                : credential.data.kind === 'key'
                  ? `A secret key (${credential.data.set ? 'set' : 'not set yet'})`
                  : credential.data.count > 0
                    ? `A certificate (${credential.data.count} active)`
                    : 'A certificate (none yet)'}
          </dd>
          {device.unique_hardware_id && (
            <>
              <dt>Hardware id</dt>
              <dd>
                <code>{device.unique_hardware_id}</code>
              </dd>
            </>
          )}
          {device.serial && (
            <>
              <dt>Serial</dt>
              <dd>{device.serial}</dd>
            </>
          )}
        </dl>
      </section>
      <NetworkSecretsCard device={device} />
      <section className="card" aria-labelledby="connection-title">
        <h2 id="connection-title">Last connection</h2>
        <dl className="facts">
          <dt>Status</dt>
          <dd>
            <DeviceStatusBadge status={device.device_status} />
          </dd>
          <dt>Connected</dt>
          <dd>{lastConnected ? formatDateTime(lastConnected.updated_at) : 'Never'}</dd>
          <dt>Disconnected</dt>
          <dd>{lastDisconnected ? formatDateTime(lastDisconnected.updated_at) : '–'}</dd>
          <dt>Last activity</dt>
          <dd>{device.last_activity_at ? formatDateTime(device.last_activity_at) : '–'}</dd>
          <dt>Library</dt>
          <dd>{device.lib_version ?? '–'}</dd>
          {device.wifi_fw_version && (
            <>
              <dt>Wi-Fi firmware</dt>
              <dd>{device.wifi_fw_version}</dd>
            </>
          )}
        </dl>
      </section>
    </div>
  );
}
