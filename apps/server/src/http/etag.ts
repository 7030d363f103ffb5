// The one rule for conditional GETs (RFC 9110 §13.1.2, If-None-Match): "*" on its
// own matches any current representation; otherwise the header lists entity tags,
// compared weakly (a W/ prefix on either side is ignored), as a GET's must be.

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** Whether an If-None-Match header names this ETag, so a 304 may be sent. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag.trim()) === wanted);
}
