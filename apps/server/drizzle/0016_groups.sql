CREATE TYPE "public"."attendance_status" AS ENUM('ATTENDED', 'NO_SHOW', 'LATE_CANCEL', 'EXCUSED');--> statement-breakpoint
CREATE TYPE "public"."group_enrolment" AS ENUM('OPEN', 'INVITE');--> statement-breakpoint
CREATE TYPE "public"."group_session_status" AS ENUM('CONFIRMED', 'CANCELED');--> statement-breakpoint
CREATE TYPE "public"."group_status" AS ENUM('ACTIVE', 'ENDED');--> statement-breakpoint
CREATE TABLE "busy_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"side" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"appointment_id" integer,
	"group_session_id" integer
);
--> statement-breakpoint
CREATE TABLE "group_attendance" (
	"session_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"status" "attendance_status" NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_attendance_session_id_patient_id_pk" PRIMARY KEY("session_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"program_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"agreement_accepted_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	CONSTRAINT "group_members_program_id_patient_id_pk" PRIMARY KEY("program_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "group_notes" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"key_version" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"psychologist_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"therapy_type" text NOT NULL,
	"capacity" integer NOT NULL,
	"enrolment" "group_enrolment" NOT NULL,
	"duration_minutes" integer NOT NULL,
	"status" "group_status" DEFAULT 'ACTIVE' NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"psychologist_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" "group_session_status" DEFAULT 'CONFIRMED' NOT NULL,
	"video_call_room_id" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "group_sessions_video_call_room_id_unique" UNIQUE("video_call_room_id")
);
--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_group_session_id_group_sessions_id_fk" FOREIGN KEY ("group_session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_program_id_group_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."group_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_notes" ADD CONSTRAINT "group_notes_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_programs" ADD CONSTRAINT "group_programs_psychologist_id_users_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_program_id_group_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."group_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_psychologist_id_users_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "busy_times_appointment_idx" ON "busy_times" USING btree ("appointment_id") WHERE "busy_times"."appointment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "busy_times_group_session_idx" ON "busy_times" USING btree ("group_session_id","user_id") WHERE "busy_times"."group_session_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "group_members_patient_idx" ON "group_members" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "group_programs_psychologist_idx" ON "group_programs" USING btree ("psychologist_id");--> statement-breakpoint
CREATE INDEX "group_sessions_program_idx" ON "group_sessions" USING btree ("program_id","starts_at");--> statement-breakpoint
CREATE INDEX "group_sessions_psychologist_idx" ON "group_sessions" USING btree ("psychologist_id","starts_at");--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_side_check" CHECK ("side" IN ('PSYCHOLOGIST', 'PATIENT') AND "starts_at" < "ends_at"
  AND (("appointment_id" IS NULL) <> ("group_session_id" IS NULL)));--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_psychologist_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("side" = 'PSYCHOLOGIST');--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_patient_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("side" = 'PATIENT');--> statement-breakpoint
ALTER TABLE "group_programs" ADD CONSTRAINT "group_programs_shape_check" CHECK ("capacity" BETWEEN 2 AND 15
  AND "member_count" BETWEEN 0 AND "capacity" AND "duration_minutes" IN (60, 90, 120));--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_instants_check" CHECK ("starts_at" < "ends_at");--> statement-breakpoint
-- A confirmed appointment takes the time of both its participants; any other state frees it. The appointments code
-- stays as it is: its own exclusion constraints refuse overlaps of two appointments, these rows those with groups.
CREATE FUNCTION "appointments_busy_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."status" = OLD."status" AND NEW."starts_at" = OLD."starts_at" AND NEW."ends_at" = OLD."ends_at" THEN
    RETURN NEW;
  END IF;
  DELETE FROM "busy_times" WHERE "appointment_id" = NEW."id";
  IF NEW."status" = 'CONFIRMED' THEN
    INSERT INTO "busy_times" ("user_id", "side", "starts_at", "ends_at", "appointment_id") VALUES
      (NEW."psychologist_id", 'PSYCHOLOGIST', NEW."starts_at", NEW."ends_at", NEW."id"),
      (NEW."patient_id", 'PATIENT', NEW."starts_at", NEW."ends_at", NEW."id");
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_busy_sync" AFTER INSERT OR UPDATE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointments_busy_sync"();--> statement-breakpoint
INSERT INTO "busy_times" ("user_id", "side", "starts_at", "ends_at", "appointment_id")
  SELECT "psychologist_id", 'PSYCHOLOGIST', "starts_at", "ends_at", "id" FROM "appointments" WHERE "status" = 'CONFIRMED'
  UNION ALL
  SELECT "patient_id", 'PATIENT', "starts_at", "ends_at", "id" FROM "appointments" WHERE "status" = 'CONFIRMED';
