CREATE TABLE "iot_device_connectivity" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"net_config" jsonb,
	"rejected_values" bigint DEFAULT 0 NOT NULL,
	"last_rejection" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iot_device_connectivity" ADD CONSTRAINT "iot_device_connectivity_device_id_iot_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;