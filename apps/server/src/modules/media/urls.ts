/** Media is served under this path; a storage key maps to `${MEDIA_ROUTE}/${key}`. */
export const MEDIA_ROUTE = '/media';

export function mediaUrl(key: string): string {
  return `${MEDIA_ROUTE}/${key}`;
}
