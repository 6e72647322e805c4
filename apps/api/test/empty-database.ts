import type { PGlite } from '@electric-sql/pglite';

/**
 * Every row of the app's tables gone and every sequence back at its start, as just after migrating (the
 * migrations write no rows), and the session's settings and advisory locks let go: a database a test app has
 * closed on, made ready for the next one in a fraction of loading a migrated copy (decision 064 addendum). Used by
 * the API suite (test/database.ts) and the e2e servers (e2e/support/fixtures.ts). Not a test file itself.
 */
const EMPTY_DATABASE = `
do $$
declare
  tables text;
  sequence record;
begin
  select string_agg(format('%I.%I', schemaname, tablename), ', ') into tables from pg_tables where schemaname = 'public';
  if tables is not null then
    execute 'truncate ' || tables || ' restart identity cascade';
  end if;
  for sequence in select schemaname, sequencename from pg_sequences where schemaname = 'public' loop
    execute format('alter sequence %I.%I restart', sequence.schemaname, sequence.sequencename);
  end loop;
end $$;
reset all;
select pg_advisory_unlock_all();
`;

export async function emptyDatabase(client: PGlite): Promise<void> {
  await client.exec(EMPTY_DATABASE);
}
