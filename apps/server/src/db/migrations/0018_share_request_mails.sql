CREATE TABLE "iot_share_request_mails" (
	"requester_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"day" text NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "iot_share_request_mails_requester_id_owner_id_pk" PRIMARY KEY("requester_id","owner_id")
);
--> statement-breakpoint
ALTER TABLE "iot_share_request_mails" ADD CONSTRAINT "iot_share_request_mails_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_share_request_mails" ADD CONSTRAINT "iot_share_request_mails_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_share_request_mails_owner_idx" ON "iot_share_request_mails" USING btree ("owner_id");