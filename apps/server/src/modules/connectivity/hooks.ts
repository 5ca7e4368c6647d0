import type { AppLoginRequest } from './app-logins.ts';

/**
 * What the REST API tells the device side. Absent (tests without a broker), the API works the same and simply
 * reaches no device.
 */
export interface ConnectivityHooks {
  /** Values written from the cloud, already stored: delivered to the thing's device on `/a/t/{thing}/e/i`. */
  deliver(thingId: string, values: { name: string; type: string; value: unknown }[]): Promise<void>;
  /**
   * These devices were bound, unbound or deleted: connected ones learn their new thing, an external broker
   * their new rights. Never throws (a failure is logged; the periodic re-check catches up).
   */
  bindingsChanged(deviceIds: (string | null | undefined)[]): Promise<void>;
  /**
   * A device's secret key was set, or removed (null: also when the device is deleted for good); an external
   * broker needs it for its own check.
   */
  secretChanged(deviceId: string, secret: string | null): Promise<void>;
  /**
   * The device went to the trash (`inTrash`: its connection ends, its key admits it no more) or came back from
   * it (its key, unchanged meanwhile, admits it again; an external broker kept it for this).
   */
  trashChanged(deviceId: string, inTrash: boolean): Promise<void>;
  /** External broker: this access token becomes the user's MQTT password until it expires (embedded: nothing). */
  appLogin(login: AppLoginRequest): Promise<void>;
  /** External broker: the user's MQTT login ends (embedded: nothing). */
  appLogout(userId: string): Promise<void>;
  /** An OTA update was recorded for the device: offered at once when it is connected (else on OtaBeginUp). */
  otaOffered(deviceId: string): Promise<void>;
}
