import { queryOptions } from '@tanstack/react-query';
import { type AppConfig, certReadSchema } from '@tinkercloud/shared';
import { z } from 'zod';
import type { ApiRequest } from '../../../lib/api.ts';
import { enc, iotUrl } from '../../iot/api/detail-queries.ts';
import { iotKeys } from '../../iot/api/query-keys.ts';
import { type Device, passSchema } from '../../iot/api/schemas.ts';

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

const certsSchema = z.array(certReadSchema);

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
