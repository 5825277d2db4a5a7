/**
 * Writes .oxlintrc.json from the lists below: the import directions of DESIGN.md's
 * Layout, one block per folder that needs its own. oxlint has no capture groups ("an
 * area never imports *another* area"), so each area gets a block naming the others;
 * writing them here keeps one list of areas instead of one copy per area.
 *
 *   npm run lint:config        rewrite .oxlintrc.json after changing a list
 *   npm run lint               checks first (--check) that the file is what this script
 *                              writes and that every folder is in a list, then lints
 *
 * A later override replaces an earlier one's no-restricted-imports for the same file,
 * so each block repeats its side's base patterns (clientBase, serverBase).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(ROOT, '.oxlintrc.json');

/** src/client folders that are areas: one screen family each, never importing another. */
const CLIENT_AREAS = ['auth', 'barter', 'billionetts', 'bulletins', 'circles', 'composer', 'entries', 'news', 'pwa', 'settings', 'suite', 'sync-state', 'telex', 'vault'];
/** src/client folders that are not areas: routes and shell compose areas; ui, store and sync serve them. */
const CLIENT_SHARED = ['routes', 'shell', 'store', 'sync', 'ui'];
/** src/server/routes folders: one API area each, never importing another's routes or repo. */
const SERVER_ROUTE_AREAS = ['auth', 'barter', 'bulletins', 'chat', 'circles', 'comments', 'data-export', 'dev', 'entries', 'entry-media', 'friends', 'geo', 'masters', 'news', 'origin-settings', 'pictures', 'search', 'settings', 'slates', 'user', 'vault'];

// oxlint's pattern regex has no lookaround and an unsupported one silently matches
// nothing, so the regexes below stay plain alternations.
type Pattern = { group: string[]; message: string } | { regex: string; message: string };
type Override = { files: string[]; rules: Record<string, unknown> };

const restrict = (files: string, patterns: Pattern[], rules: Record<string, unknown> = {}): Override => ({
  files: [files],
  rules: { ...rules, 'no-restricted-imports': ['error', { patterns }] },
});
/** Any specifier that goes through one of these folders: `../x/y`, `../../x/y`, `a/x/y`. */
const throughFolder = (names: string[]) => `(^|/)(${names.join('|')})/`;
const others = (list: string[], self: string) => list.filter((name) => name !== self);

const NETWORK = 'All network I/O lives in the sync worker (src/client/sync).';
const clientBase: Pattern[] = [
  { group: ['**/server/**'], message: 'The client never imports the server.' },
  { group: ['dexie'], message: 'Only src/client/store imports dexie.' },
];
const screensBase: Pattern[] = [
  ...clientBase,
  {
    group: ['**/sync/*', '!**/sync/client', '!**/sync/api'],
    message: "Screens import sync/client.ts (and its types in sync/api.ts), never the worker's inside.",
  },
];
const serverBase: Pattern[] = [{ group: ['**/client/**', 'dexie', 'react'], message: 'The server never imports the client.' }];
const composers: Pattern = {
  regex: throughFolder(['shell', 'routes']),
  message: 'Routes and the shell compose areas, never the other way: what two areas share lives in ui/.',
};

function clientArea(area: string): Override {
  return restrict(`src/client/${area}/**`, [
    ...screensBase,
    { regex: throughFolder(others(CLIENT_AREAS, area)), message: 'An area never imports another area: routes and shell compose them (DESIGN.md Layout).' },
    composers,
  ]);
}

const ROUTE_AREA_MESSAGE = 'A route area never imports another: shared server code lives in src/server/domain.';

function serverRouteArea(area: string): Override {
  // A sibling (`../x`, `../x/y`) or the same through routes/ (`../../routes/x/y`).
  return restrict(`src/server/routes/${area}/**`, [
    ...serverBase,
    { regex: `^(\\.\\./|.*/routes/)(${others(SERVER_ROUTE_AREAS, area).join('|')})(/|$)`, message: ROUTE_AREA_MESSAGE },
  ]);
}

/** Domain code and the policy serve the routes; they never reach back into them. */
const serverBelowRoutes = (folder: string): Override =>
  restrict(`src/server/${folder}/**`, [...serverBase, { regex: '(^|/)routes/', message: `src/server/${folder} never imports routes: routes use it, not the other way.` }]);

function lintConfig() {
  return {
    $schema: './node_modules/oxlint/configuration_schema.json',
    plugins: ['typescript', 'react', 'import', 'unicorn', 'oxc', 'vitest'],
    categories: { correctness: 'error', suspicious: 'warn' },
    env: { browser: true, node: true, es2024: true },
    ignorePatterns: ['src/client/routeTree.gen.ts', 'dist/**', 'src/server/db/migrations/**'],
    rules: {
      // Type-only imports count: a type loop still ties two modules' meaning together.
      // import() is not followed by oxlint; tests/unit/import-cycles.test.ts covers it.
      'import/no-cycle': ['error', { ignoreTypes: false }],
      'no-console': 'off',
      'react/react-in-jsx-scope': 'off',
      'typescript/no-explicit-any': 'error',
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
      'unicorn/no-array-sort': 'off',
      'import/no-unassigned-import': 'off',
      'no-underscore-dangle': 'off',
      'unicorn/consistent-function-scoping': 'off',
    },
    overrides: [
      restrict('src/contract/**', [
        { group: ['**/lib/**', '**/server/**', '**/client/**', 'dexie', 'react', 'fastify'], message: 'contract/ imports only zod (DESIGN.md Layout).' },
      ]),
      restrict('src/lib/**', [
        {
          group: ['**/contract/**', '**/server/**', '**/client/**', 'dexie', 'react', 'fastify', 'node:*'],
          message: 'lib/ is pure: no DOM, no Node, nothing of ours.',
        },
      ]),
      restrict('src/server/**', serverBase),
      ...SERVER_ROUTE_AREAS.map(serverRouteArea),
      serverBelowRoutes('domain'),
      serverBelowRoutes('policy'),
      restrict('src/client/**', screensBase, {
        'no-restricted-globals': ['error', ...['fetch', 'WebSocket', 'XMLHttpRequest'].map((name) => ({ name, message: NETWORK }))],
      }),
      ...CLIENT_AREAS.map(clientArea),
      restrict('src/client/ui/**', [
        ...screensBase,
        { regex: throughFolder([...CLIENT_AREAS, 'shell', 'routes']), message: 'ui/ is shared by every area: it imports no area, no shell and no route.' },
      ]),
      restrict('src/client/store/**', [
        clientBase[0]!,
        {
          regex: throughFolder(['sync', 'shell', 'routes', 'ui', ...CLIENT_AREAS]),
          message: 'store/ is the bottom of the client: it imports only contract, lib and dexie.',
        },
      ]),
      restrict(
        'src/client/sync/**',
        [
          ...clientBase,
          { group: ['react', '@mantine/*'], message: 'The worker has no UI.' },
          { regex: throughFolder(['shell', 'routes', 'ui', ...CLIENT_AREAS]), message: 'The worker has no UI.' },
        ],
        { 'no-restricted-globals': 'off' },
      ),
    ],
  };
}

/**
 * One line for whatever fits in WIDTH and for each leaf object (one pattern, one
 * restricted global), else one line per item: a file short enough to read.
 */
const WIDTH = 110;
const isLeaf = (value: object) => !Array.isArray(value) && Object.values(value).every((item) => typeof item !== 'object' || (Array.isArray(item) && item.every((x) => typeof x !== 'object')));
function format(value: unknown, indent = '', prefix = ''): string {
  const line = inline(value);
  if (typeof value !== 'object' || value === null || isLeaf(value) || indent.length + prefix.length + line.length <= WIDTH) return prefix + line;
  const inner = `${indent}  `;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) return `${prefix}[\n${fill(value.map(inline), inner)}\n${indent}]`;
  if (Array.isArray(value)) return `${prefix}[\n${value.map((item) => inner + format(item, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).map(([key, item]) => inner + format(item, inner, `${JSON.stringify(key)}: `));
  return `${prefix}{\n${entries.join(',\n')}\n${indent}}`;
}
/** Plain items packed into lines of at most WIDTH, like a paragraph. */
function fill(items: string[], indent: string): string {
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + item.length + 2 <= WIDTH) lines[last] += ` ${item},`;
    else lines.push(`${indent}${item},`);
  }
  return lines.join('\n').slice(0, -1);
}
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${inline(item)}`);
    return `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

const HEADER = '// Written by scripts/lint-config.ts: edit that file, then `npm run lint:config`.\n';
const render = () => `${HEADER}${format(lintConfig())}\n`;

/** Folders on disk that no list names, and names in a list with no folder. */
function unlisted(): string[] {
  const dirs = (path: string) => readdirSync(resolve(ROOT, path), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const compare = (path: string, listed: string[], list: string) => [
    ...dirs(path).filter((dir) => !listed.includes(dir)).map((dir) => `${path}/${dir} is in no list: add it to ${list} in scripts/lint-config.ts`),
    ...listed.filter((name) => !dirs(path).includes(name)).map((name) => `${list} names ${path}/${name}, which does not exist`),
  ];
  return [
    ...compare('src/client', [...CLIENT_AREAS, ...CLIENT_SHARED], 'CLIENT_AREAS or CLIENT_SHARED'),
    ...compare('src/server/routes', SERVER_ROUTE_AREAS, 'SERVER_ROUTE_AREAS'),
  ];
}

if (process.argv.includes('--check')) {
  const problems = unlisted();
  if (readFileSync(OUT, 'utf8') !== render()) problems.push('.oxlintrc.json differs from what scripts/lint-config.ts writes: run `npm run lint:config`');
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
} else {
  writeFileSync(OUT, render());
}
