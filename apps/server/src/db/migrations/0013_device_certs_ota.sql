CREATE TABLE "iot_device_certs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"ca" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"der" "bytea" NOT NULL,
	"serial" text NOT NULL,
	"authority_key_id" text NOT NULL,
	"signature_r" text NOT NULL,
	"signature_s" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_device_firmware" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_ota_binaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"device_id" uuid NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_ota_binaries_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "iot_ota_states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ota_id" uuid NOT NULL,
	"state" text NOT NULL,
	"state_data" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_ota_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"binary_id" uuid,
	"sha256" text NOT NULL,
	"firmware_size" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"initial_sha256" text,
	"error_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"retry_attempt" integer DEFAULT 0 NOT NULL,
	"max_retries" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "iot_device_certs" ADD CONSTRAINT "iot_device_certs_device_id_iot_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_device_firmware" ADD CONSTRAINT "iot_device_firmware_device_id_iot_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_ota_binaries" ADD CONSTRAINT "iot_ota_binaries_device_id_iot_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_ota_states" ADD CONSTRAINT "iot_ota_states_ota_id_iot_ota_updates_id_fk" FOREIGN KEY ("ota_id") REFERENCES "public"."iot_ota_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_ota_updates" ADD CONSTRAINT "iot_ota_updates_device_id_iot_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_ota_updates" ADD CONSTRAINT "iot_ota_updates_binary_id_iot_ota_binaries_id_fk" FOREIGN KEY ("binary_id") REFERENCES "public"."iot_ota_binaries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_device_certs_device_idx" ON "iot_device_certs" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "iot_ota_states_ota_idx" ON "iot_ota_states" USING btree ("ota_id","id");--> statement-breakpoint
CREATE INDEX "iot_ota_updates_device_idx" ON "iot_ota_updates" USING btree ("device_id","started_at");