// Loopback: addresses and host names that only this machine can reach.
import { BlockList, isIP } from 'node:net';

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
