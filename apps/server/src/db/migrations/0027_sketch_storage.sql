CREATE TABLE "iot_sketch_secrets" (
	"sketch_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_sketch_secrets_sketch_id_name_pk" PRIMARY KEY("sketch_id","name")
);
--> statement-breakpoint
ALTER TABLE "iot_sketches" ADD COLUMN "bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_sketch_secrets" ADD CONSTRAINT "iot_sketch_secrets_sketch_id_iot_sketches_id_fk" FOREIGN KEY ("sketch_id") REFERENCES "public"."iot_sketches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Secrets now live in iot_sketch_secrets: the generated arduino_secrets.h (names with empty values) leaves the files.
UPDATE "iot_sketches" SET "files" = coalesce(
	(SELECT jsonb_agg(f) FROM jsonb_array_elements("files") AS f WHERE f->>'name' <> 'arduino_secrets.h'),
	'[]'::jsonb
) WHERE "files" @> '[{"name": "arduino_secrets.h"}]'::jsonb;--> statement-breakpoint
-- The bytes of the sketches stored before the column.
UPDATE "iot_sketches" SET "bytes" = coalesce(
	(SELECT sum(octet_length(f->>'content')) FROM jsonb_array_elements("files") AS f),
	0
);
