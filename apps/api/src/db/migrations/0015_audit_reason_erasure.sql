-- audit_records stays append-only, with one more exception besides the foreign key's (migration 0004): an account's
-- erasure (decision 063) blanks the reasons admins wrote on that person's registrations, saying so for its own
-- transaction with set_config('camp.audit_erasure', 'on', true). Only the reason may change, and only to null.
CREATE OR REPLACE FUNCTION "refuse_audit_record_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."admin_user_id" IS NULL AND OLD."admin_user_id" IS NOT NULL
    AND (to_jsonb(NEW) - 'admin_user_id') = (to_jsonb(OLD) - 'admin_user_id') THEN
    RETURN NEW;
  END IF;
  IF current_setting('camp.audit_erasure', true) = 'on' AND NEW."reason" IS NULL
    AND (to_jsonb(NEW) - 'reason') = (to_jsonb(OLD) - 'reason') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_records is append-only: UPDATE is not allowed' USING ERRCODE = '42501';
END;
$$;
