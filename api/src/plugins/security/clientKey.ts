import net from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
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

/**
 * Who the local identity provider and the outbox answer (docs/security.md, "The local identity provider behind
 * a proxy"): this machine (`loopback`), or with DEV_IDP=on this machine and the private networks around it
 * (`privateNetworks`): a container's host reaches it from the bridge's gateway (compose's 10.87.0.1), never
 * from loopback. A public address is never answered: anyone there could sign in as anyone.
 */
export type LocalClients = AppConfig['localIdpClients'];

/** Loopback, RFC 1918, link-local, and IPv6's unique local and link-local ranges (IPv4-mapped forms included). */
const PRIVATE_NETWORKS = new net.BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv6');

/** Whether `clients` takes in this address: the client as the server resolves it (`request.ip`, see `isLoopback`). */
export function isLocalClient(clients: LocalClients, address: string | undefined): boolean {
  if (clients === 'loopback' || !address) return isLoopback(address);
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  return family !== null && PRIVATE_NETWORKS.check(address, family);
}

/** An onRequest hook: 404 (as if the route did not exist) for a client `clients` does not take in. */
export function onlyLocalClients(clients: LocalClients) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (isLocalClient(clients, request.ip)) return undefined;
    return reply.code(404).send({ statusCode: 404, messageKey: 'notFound' });
  };
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
