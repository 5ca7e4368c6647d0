/**
 * The IoT API's answers as the pages read them. The shapes are the server's own, from @tinkercloud/shared
 * (`packages/shared/src/iot/`): each page reads with the resource's reader, which requires what the page
 * cannot do without, keeps the contract's other fields optional and lets fields it does not name pass
 * through. This module only keeps the names the web has always imported; it defines no shape of its own
 * (`one-contract.test.ts` checks that).
 */
export {
  batchReadSchema as batchQuerySchema,
  type Condition as TriggerCondition,
  conditionSchema as triggerConditionSchema,
  DEVICE_STATUSES,
  type DeviceRead as Device,
  type DeviceStatus,
  type DeviceStatusEvent,
  deviceReadSchema as deviceSchema,
  deviceStatusEventSchema,
  deviceStatusSchema as deviceStatusHistorySchema,
  type PropertyRead as Property,
  passSchema,
  propertyReadSchema as propertySchema,
  rawBatchReadSchema as batchQueryRawSchema,
  type ThingRead as Thing,
  type ThingRead as ThingWithProperties,
  type TriggerRead as Trigger,
  thingReadSchema as thingSchema,
  thingReadSchema as thingWithPropertiesSchema,
  thingRefReadSchema as thingRefSchema,
  triggerReadSchema as triggerSchema,
} from '@tinkercloud/shared';
