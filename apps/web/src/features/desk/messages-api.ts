// The desk inbox's calls (issue 27 part 4), parsed against @folio/core/desk: the
// messages of a brand by status (older pages on request), one message's thread, a
// reply e-mailed to the reader, and closing or reopening a message.
import type { BrandCode } from '@folio/core';
import {
  inboxPageSchema,
  inboxThreadSchema,
  type InboxStatus,
  type InboxThread,
} from '@folio/core/desk';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../shared/lib/http.ts';

const listKey = ['desk', 'messages'] as const;
const threadKey = (id: number) => ['desk', 'message', id] as const;

export function useInbox(brand: BrandCode, status: InboxStatus | undefined) {
  return useInfiniteQuery({
    queryKey: [...listKey, brand, status ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      getJson('/api/desk/messages', inboxPageSchema, {
        query: { brand, status, before: pageParam },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useThread(id: number | null) {
  return useQuery({
    queryKey: threadKey(id ?? 0),
    queryFn: ({ signal }) => getJson(`/api/desk/messages/${id}`, inboxThreadSchema, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

function useThreadChange<T>(id: number, send: (value: T) => Promise<InboxThread>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (thread) => {
      client.setQueryData(threadKey(id), thread);
      void client.invalidateQueries({ queryKey: listKey });
    },
    // A reply the mail server refused is kept in the thread: show it.
    onError: () => client.invalidateQueries({ queryKey: threadKey(id) }),
  });
}

export function useSendReply(id: number) {
  return useThreadChange(id, (body: string) =>
    sendJson('POST', `/api/desk/messages/${id}/replies`, inboxThreadSchema, { body }),
  );
}

export function useSetStatus(id: number) {
  return useThreadChange(id, (status: InboxStatus) =>
    sendJson('PATCH', `/api/desk/messages/${id}`, inboxThreadSchema, { status }),
  );
}
