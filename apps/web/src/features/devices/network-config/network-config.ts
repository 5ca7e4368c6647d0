import { queryOptions } from '@tanstack/react-query';
import { type AppConfig, networkConnectionsSchema } from '@tinkercloud/shared';
import { z } from 'zod';
import type { ApiRequest } from '../../../lib/api.ts';
import { enc, iotUrl } from '../../iot/api/detail-queries.ts';
import { iotKeys } from '../../iot/api/query-keys.ts';
import { type Device, passSchema } from '../../iot/api/schemas.ts';
import { cString } from '../new-device/model/credentials.ts';

/** Device types that sign in with their id and a secret key (third-party boards, manual devices). */
export const SECRET_KEY_TYPES = new Set(['login_and_secretkey_wifi', 'generic_device_secretkey']);

export const signsInWithKey = (device: Pick<Device, 'type'>) => SECRET_KEY_TYPES.has(device.type ?? '');

/**
 * Spec 8: "Missing sketch and hardware id on the network config page → Redirect to the device". A board of
 * the catalogue has a hardware id once set up (its crypto chip's id, or a serial); a device that signs in
 * with a key is identified by its device id and key, which it always has. Without either, and without a
 * sketch, there is nothing to configure yet.
 */
export function hasNetworkIdentity(device: Device): boolean {
  return (
    signsInWithKey(device) || !!device.unique_hardware_id || !!device.serial || !!device.thing?.sketch_id
  );
}

/** How the device proves who it is: whether its secret key is set, or how many certificates it has. */
export type Credential = { kind: 'key'; set: boolean } | { kind: 'certificate'; count: number };

const certsSchema = z.array(z.looseObject({ id: z.string(), enabled: z.boolean().optional() }));

export function credentialQueryOptions(api: ApiRequest, config: AppConfig, space: string, device: Device) {
  const withKey = signsInWithKey(device);
  return queryOptions({
    queryKey: [...iotKeys.device(space, device.id), withKey ? 'pass' : 'certs'],
    queryFn: async (): Promise<Credential> => {
      if (withKey) {
        const { set } = passSchema.parse(
          await api(iotUrl(config, `/iot/v2/devices/${enc(device.id)}/pass`), { organization: space }),
        );
        return { kind: 'key', set };
      }
      const certs = certsSchema.parse(
        await api(iotUrl(config, `/iot/v2/devices/${enc(device.id)}/certs`), { organization: space }),
      );
      return { kind: 'certificate', count: certs.filter((c) => c.enabled !== false).length };
    },
  });
}

/** `mqtt://host:1883` → host and port, for the facts a sketch or an MQTT client asks for. */
export function hostAndPort(url: string | null | undefined): { host: string; port: string } | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return { host: u.hostname, port: u.port };
  } catch {
    return null;
  }
}

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
