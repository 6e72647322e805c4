import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// In production (docs/security.md) the SMTP connection test must not become a way to probe the server's
// own network (loopback, link-local such as cloud metadata, private ranges). See SMTP_ALLOW_PRIVATE_HOSTS.

export const SMTP_HOST_NOT_PUBLIC = 'SMTP host must be a public address in production';

/** Addresses that are not on the public internet: the test refuses them unless SMTP_ALLOW_PRIVATE_HOSTS. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", with the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.168.0.0', 16], // private
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, with the broadcast 255.255.255.255
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated): never a real mail server
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  // The URL parser writes any IPv6 form the same way: lower case, shortest, the last 32 bits in hex.
  const normalized = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const match = /^(?:::ffff|64:ff9b:):([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(normalized);
  if (!match) return null;
  const high = parseInt(match[1]!, 16);
  const low = parseInt(match[2]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether an IP address is loopback, link-local, private, CGNAT, unspecified, multicast or reserved. */
export function isNotPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return NOT_PUBLIC.check(address, 'ipv4');
  if (version !== 6) return true; // not an address at all: never treat it as a public one
  const ipv4 = embeddedIpv4(address);
  if (ipv4 !== null) return NOT_PUBLIC.check(ipv4, 'ipv4');
  return NOT_PUBLIC.check(address, 'ipv6');
}

export type HostLookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: HostLookup = (host) => dnsLookup(host, { all: true, verbatim: true });

export class SmtpHostNotPublicError extends Error {
  readonly code = 'EHOSTNOTPUBLIC';
  constructor() {
    super(SMTP_HOST_NOT_PUBLIC);
  }
}

/**
 * The address to connect to for `host` (a name, an IP address, or an IPv6 address in brackets): it and
 * every other address the name resolves to must be public, else SmtpHostNotPublicError. The caller
 * connects to the address answered, not to the name again, so a second DNS answer cannot differ from the
 * one checked. A name that does not resolve rejects with the resolver's error (ENOTFOUND …).
 */
export async function publicAddressOf(host: string, lookup: HostLookup = systemLookup): Promise<string> {
  const bare = /^\[.*\]$/.test(host) ? host.slice(1, -1) : host;
  const addresses = isIP(bare) ? [bare] : (await lookup(bare)).map((entry) => entry.address);
  if (addresses.length === 0 || addresses.some(isNotPublicAddress)) throw new SmtpHostNotPublicError();
  return addresses[0]!;
}
