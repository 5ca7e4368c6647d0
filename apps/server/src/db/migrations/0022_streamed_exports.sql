-- Exports stream from the store when downloaded (modules/iot/series/README.md): a row keeps the query, not the CSV.
ALTER TABLE "iot_exports" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_exports" ALTER COLUMN "size" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_exports" ADD COLUMN "property_ids" uuid[];--> statement-breakpoint
ALTER TABLE "iot_exports" ADD COLUMN "range_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "iot_exports" ADD COLUMN "range_to" timestamp with time zone;