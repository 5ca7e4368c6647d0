import { z } from 'zod';
import { deviceCreateBody } from './devices.schemas.ts';

/**
 * CreateClaimedDevicesV2Payload: a board that names itself by its unique hardware id, for the caller
 * (`user_id` is the caller's id), optionally under a device id chosen beforehand (`ID`).
 */
export const deviceClaimBody = deviceCreateBody.omit({ soft_deleted: true }).extend({
  ID: z.uuid().optional().describe('The id the device gets (else a new one)'),
  unique_hardware_id: deviceCreateBody.shape.unique_hardware_id.unwrap(),
  user_id: z.uuid().describe("The caller's id"),
});
export type DeviceClaimBody = z.infer<typeof deviceClaimBody>;
