DROP TABLE "iot_property_values" CASCADE;--> statement-breakpoint
ALTER TABLE "iot_properties" DROP COLUMN "last_value";--> statement-breakpoint
ALTER TABLE "iot_properties" DROP COLUMN "value_updated_at";