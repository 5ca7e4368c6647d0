CREATE TABLE "telemetry_last_values" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telemetry_last_values" ADD CONSTRAINT "telemetry_last_values_property_id_iot_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."iot_properties"("id") ON DELETE cascade ON UPDATE no action;