import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv6 } from 'node:net';

/**
 * The client's address for per-address limits, believing X-Forwarded-For only as far as TRUST_PROXY says
 * (the same rule Fastify applies to HTTP requests): false → the peer; a hop count → that many proxies;
 * addresses/CIDRs → walk back from the peer while the hop is one of them.
 */
export function clientAddressOf(trustProxy: false | number | string[]) {
  const trusted = Array.isArray(trustProxy) ? blockList(trustProxy) : null;
  return (req: IncomingMessage): string => {
    const peer = req.socket.remoteAddress ?? '';
    if (trustProxy === false) return peer;
    const header = req.headers['x-forwarded-for'];
    const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    // Nearest first: the peer, then the addresses each proxy appended, right to left.
    const chain = [peer, ...forwarded.reverse()];
    if (typeof trustProxy === 'number') return chain[Math.min(trustProxy, chain.length - 1)] ?? peer;
    let i = 0;
    while (i < chain.length - 1 && isTrusted(trusted!, chain[i]!)) i += 1;
    return chain[i] ?? peer;
  };
}

/** The names TRUST_PROXY accepts (as Fastify's proxy-addr does), as the ranges they stand for. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function blockList(entries: string[]) {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

function isTrusted(list: BlockList, address: string) {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  try {
    return list.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4');
  } catch {
    return false;
  }
}
