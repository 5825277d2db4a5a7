/**
 * Seeded members other than the two demo logins, for tests that need a pair of strangers:
 * Amara and Jonas are billionetts with a telex history (seed/friendships.ts, seed/telex.ts),
 * so a test of what strangers can (not) do picks one of these. Every seeded member shares the
 * demo password. Computed from the same deterministic generators the seed runs, so a login
 * found here is the one in the database. Apart from demo.ts because it loads faker.
 */
import { generateCommunity, type SeedMember } from '../../src/server/seed/community';
import { generateGraph } from '../../src/server/seed/friendships';
import { DEMO_PASSWORD } from './demo';

export type SeededLogin = { userCode: string; email: string; displayName: string; password: string };

let members: SeedMember[] | undefined;
const community = (): SeedMember[] => (members ??= generateCommunity().members);
const login = (m: SeedMember): SeededLogin => ({ userCode: m.userCode, email: m.email.toLowerCase(), displayName: m.displayName, password: DEMO_PASSWORD });

/** The seeded member with this userCode (as the API names them), to sign in as them; none for a member who registered. */
export function seededLogin(userCode: string): SeededLogin | undefined {
  const m = community().find((x) => x.userCode === userCode);
  return m && login(m);
}

/**
 * Seeded members with no tie at all to the demo login `demo` (0 Amara, 1 Jonas): not
 * billionetts, no request either way, not one of their reference candidates. Fewest
 * billionetts in common first, so the first ones sit far down the demo login's suggestions
 * (another suite may befriend the top suggestion).
 */
export function strangersOf(demo: 0 | 1): SeededLogin[] {
  const all = community();
  const graph = generateGraph(all);
  const friends = all.map(() => new Set<number>());
  for (const f of graph.friendships) {
    friends[f.a]!.add(f.b);
    friends[f.b]!.add(f.a);
  }
  const tied = new Set<number>([0, 1, ...friends[demo]!]);
  for (const r of graph.requests) if (r.from === demo || r.to === demo) tied.add(r.from === demo ? r.to : r.from);
  const referred = new Set(graph.references.filter((r) => r.owner === demo).map((r) => r.contact));
  const common = (i: number) => [...friends[i]!].filter((j) => friends[demo]!.has(j)).length;
  return all
    .map((m, i) => ({ m, i }))
    .filter(({ m, i }) => !tied.has(i) && !referred.has(m.email.toLowerCase()))
    .sort((x, y) => common(x.i) - common(y.i) || x.i - y.i)
    .map(({ m }) => login(m));
}
