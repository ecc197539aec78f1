import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../../platform/errors';

/**
 * The SSRF guard of outgoing webhook requests (issue 14: "refuse private, loopback and link-local
 * addresses after DNS resolution"). A URL is accepted only when it is https, on port 443 or an
 * unprivileged port (>= 1024), without credentials, and EVERY address its host resolves to (or
 * the literal address it names) is a public unicast address. Refused: unspecified, loopback,
 * private (RFC 1918), carrier-grade NAT (100.64/10, which also holds cloud metadata addresses
 * such as 100.100.100.200), link-local (169.254/16: the cloud metadata address 169.254.169.254),
 * IETF/documentation/benchmark ranges, multicast, reserved and broadcast; for IPv6 the same plus
 * unique-local (fc00::/7, holding fd00:ec2::254), site-local, link-local, the IETF-reserved ::/8
 * (with IPv4-compatible and IPv4-translated forms), NAT64 and 6to4 (they embed IPv4 addresses),
 * and IPv4-mapped addresses are checked as the IPv4 address they carry (::ffff:127.0.0.1 is
 * loopback).
 *
 * The delivery re-checks the address at send time and connects to the address it checked
 * (webhooks.ts, `lookup` pinned), so a DNS answer that changes between check and connect (DNS
 * rebinding) cannot reach a private address.
 */

// Two lists: a BlockList also matches an IPv4 address against IPv6 rules through its mapped form,
// which would make ::ffff:0:0/96 block every IPv4 address.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // ::/8 is reserved by the IETF (no global unicast there): unspecified, loopback (::1), the
  // deprecated IPv4-compatible addresses, IPv4-mapped (unwrapped and checked as IPv4 before this
  // list is read) and IPv4-translated ::ffff:0:a.b.c.d (SIIT, RFC 6145: a translator on the path
  // turns ::ffff:0:7f00:1 into 127.0.0.1).
  ['::', 8],
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv4-mapped IPv6 address carries ("::ffff:7f00:1" -> "127.0.0.1"), else null. */
function mappedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower) ?? /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted?.[1] && isIP(dotted[1]) === 4) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return null;
}

/** True when a request may go to this address: a public unicast IPv4 or IPv6 address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  if (family === 6) {
    const v4 = mappedIPv4(address);
    if (v4) return !blockedV4.check(v4, 'ipv4');
    return !blockedV6.check(address, 'ipv6');
  }
  return false;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/**
 * Test-only relaxations of the guard. Nothing in env.ts or config.ts sets them: production always
 * runs the full guard. Tests of delivery (a local receiver) pass `allowLoopbackHttp`, which lets
 * exactly http or https to a loopback address through; the SSRF tests run without it.
 */
export interface GuardOptions {
  resolver?: Resolver;
  allowLoopbackHttp?: boolean;
}

export interface CheckedUrl {
  url: URL;
  /** The address the request must connect to (the first checked one). */
  address: ResolvedAddress;
}

function refuse(message: string): AppError {
  return new AppError('VALIDATION', message, { url: message });
}

function isLoopback(address: string): boolean {
  const v4 = isIP(address) === 6 ? mappedIPv4(address) : address;
  if (v4 && isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** Checks a webhook URL and resolves its host; a refusal is a 400 naming the reason. */
export async function checkWebhookUrl(raw: string, options: GuardOptions = {}): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('The webhook URL must be a full URL like https://example.com/webhooks');
  }
  if (raw.length > 2000) throw refuse('The webhook URL must be at most 2000 characters');
  const testLoopback = options.allowLoopbackHttp === true;
  if (url.protocol !== 'https:' && !(testLoopback && url.protocol === 'http:')) throw refuse('The webhook URL must use https');
  if (url.username || url.password) throw refuse('The webhook URL must not contain a user name or password');
  if (url.port !== '' && Number(url.port) !== 443 && Number(url.port) < 1024 && !testLoopback) {
    throw refuse('The webhook URL must use port 443 or a port from 1024 up');
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  const literal = isIP(hostname);
  if (literal) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolver ?? systemResolver)(hostname);
    } catch {
      throw refuse(`The webhook host ${hostname} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw refuse(`The webhook host ${hostname} could not be resolved`);
  for (const { address } of addresses) {
    if (isPublicAddress(address)) continue;
    if (testLoopback && isLoopback(address)) continue;
    throw refuse(
      literal
        ? 'The webhook URL points to a private, loopback, link-local or reserved address; use a public https address'
        : `The webhook host ${hostname} resolves to a private, loopback, link-local or reserved address (${address}); use a public https address`,
    );
  }
  if (url.protocol === 'http:' && !addresses.every((entry) => isLoopback(entry.address))) throw refuse('The webhook URL must use https');
  const first = addresses[0] as ResolvedAddress;
  return { url, address: first };
}
