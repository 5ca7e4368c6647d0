CREATE TABLE "iot_trigger_firings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger_id" uuid NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iot_trigger_firings" ADD CONSTRAINT "iot_trigger_firings_trigger_id_iot_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."iot_triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_trigger_firings_trigger_idx" ON "iot_trigger_firings" USING btree ("trigger_id","fired_at");