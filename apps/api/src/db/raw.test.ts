import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/index';

/*
 * Raw SQL names columns through the Drizzle schema (decision 042): this reads every sql`…` template of the API's
 * source (tests and migrations are outside the rule) and reports a table or a column named as text:
 *
 *   - a table's name as a word of the text (`from registrations r`);
 *   - a column's name after `.` (`r.status`, `${payments}.amount_cents`), unless what is before the dot is a
 *     name the file's statements give themselves: a CTE (`with chosen as (`), a derived table or a function's
 *     rows (`unnest(…) as v(id, taken)`, `lateral (…) job`), or an alias of one (`join money m`).
 *
 * A column named bare (`where status = …`) is not found: the same words (`id`, `year`, `status`) name the
 * columns of CTEs and `unnest`, which only parsing the statement's scopes would tell apart.
 */

const tables = (Object.values(schema) as unknown[]).filter((value): value is Table => is(value, Table));
const TABLE_NAMES = new Set(tables.map((table) => getTableName(table)));
const COLUMN_NAMES = new Set(
  tables.flatMap((table) => Object.values(getTableColumns(table)).map((column) => column.name)),
);

/** SQL words that may follow a table (or a closing parenthesis) without being an alias of it. */
const KEYWORDS = new Set(
  `where on join left right inner full outer cross natural lateral using order group having limit offset for
   set from select and or not as is in returning union intersect except window with values do nothing update
   delete insert into then else end when filter over asc desc nulls first last`.split(/\s+/),
);

/** A stand-in for each `${…}` of a template: no word character (nor anything SQL writes), so it joins no word. */
const HOLE = '§';

/** A template's text with its holes, strings, quoted identifiers and comments taken out of the words. */
function wordsOf(text: string): string {
  return text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .toLowerCase();
}

/** The text of every sql`…` template of a source file (nested templates each on their own). */
function sqlTemplatesOf(source: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(file) === 'sql') {
      const template = node.template;
      found.push(
        ts.isNoSubstitutionTemplateLiteral(template)
          ? template.text
          : template.head.text + template.templateSpans.map((span) => HOLE + span.literal.text).join(''),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The names a file's statements give themselves (CTEs, derived tables and their aliases). */
function ownNames(texts: readonly string[]): Set<string> {
  const names = new Set<string>();
  const add = (pattern: RegExp, text: string) => {
    for (const match of text.matchAll(pattern)) {
      const name = match[1];
      if (name && !KEYWORDS.has(name) && !TABLE_NAMES.has(name)) names.add(name);
    }
  };
  for (const text of texts) {
    add(/\b([a-z_]\w*)\s+as\s+(?:not\s+)?(?:materialized\s+)?\(/g, text);
    add(/\)\s*(?:as\s+)?([a-z_]\w*)/g, text);
    // `unnest(…) with ordinality as v(id, n)`
    add(/\)\s*with\s+ordinality\s+(?:as\s+)?([a-z_]\w*)/g, text);
  }
  // Aliases of those names (`join money m`), until no new one turns up.
  for (let size = -1; size !== names.size;) {
    size = names.size;
    for (const text of texts) {
      for (const match of text.matchAll(/\b(?:from|join)\s+([a-z_]\w*)\s+(?:as\s+)?([a-z_]\w*)/g)) {
        const [, source, alias] = match;
        if (source && alias && names.has(source) && !KEYWORDS.has(alias)) names.add(alias);
      }
    }
  }
  return names;
}

/** Where a file's sql`…` templates name a table or a column as text, one line each. */
function textNamesIn(source: string, fileName = 'file.ts'): string[] {
  const texts = sqlTemplatesOf(source, fileName).map(wordsOf);
  const own = ownNames(texts);
  const problems: string[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(/(?<![\w.])([a-z_]\w*)(?![\w.(])/g)) {
      const word = match[1] as string;
      if (TABLE_NAMES.has(word)) problems.push(`table ${word} named as text`);
    }
    for (const match of text.matchAll(/(?:([a-z_]\w*)|§)\s*\.\s*([a-z_]\w*)/g)) {
      const [whole, qualifier, column] = match;
      if (!column || !COLUMN_NAMES.has(column)) continue;
      if (qualifier === undefined) problems.push(`column ${column} named as text after a table`);
      else if (!own.has(qualifier)) problems.push(`column ${whole.replace(/\s+/g, '')} named as text`);
    }
  }
  return problems;
}

const SOURCE = path.resolve(import.meta.dirname, '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('raw SQL names tables and columns through the schema (decision 042)', () => {
  it('knows the schema it checks against', () => {
    expect(TABLE_NAMES.has('registrations')).toBe(true);
    expect(TABLE_NAMES.has('registration_camping_options')).toBe(true);
    expect(COLUMN_NAMES.has('user_id')).toBe(true);
    expect(COLUMN_NAMES.has('amount_cents')).toBe(true);
  });

  it('finds a table, an aliased column and a column after an interpolated table named as text', () => {
    expect(textNamesIn('sql`select r.id from registrations r where r.status = ${status}`;')).toEqual([
      'table registrations named as text',
      'column r.id named as text',
      'column r.status named as text',
    ]);
    // The alias is given in one template and used in another (a fragment of columns).
    expect(
      textNamesIn(`
        const person = sql\`u.email, u.first_name as "firstName"\`;
        const rows = sql\`select \${person} from \${users} u\`;`),
    ).toEqual(['column u.email named as text', 'column u.first_name named as text']);
    expect(textNamesIn('sql`select ${payments}.amount_cents from ${payments}`;')).toEqual([
      'column amount_cents named as text after a table',
    ]);
    expect(textNamesIn('sql<number>`(select count(*) from payments)`;')).toEqual([
      'table payments named as text',
    ]);
  });

  it("leaves alone the statements' own names, strings, quoted names and the schema's columns", () => {
    const capacityLike = `
      sql\`update \${table} set \${bare(table.countedYear)} = v.taken
        from unnest(\${ids}, \${counts}::int[]) as v(id, taken) where \${table.id} = v.id\`;
      sql\`with locked as materialized (\${rows}) update \${table} set x = 1 from locked where \${table.id} = locked.id\`;
      sql\`with money as (select \${payments.registrationId} as registration_id from \${payments})\`;
      sql\`left join money m on m.registration_id = \${registrations.id}\`;
      sql\`select row_to_json(job) from \${jobs}, lateral (select \${jobs.id} as "id") job where job.id is not null\`;
      sql\`select 'registrations.status' as "jobs", r.\${bare(refunds.status)} from \${refunds} r\`;
    `;
    expect(textNamesIn(capacityLike)).toEqual([]);
  });

  it('no sql`…` template of the API names a table or a column as text', () => {
    const files = sourceFiles(SOURCE).filter((file) => !file.includes(`${path.sep}migrations${path.sep}`));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      textNamesIn(readFileSync(file, 'utf8'), file).map(
        (problem) => `${path.relative(SOURCE, file)}: ${problem}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
