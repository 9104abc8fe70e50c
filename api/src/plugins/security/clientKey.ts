import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import { optionalUser } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';

/**
 * The address a limit counts by: IPv4 as it is, IPv6 by its /64 (one subscriber's network: a client can
 * take any of its 2^64 addresses at will), an IPv4-mapped IPv6 address as IPv4.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(ip)) return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight 16-bit groups of an IPv6 address, zeros written out ("2001:db8::1" → 2001, db8, 0, …, 1). */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => (g.replace(/^0+/, '') || '0').toLowerCase());
}

/**
 * The address is on this machine. Pass the client as the server resolves it (`request.ip`): the socket
 * of a proxy on this host is loopback whoever is behind it.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return address === '::1' || (net.isIPv4(v4) && v4.startsWith('127.'));
}

/** Anonymous calls and sign-ins: counted per client address. */
export function byAddress(request: FastifyRequest): string {
  return `ip:${addressKey(request.ip)}`;
}

/**
 * Calls a signed-in person may make: counted per user id, so one account cannot spread itself over many
 * addresses and thousands of people behind one mobile carrier's address do not lock each other out;
 * without a session, per address.
 */
export function byUserOrAddress(sessions: SessionService) {
  return async (request: FastifyRequest): Promise<string> => {
    const user = request.user ?? (await optionalUser(request, sessions));
    return user ? `user:${user.id}` : byAddress(request);
  };
}
