// Shared state across servers (issue 28 part 2, decision 0039): the change feed
// that tells every server's in-process caches of edits made on any server. It
// imports no other module, so any module may depend on it. The topics and the
// bump itself are in db/cache-versions.ts, where repos reach them too.
export { ChangeFeed, DEFAULT_CACHE_VERSION_CHECK_MS } from './change-feed.ts';
