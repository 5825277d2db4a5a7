/**
 * The feed mix the benches load the server with (feed-growth.ts, first-read-costs.ts,
 * request-costs.ts, balancer-capacity.ts): generated members signed in, and four pages a
 * member — their home, their home with entries only, the next member's suite, a search.
 */
import { API_BASE } from '../../src/contract/codes';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { DEMO_PASSWORD } from '../support/demo';
import type { LoadRequest } from './open-load';

type Request = LoadRequest & { headers: Record<string, string> };

/** Bearer tokens of `count` generated members (member1@scale.test …), four sign-ins at a time. */
export async function signIn(url: string, count: number): Promise<{ token: string; userCode: string }[]> {
  const out: { token: string; userCode: string }[] = [];
  for (let i = 1; i <= count; i += 4) {
    const batch = await Promise.all(
      [0, 1, 2, 3]
        .filter((k) => i + k <= count)
        .map(async (k) => {
          const res = await fetch(`${url}${API_BASE}/auth/signIn`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: `member${i + k}@scale.test`, password: DEMO_PASSWORD }),
          });
          const body = (await res.json()) as { data?: { accessToken: string; id: string } };
          if (!body.data) throw new Error(`sign-in of member${i + k} failed: ${res.status}`);
          return { token: body.data.accessToken, userCode: body.data.id };
        }),
    );
    out.push(...batch);
  }
  return out;
}

/** The mix of pages: each member's home, home with entries only, the next member's suite, a search. */
export function pages(members: { token: string; userCode: string }[]): Request[] {
  const words = ['harbour', 'design', 'coffee', 'launch'];
  return members.flatMap((m, i) => {
    const headers = { authorization: `Bearer ${m.token}` };
    const next = members[(i + 1) % members.length]!;
    return [
      { path: `${API_BASE}/${ENTRY_PATHS.home}?pageNo=1&pageSize=5`, headers },
      { path: `${API_BASE}/${ENTRY_PATHS.home}?pageNo=1&pageSize=5&featureCodes=5`, headers },
      { path: `${API_BASE}/${ENTRY_PATHS.suite}?userCode=${next.userCode}&pageNo=1&pageSize=5`, headers },
      { path: `${API_BASE}/${ENTRY_PATHS.search(words[i % words.length]!)}?pageNo=1&pageSize=5`, headers },
    ];
  });
}
