import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { networkConnectionsSchema } from '@tinkercloud/shared/iot';
import type { ApiRequest } from '../../../lib/api.ts';
import { enc, iotUrl } from '../../iot/api/detail-queries.ts';
import type { Device } from '../../iot/api/schemas.ts';
import { cString } from '../new-device/model/credentials.ts';
import { hostAndPort, signsInWithKey } from './network-config.ts';

// Apart from network-config.ts, whose rules the route reads before its lazy page: these need the IoT entry of
// packages/shared, which must stay off the first page.
/** Every connection the device type offers, with the `arduino_secrets.h` entries each needs. */
export function networkConnectionsQueryOptions(api: ApiRequest, config: AppConfig, type: string) {
  return queryOptions({
    // A catalogue, the same in every space: keyed by type only, and it never changes while the app runs.
    queryKey: ['iot', 'network-credentials', type] as const,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const all = networkConnectionsSchema.parse(
        await api(iotUrl(config, `/iot/v1/network_credentials/${enc(type)}/connections`)),
      );
      return Object.entries(all)
        .filter(([, entries]) => entries.length > 0)
        .map(([connection, entries]) => ({ connection, entries }));
    },
  });
}

/**
 * The `arduino_secrets.h` of a sketch for this device: the network entries with the values typed in, the
 * device id a secret-key board signs in with, and the TLS broker when this server has one.
 */
export function networkSecretsHeader(
  device: Pick<Device, 'id' | 'name' | 'type'>,
  entries: readonly { secret_name: string; value: string }[],
  tlsUrl?: string | null,
): string {
  const lines = [`// ${device.name}: keep this file out of version control.`];
  for (const e of entries) lines.push(`#define ${e.secret_name} ${cString(e.value)}`);
  if (signsInWithKey(device) && !entries.some((e) => e.secret_name === 'SECRET_DEVICE_LOGIN_NAME'))
    lines.push(`#define SECRET_DEVICE_LOGIN_NAME ${cString(device.id)}`);
  const tls = hostAndPort(tlsUrl);
  if (tls) {
    lines.push(`#define SECRET_BROKER_ADDRESS ${cString(tls.host)}`);
    lines.push(`#define SECRET_BROKER_PORT ${tls.port || '8883'}`);
  }
  return `${lines.join('\n')}\n`;
}
