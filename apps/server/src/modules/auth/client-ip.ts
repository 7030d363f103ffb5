// The header our Fastify bridge sets to the client address Fastify resolved, and
// the only one better-auth is told to read it from (advanced.ipAddress), so a
// client cannot pick the address its rate limits are counted against.
export const CLIENT_IP_HEADER = 'x-folio-client-ip';
