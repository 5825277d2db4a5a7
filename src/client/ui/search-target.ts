/**
 * Where the header's global search goes (spec §2.3): the search page of the section
 * the member is in — circles, posts, barter, slates — and billionetts otherwise.
 */
export function searchHref(pathname: string, text: string): string {
  const q = `?q=${encodeURIComponent(text)}`;
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  if (under('/suite/circles') || under('/circle')) return `/suite/circles/search${q}`;
  if (under('/suite/slate') || under('/slate')) return `/suite/slate/search${q}`;
  if (under('/suite/barter') || under('/barter')) return `/suite/barter/search${q}`;
  // The own suite's feed and its search page are the posts section.
  if (pathname === '/suite' || under('/suite/search')) return `/suite/search${q}`;
  return `/suite/billionetts/search${q}`;
}
