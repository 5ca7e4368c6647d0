// The webhook contracts live in packages/shared (the thing page reads them too); re-exported for the routes.
export {
  webhookDeliveriesQuerySchema,
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookInfoSchema,
  webhookSecretSchema,
  webhookTestResultSchema,
} from '@tinkercloud/shared/iot';
