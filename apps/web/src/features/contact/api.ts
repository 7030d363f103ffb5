// The contact form's one call (spec 2 §7 "contact"): Folio's own POST /api/contact
// in place of the spreadsheet service the spec's client wrote to.
import { okResponseSchema, type ContactRequest } from '@folio/core';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../shared/lib/http.ts';

export function sendContactMessage(message: ContactRequest): Promise<unknown> {
  return sendJson('POST', '/api/contact', okResponseSchema, message);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
