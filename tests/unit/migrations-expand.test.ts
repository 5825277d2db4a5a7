/**
 * Schema changes are expand, then contract (docs/operations.md, "Upgrades"): during a rolling
 * deploy the previous release's hosts run against the new schema, so a migration may add
 * (tables, nullable columns or columns with a default, indexes) and relax (DROP NOT NULL), but
 * whatever the previous release still reads or writes stays until a later release contracts
 * it. A contracting statement (drop, rename, a new type, a new NOT NULL) is allowed only in a
 * migration that says so on its first line (`-- contract: …`) and only for what the current
 * schema no longer names. Migrations before the rule (≤ 0014) ran on one process at a time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const migrations = path.join(root, 'src/server/db/migrations');
const schemaDir = path.join(root, 'src/server/db/schema');
const FIRST_UNDER_RULE = 15;

const CONTRACTING: [RegExp, string][] = [
  [/\bDROP\s+(TABLE|TYPE|SCHEMA|VIEW|MATERIALIZED\s+VIEW)\b/i, 'drops a table or type'],
  [/\bDROP\s+COLUMN\b/i, 'drops a column'],
  [/\bRENAME\b/i, 'renames'],
  [/\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i, 'changes a column type'],
  [/\bSET\s+NOT\s+NULL\b/i, 'makes a column required'],
  [/\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i, 'adds a required column without a default'],
];

/** What a contracting statement removes: `DROP COLUMN "x"` / `DROP TABLE "x"` names. */
function droppedNames(statement: string): string[] {
  return [...statement.matchAll(/\bDROP\s+(?:COLUMN|TABLE)\s+(?:IF\s+EXISTS\s+)?"?(\w+)"?/gi)].map((m) => m[1]!);
}

const schemaText = readdirSync(schemaDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(path.join(schemaDir, f), 'utf8'))
  .join('\n');

type Finding = { file: string; statement: string; why: string };

function contractingStatements(sql: string): { statement: string; why: string }[] {
  return sql
    .split(/--> statement-breakpoint|;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean)
    .flatMap((statement) => CONTRACTING.filter(([pattern]) => pattern.test(statement)).map(([, why]) => ({ statement, why })));
}

describe('migrations expand, then contract', () => {
  const files = readdirSync(migrations).filter((f) => /^\d{4}_.+\.sql$/.test(f));

  it('knows a contracting statement when it sees one', () => {
    expect(contractingStatements('ALTER TABLE "posts" DROP COLUMN "search_text";')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "a" ADD COLUMN "b" text NOT NULL;')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "a" ADD COLUMN "b" text DEFAULT \'\' NOT NULL;')).toHaveLength(0);
    expect(contractingStatements('ALTER TABLE "a" ALTER COLUMN "b" DROP NOT NULL;')).toHaveLength(0);
    expect(contractingStatements('ALTER TABLE "a" RENAME COLUMN "b" TO "c";')).toHaveLength(1);
    expect(contractingStatements('CREATE TABLE "k" ("kid" text PRIMARY KEY NOT NULL);')).toHaveLength(0);
  });

  it('adds and relaxes only, unless a migration says it contracts what the schema no longer names', () => {
    const findings: Finding[] = [];
    for (const file of files.filter((f) => Number(f.slice(0, 4)) >= FIRST_UNDER_RULE)) {
      const sql = readFileSync(path.join(migrations, file), 'utf8');
      const declared = /^--\s*contract:/i.test(sql);
      for (const { statement, why } of contractingStatements(sql)) {
        const stillNamed = droppedNames(statement).filter((name) => schemaText.includes(`'${name}'`));
        if (!declared) findings.push({ file, statement, why });
        else if (stillNamed.length > 0) findings.push({ file, statement, why: `drops ${stillNamed.join(', ')}, which the schema still names` });
      }
    }
    expect(findings).toEqual([]);
  });
});
