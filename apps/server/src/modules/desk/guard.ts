// The desk's one door (issue 26 part 1). Every desk route names the capability it
// needs; this preHandler answers before the body is even read: 401 without a session,
// 403 for a reader (no staff role), 403 asking for the second factor when the
// session has not given one, 403 when the role may not do this. Answers are
// private to the one signed-in person and never kept by a cache.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DESK_MESSAGES, deskErrorBodySchema, roleMay, type DeskCapability } from '@folio/core/desk';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import { currentViewer, type FolioAuth, type Viewer } from '../auth/index.ts';
import type { StaffRow } from './staff-repo.ts';
import type { DeskService } from './service.ts';

/** The refusals every desk route declares: bad input, the guard's, not found, a conflict. */
export const DESK_REFUSALS = {
  400: deskErrorBodySchema,
  401: deskErrorBodySchema,
  403: deskErrorBodySchema,
  404: deskErrorBodySchema,
  409: deskErrorBodySchema,
} as const;

export interface DeskCaller {
  viewer: Viewer;
  staff: StaffRow;
}

const callers = new WeakMap<FastifyRequest, DeskCaller>();

export function deskGuard(auth: FolioAuth, desk: DeskService) {
  /**
   * `secondFactor: false` lets a staff member in before the authenticator code
   * (to read who they are, set the app up and give the code); nothing else.
   */
  return (capability: DeskCapability, options: { secondFactor?: boolean } = {}) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      void reply.header('cache-control', 'private, no-store');
      const viewer = await currentViewer(auth, request, reply);
      if (!viewer) throw new UnauthorizedError(DESK_MESSAGES.signInRequired);
      const staff = await desk.staffOf(viewer.reader.id);
      if (!staff)
        throw new ForbiddenError(DESK_MESSAGES.staffOnly, { details: { reason: 'STAFF_ONLY' } });
      if (options.secondFactor !== false) {
        if (!viewer.twoFactorEnabled)
          throw new ForbiddenError(DESK_MESSAGES.secondFactorSetup, {
            details: { reason: 'SECOND_FACTOR_SETUP' },
          });
        if (!viewer.secondFactorGiven)
          throw new ForbiddenError(DESK_MESSAGES.secondFactorRequired, {
            details: { reason: 'SECOND_FACTOR_REQUIRED' },
          });
      }
      if (!roleMay(staff.role, capability))
        throw new ForbiddenError(DESK_MESSAGES.roleNotAllowed, { details: { reason: 'ROLE' } });
      callers.set(request, { viewer, staff });
    };
}

/** The staff member the guard let through for this request. */
export function deskCaller(request: FastifyRequest): DeskCaller {
  const caller = callers.get(request);
  if (!caller) throw new UnauthorizedError(DESK_MESSAGES.signInRequired);
  return caller;
}
