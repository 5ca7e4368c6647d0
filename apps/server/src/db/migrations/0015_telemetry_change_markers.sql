CREATE SEQUENCE "public"."telemetry_changes" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "telemetry_deletions" (
	"id" smallint PRIMARY KEY NOT NULL,
	"changed" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telemetry_last_values" ADD COLUMN "changed" bigint DEFAULT nextval('telemetry_changes') NOT NULL;