CREATE TABLE "iot_lora_devices" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"eui" text NOT NULL,
	"app_eui" text NOT NULL,
	"app_key" text NOT NULL,
	"app" text NOT NULL,
	"frequency_plan" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_lora_devices_eui_unique" UNIQUE("eui")
);
--> statement-breakpoint
ALTER TABLE "iot_lora_devices" ADD CONSTRAINT "iot_lora_devices_device_id_iot_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;