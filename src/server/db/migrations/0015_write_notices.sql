-- Write notices (db/pg-write-clock.ts): each statement that writes a table says so, once its
-- transaction commits, to every API process listening on 'billionett_writes' — their kept
-- feed pages and accounts are answered from memory only while no such notice came.
-- A table added by a later migration takes the same trigger (tests/server/write-notices.test.ts checks every table has it).
CREATE FUNCTION billionett_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('billionett_writes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
    EXECUTE format('CREATE TRIGGER billionett_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION billionett_written()', t);
  END LOOP;
END $$;
