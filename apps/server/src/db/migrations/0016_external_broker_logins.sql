CREATE TABLE "mqtt_app_logins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_digest" text NOT NULL,
	"client_id" text NOT NULL,
	"scope" text NOT NULL,
	"api_client_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"grants_digest" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mqtt_app_logins" ADD CONSTRAINT "mqtt_app_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_devices_online_activity_idx" ON "iot_devices" USING btree ("last_activity_at") WHERE "iot_devices"."status" = 'ONLINE';