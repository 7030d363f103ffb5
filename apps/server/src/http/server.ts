// The HTTP server under Fastify: the one Fastify would make (same timeouts), with
// a chance for first responders to answer a request before it reaches the router.
// The only one today replays the content API's answers (epaper-replays.ts), which
// a new connection's requests also get from the wire itself (wire.ts). While
// the server is closing every request goes to Fastify, which answers 503. What
// reaches Fastify goes through a fair intake (intake.ts): a few requests started
// per turn of the event loop, so a busy server still accepts new connections.
import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { fairIntake, type Intake } from './intake.ts';
import { answerOnTheWire, type WireResponder } from './wire.ts';

/** Answers a request itself and returns true, or returns false and touches nothing. */
export type FirstResponder = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

function numberOption(options: Record<string, unknown>, name: string): number | undefined {
  const value = options[name];
  return typeof value === 'number' ? value : undefined;
}

export function serverWithFirstResponders(
  responders: readonly FirstResponder[],
  /** Told of the server's intake once it is made (for the metrics' waiting requests). */
  madeIntake: (intake: Intake) => void = () => undefined,
  /** Answers requests read straight from new connections, before node:http (wire.ts). */
  wire?: WireResponder,
): FastifyServerFactory {
  return (handler, options) => {
    const intake = fairIntake(handler);
    madeIntake(intake);
    const serverOptions = options.http;
    const server = http.createServer(
      typeof serverOptions === 'object' && serverOptions !== null
        ? (serverOptions as http.ServerOptions)
        : {},
      (req, res) => {
        if (server.listening) for (const respond of responders) if (respond(req, res)) return;
        intake.admit(req, res);
      },
    );
    // As Fastify sets them on a server of its own (lib/server.js).
    const keepAliveTimeout = numberOption(options, 'keepAliveTimeout');
    if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
    const requestTimeout = numberOption(options, 'requestTimeout');
    if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
    server.setTimeout(numberOption(options, 'connectionTimeout') ?? 0);
    const maxRequestsPerSocket = numberOption(options, 'maxRequestsPerSocket');
    if (maxRequestsPerSocket !== undefined && maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = maxRequestsPerSocket;
    if (wire) answerOnTheWire(server, wire);
    return server;
  };
}
