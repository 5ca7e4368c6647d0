-- Telemetry store (modules/telemetry/README.md): raw points and per-minute / per-hour rollups, each
-- partitioned first by retention class (0 free, 1 entry, 2 maker, 3 maker plus) and then by time (a day or a
-- week per table, modules/telemetry/partitions.ts), so retention drops whole tables. Each class has a default
-- partition that catches times the store has made no table for (late or far-future points); the store's
-- maintenance moves them out when it makes that table.
-- No foreign keys here: a check per inserted row would cost ingest; a statement trigger on iot_properties
-- removes the values of deleted properties instead.
CREATE TABLE "telemetry_points" (
	"property_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"retention" smallint NOT NULL,
	"value" jsonb NOT NULL,
	"num" double precision,
	CONSTRAINT "telemetry_points_pkey" PRIMARY KEY ("property_id", "at", "retention")
) PARTITION BY LIST ("retention");
--> statement-breakpoint
CREATE TABLE "telemetry_minutes" (
	"property_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"retention" smallint NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "telemetry_minutes_pkey" PRIMARY KEY ("property_id", "bucket", "retention")
) PARTITION BY LIST ("retention");
--> statement-breakpoint
CREATE TABLE "telemetry_hours" (
	"property_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"retention" smallint NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "telemetry_hours_pkey" PRIMARY KEY ("property_id", "bucket", "retention")
) PARTITION BY LIST ("retention");
--> statement-breakpoint
DO $$
DECLARE
	parent text;
	class int;
BEGIN
	FOREACH parent IN ARRAY ARRAY['telemetry_points', 'telemetry_minutes', 'telemetry_hours'] LOOP
		FOR class IN 0..3 LOOP
			EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES IN (%s) PARTITION BY RANGE (%I)',
				parent || '_r' || class, parent, class,
				CASE WHEN parent = 'telemetry_points' THEN 'at' ELSE 'bucket' END);
			EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT',
				parent || '_r' || class || '_default', parent || '_r' || class);
		END LOOP;
	END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "telemetry_forget_properties"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "telemetry_points" WHERE "property_id" IN (SELECT "id" FROM "gone");
	DELETE FROM "telemetry_minutes" WHERE "property_id" IN (SELECT "id" FROM "gone");
	DELETE FROM "telemetry_hours" WHERE "property_id" IN (SELECT "id" FROM "gone");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "iot_properties_forget_telemetry" AFTER DELETE ON "iot_properties"
	REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "telemetry_forget_properties"();
--> statement-breakpoint
-- Existing values move over in the class of their space's plan today (the rules of retentionClassOf).
CREATE TEMPORARY TABLE "telemetry_migration_classes" AS
SELECT p."id" AS "property_id",
	CASE WHEN t."organization_id" IS NOT NULL THEN (
		SELECT CASE
			WHEN o."plan_id" IS NULL OR (o."plan_expires_at" IS NOT NULL AND o."plan_expires_at" <= now()) THEN 0
			WHEN o."plan_id" = 'create-entry' THEN 1
			WHEN o."plan_id" = 'create-maker' THEN 2
			ELSE 3 END
		FROM "organizations" o WHERE o."id" = t."organization_id")
	ELSE coalesce((
		SELECT max(CASE up."plan_id" WHEN 'create-entry' THEN 1 WHEN 'create-maker' THEN 2 ELSE 3 END)
		FROM "user_plans" up
		WHERE up."user_id" = t."owner_user_id" AND (up."expires_at" IS NULL OR up."expires_at" > now())), 0)
	END::smallint AS "retention"
FROM "iot_properties" p JOIN "iot_things" t ON t."id" = p."thing_id";
--> statement-breakpoint
INSERT INTO "telemetry_points" ("property_id", "at", "retention", "value", "num")
SELECT v."property_id", v."at", c."retention", v."value", v."num"
FROM "iot_property_values" v JOIN "telemetry_migration_classes" c USING ("property_id");
--> statement-breakpoint
INSERT INTO "telemetry_minutes" ("property_id", "bucket", "retention", "min", "max", "sum", "count")
SELECT "property_id", date_bin('1 minute', "at", timestamptz '1970-01-01 00:00:00+00'), "retention",
	min("num"), max("num"), sum("num"), count(*)
FROM "telemetry_points" WHERE "num" IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "telemetry_hours" ("property_id", "bucket", "retention", "min", "max", "sum", "count")
SELECT "property_id", date_bin('1 hour', "at", timestamptz '1970-01-01 00:00:00+00'), "retention",
	min("num"), max("num"), sum("num"), count(*)
FROM "telemetry_points" WHERE "num" IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "telemetry_last_values" ("property_id", "at", "value")
SELECT "id", "value_updated_at", "last_value" FROM "iot_properties"
WHERE "value_updated_at" IS NOT NULL AND "last_value" IS NOT NULL;
--> statement-breakpoint
DROP TABLE "telemetry_migration_classes";
