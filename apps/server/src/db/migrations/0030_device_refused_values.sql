CREATE TABLE "iot_device_refused_values" (
	"device_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reason" text NOT NULL,
	"count" bigint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "iot_device_refused_values_device_id_name_reason_pk" PRIMARY KEY("device_id","name","reason")
);
--> statement-breakpoint
ALTER TABLE "iot_device_refused_values" ADD CONSTRAINT "iot_device_refused_values_device_id_iot_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;