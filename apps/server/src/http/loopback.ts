// Loopback: addresses and host names that only this machine can reach.
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** A socket peer address (IPv4, IPv6 or IPv4-mapped IPv6) on this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A listen HOST that only this machine can reach (0.0.0.0, :: or a public address cannot). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return bare.toLowerCase() === 'localhost' || isLoopbackAddress(bare);
}

/**
 * A client on this machine that reached the server directly. A reverse proxy on
 * this machine connects from loopback too; its forwarding headers give it away.
 * Judged by the socket's own address, never by X-Forwarded-For.
 */
export function isDirectLocalClient(request: FastifyRequest): boolean {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopbackAddress(request.raw.socket.remoteAddress);
}
