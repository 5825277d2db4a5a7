/**
 * Write shapes per release (tests/fixtures/write-shapes/<version>.json): for every queued
 * kind, a payload as the app of that release stored it in its outbox and the request (or
 * socket frame) it sent for it. An app of an older release may still hold writes queued
 * offline when the hosts are upgraded (a rolling deploy): its requests must still be
 * applied, and once it updates, the new worker must still read its stored payloads.
 *
 * The codes in a recording (members, entries, circles…) are only valid in the database it
 * was made in; a replay grafts the recording's structure onto a fresh sample's values.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { WireFrame, WireRequest } from './write-samples';

export const SHAPES_DIR = path.resolve(import.meta.dirname, '../fixtures/write-shapes');
export const CURRENT_RELEASE = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

export type Recorded = { payload: unknown; wire: WireRequest | WireFrame };
export type ReleaseShapes = { release: string; kinds: Record<string, Recorded> };

/** Every release kept, oldest first. */
export function keptReleases(): ReleaseShapes[] {
  let files: string[] = [];
  try {
    files = readdirSync(SHAPES_DIR).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  return files.sort(byVersion).map((f) => JSON.parse(readFileSync(path.join(SHAPES_DIR, f), 'utf8')) as ReleaseShapes);
}

export function writeRelease(shapes: ReleaseShapes): string {
  mkdirSync(SHAPES_DIR, { recursive: true });
  const file = path.join(SHAPES_DIR, `${shapes.release}.json`);
  const sorted = Object.fromEntries(Object.entries(shapes.kinds).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify({ release: shapes.release, kinds: sorted }, null, 2)}\n`);
  return file;
}

type Leaf = string | number | boolean | null;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every leaf with its key path (array items as `[]`). */
function leaves(value: unknown, at = ''): [string, Leaf][] {
  if (Array.isArray(value)) return value.flatMap((item) => leaves(item, `${at}[]`));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => leaves(v, at ? `${at}.${k}` : k));
  return [[at, value as Leaf]];
}

/** Tokens of a path: its segments and its query's keys and values. */
const PATH_TOKENS = /([/?&=])/;

/**
 * What must not change within a release: the payload's key paths and leaf types, the
 * request's method, its path with payload values named by their key paths, and its body's
 * key paths and leaf types (or the frame's).
 */
export function shapeOf(recorded: Recorded): string[] {
  const typed = (prefix: string, value: unknown) => [...new Set(leaves(value).map(([k, v]) => `${prefix} ${k}: ${v === null ? 'null' : typeof v}`))].sort();
  const named = new Map<string, string>();
  for (const [k, v] of leaves(recorded.payload)) if (typeof v === 'string' && v.length >= 3 && !named.has(v)) named.set(v, `{${k}}`);
  if ('frame' in recorded.wire) return [...typed('payload', recorded.payload), ...typed('frame', recorded.wire.frame)];
  const template = recorded.wire.path
    .split(PATH_TOKENS)
    .map((t) => named.get(decodeURIComponent(t)) ?? t)
    .join('');
  return [...typed('payload', recorded.payload), `request ${recorded.wire.method} ${template}`, ...typed('body', recorded.wire.body)];
}

/** `old`'s structure with `fresh`'s value wherever both have a leaf of the same type at the same key path. */
export function graft(old: unknown, fresh: unknown): unknown {
  if (Array.isArray(old)) return old.map((item, i) => graft(item, Array.isArray(fresh) ? fresh[i] : undefined));
  if (isObject(old)) return Object.fromEntries(Object.entries(old).map(([k, v]) => [k, graft(v, isObject(fresh) ? fresh[k] : undefined)]));
  return fresh !== undefined && typeof fresh === typeof old && !isObject(fresh) && !Array.isArray(fresh) ? fresh : old;
}

/** The recorded wire with the recording's string values swapped for a fresh sample's (same key paths). */
export function rewire(recorded: Recorded, freshPayload: unknown): WireRequest | WireFrame {
  const fresh = new Map(leaves(freshPayload));
  const swap = new Map<string, string>();
  for (const [k, v] of leaves(recorded.payload)) {
    const now = fresh.get(k);
    if (typeof v === 'string' && typeof now === 'string' && v !== now) swap.set(v, now);
  }
  const deep = (value: unknown): unknown => {
    if (typeof value === 'string') return swap.get(value) ?? value;
    if (Array.isArray(value)) return value.map(deep);
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v)]));
    return value;
  };
  const { wire } = recorded;
  if ('frame' in wire) return { frame: deep(wire.frame) };
  const swapped = wire.path
    .split(PATH_TOKENS)
    .map((t) => {
      const to = swap.get(decodeURIComponent(t));
      return to === undefined ? t : encodeURIComponent(to);
    })
    .join('');
  return { method: wire.method, path: swapped, body: deep(wire.body) };
}
