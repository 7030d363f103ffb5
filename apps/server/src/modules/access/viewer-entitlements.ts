// Who is asking, for content routes: the entitlement of the request's session, or a
// visitor's when it carries no session cookie (no database work for visitors).
// Nothing the browser sends besides the session cookie is read.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Brand, Entitlement } from '@folio/core';
import { currentViewer } from '../auth/index.ts';
import type { FolioAuth } from '../auth/index.ts';
import type { SubscriptionService } from '../subscriptions/index.ts';

/** better-auth's session cookie (prefix "folio"), with or without the __Secure- prefix. */
const SESSION_COOKIE = 'folio.session_token=';

export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && cookieHeader.includes(SESSION_COOKIE);
}

export class ViewerEntitlements {
  constructor(
    private readonly auth: FolioAuth,
    private readonly subscriptions: SubscriptionService,
  ) {}

  async of(request: FastifyRequest, reply: FastifyReply, brand: Brand): Promise<Entitlement> {
    return (await this.reader(request, reply, brand)).entitlement;
  }

  /** The entitlement and the signed-in reader's id (null for a visitor), from one session look-up. */
  async reader(
    request: FastifyRequest,
    reply: FastifyReply,
    brand: Brand,
  ): Promise<{ readerId: string | null; entitlement: Entitlement }> {
    if (!carriesSessionCookie(request.headers.cookie))
      return { readerId: null, entitlement: { kind: 'visitor' } };
    const viewer = await currentViewer(this.auth, request, reply);
    const readerId = viewer?.reader.id ?? null;
    return { readerId, entitlement: await this.subscriptions.entitlement(readerId, brand) };
  }
}
