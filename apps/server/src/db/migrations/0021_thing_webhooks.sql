CREATE TABLE "iot_thing_webhooks" (
	"thing_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"dropped_values" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thing_id" uuid NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"http_status" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iot_thing_webhooks" ADD CONSTRAINT "iot_thing_webhooks_thing_id_iot_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."iot_things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_webhook_deliveries" ADD CONSTRAINT "iot_webhook_deliveries_thing_id_iot_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."iot_things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_webhook_deliveries_due_idx" ON "iot_webhook_deliveries" USING btree ("next_attempt_at") WHERE "iot_webhook_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "iot_webhook_deliveries_thing_idx" ON "iot_webhook_deliveries" USING btree ("thing_id","created_at");