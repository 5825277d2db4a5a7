/**
 * Every read of the OpenAPI document, called by one member with every value that could point
 * at someone's things (generated: a new read is crawled without editing the suites that use
 * it — the privacy crawl, the erasure check).
 */
import type { Operation } from './openapi';

/** Values for each path or query parameter by name; a name not given gets '' (or 'X1' in a path). */
export type CrawlChoices = Record<string, string[]>;
export type CrawlAnswer = { op: string; url: string; values: Record<string, string>; status: number; text: string; body: unknown };

/**
 * The values that point at one member's things: their code (as a member, a billionett, a
 * profile), their circles and slates, entries and comments, and texts to search for.
 */
export function choicesFor(things: { userCode: string; groupCodes: string[]; pageCodes: string[]; postCodes: string[]; commentCodes: string[]; texts: string[] }): CrawlChoices {
  const { userCode, groupCodes, pageCodes, texts } = things;
  return {
    userCode: [userCode],
    friendCode: [userCode],
    friendId: [userCode],
    profileCode: [userCode, ...groupCodes, ...pageCodes],
    postType: ['user', 'group', 'page'],
    groupCode: groupCodes,
    pageCode: pageCodes,
    postCode: things.postCodes,
    commentCode: things.commentCodes,
    searchText: texts,
    keyWord: texts,
    text: texts,
    q: texts,
    keyword: texts,
    pageNo: ['1'],
    pageSize: ['50'],
  };
}

/** Every URL of `op` the choices make, with the values it was filled with. */
export function urlsOf(op: Operation, choices: CrawlChoices): { url: string; values: Record<string, string> }[] {
  const names = [...op.pathParams, ...op.queryParams];
  let combos: Record<string, string>[] = [{}];
  for (const name of names) {
    const values = choices[name] ?? [''];
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value })));
  }
  return combos.map((combo) => ({
    url: op.url({ pathValue: (name) => encodeURIComponent(combo[name] || 'X1'), queryValue: (name) => encodeURIComponent(combo[name] ?? '') }),
    values: combo,
  }));
}

/** Calls every URL of every read as the holder of `token`. */
export async function crawlReads(baseUrl: string, reads: Operation[], token: string, choices: CrawlChoices): Promise<CrawlAnswer[]> {
  const answers: CrawlAnswer[] = [];
  for (const op of reads) {
    for (const { url, values } of urlsOf(op, choices)) {
      const response = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: only its text is searched.
      }
      answers.push({ op: op.path, url, values, status: response.status, text, body });
    }
  }
  return answers;
}
