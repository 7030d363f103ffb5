// Subscriber care's calls (issue 27 part 3), parsed against @folio/core/desk: find a
// reader, their page, and the actions on it (extend, refund, cancel a mandate, sign
// out everywhere, resend a receipt or a notice); each action answers the reader's
// page as it now stands. An invoice downloads by a plain link (invoiceUrl).
import {
  careReaderSchema,
  careSearchSchema,
  type CareExtend,
  type CareReader,
  type CareRefund,
} from '@folio/core/desk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../shared/lib/http.ts';

const searchKey = (q: string) => ['desk', 'care', 'search', q] as const;
const readerKey = (id: string) => ['desk', 'care', 'reader', id] as const;

export function useCareSearch(q: string) {
  return useQuery({
    queryKey: searchKey(q),
    queryFn: ({ signal }) =>
      getJson('/api/desk/care/search', careSearchSchema, { query: { q }, signal }),
    enabled: q !== '',
    retry: false,
  });
}

export function useCareReader(id: string) {
  return useQuery({
    queryKey: readerKey(id),
    queryFn: ({ signal }) =>
      getJson(`/api/desk/care/readers/${encodeURIComponent(id)}`, careReaderSchema, { signal }),
    retry: false,
  });
}

function useReaderAction<T>(id: string, send: (value: T) => Promise<CareReader>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (reader) => client.setQueryData(readerKey(id), reader),
    // A refused or unanswered call may still have changed something (a refund waiting): look again.
    onError: () => client.invalidateQueries({ queryKey: readerKey(id) }),
  });
}

const readerPath = (id: string) => `/api/desk/care/readers/${encodeURIComponent(id)}`;

export function useExtend(id: string) {
  return useReaderAction(id, (input: CareExtend) =>
    sendJson('POST', `${readerPath(id)}/extend`, careReaderSchema, input),
  );
}

export function useRefund(id: string) {
  return useReaderAction(id, ({ paymentId, ...input }: CareRefund & { paymentId: string }) =>
    sendJson(
      'POST',
      `/api/desk/care/payments/${encodeURIComponent(paymentId)}/refunds`,
      careReaderSchema,
      input,
    ),
  );
}

export function useCancelMandate(id: string) {
  return useReaderAction(id, ({ mandateId, reason }: { mandateId: string; reason: string }) =>
    sendJson('POST', `${readerPath(id)}/mandates/${mandateId}/cancel`, careReaderSchema, {
      reason,
    }),
  );
}

export function useSignOutEverywhere(id: string) {
  return useReaderAction(id, (reason: string) =>
    sendJson('POST', `${readerPath(id)}/sign-out`, careReaderSchema, { reason }),
  );
}

/** Where support downloads any reader's invoice (a plain link: the browser saves the PDF). */
export function invoiceUrl(file: string): string {
  return `/api/desk/care/invoices/${encodeURIComponent(file)}`;
}

export function useResendReceipt(id: string) {
  return useReaderAction(id, (paymentId: string) =>
    sendJson(
      'POST',
      `/api/desk/care/payments/${encodeURIComponent(paymentId)}/receipt`,
      careReaderSchema,
      {},
    ),
  );
}

export function useResendNotice(id: string) {
  return useReaderAction(id, (subscriptionId: number) =>
    sendJson(
      'POST',
      `${readerPath(id)}/subscriptions/${subscriptionId}/notice`,
      careReaderSchema,
      {},
    ),
  );
}
