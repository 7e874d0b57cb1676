import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Requests to URLs that tenants supply (identity provider issuers and the endpoints their discovery
 * names). ARCHITECTURE §4: a timeout, a size cap, and never to our own network unless configured. The
 * address is checked where the connection is made (a custom DNS lookup), so a name that resolves to a
 * public address when saved and to an internal one at sign-in (DNS rebinding) is refused too.
 */

/** Never reachable: link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), multicast, reserved. */
const FORBIDDEN = new BlockList();
FORBIDDEN.addSubnet('0.0.0.0', 8, 'ipv4');
FORBIDDEN.addSubnet('169.254.0.0', 16, 'ipv4');
FORBIDDEN.addSubnet('224.0.0.0', 4, 'ipv4');
FORBIDDEN.addSubnet('240.0.0.0', 4, 'ipv4');
FORBIDDEN.addAddress('100.100.100.200', 'ipv4');
FORBIDDEN.addAddress('::', 'ipv6');
FORBIDDEN.addSubnet('fe80::', 10, 'ipv6');
FORBIDDEN.addSubnet('ff00::', 8, 'ipv6');
FORBIDDEN.addAddress('fd00:ec2::254', 'ipv6');

/** This machine and private networks: reachable only with OUTBOUND_PRIVATE_NETWORKS=true. */
const LOCAL = new BlockList();
LOCAL.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('10.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('172.16.0.0', 12, 'ipv4');
LOCAL.addSubnet('192.168.0.0', 16, 'ipv4');
LOCAL.addSubnet('100.64.0.0', 10, 'ipv4');
LOCAL.addSubnet('198.18.0.0', 15, 'ipv4');
LOCAL.addAddress('::1', 'ipv6');
LOCAL.addSubnet('fc00::', 7, 'ipv6');

export type AddressKind = 'public' | 'local' | 'forbidden';

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
const unmap = (address: string) => {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
};

export function addressKind(address: string): AddressKind {
  const ip = unmap(address.replace(/^\[|\]$/g, ''));
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (isIP(ip) === 0) return 'forbidden';
  if (FORBIDDEN.check(ip, family)) return 'forbidden';
  return LOCAL.check(ip, family) ? 'local' : 'public';
}

/** Why an outbound request failed, in words safe for an administrator (never a secret, never a body). */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly reason: 'address' | 'unreachable' | 'timeout' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

const refusedAddress = () =>
  new OutboundError(
    'address',
    'The address is in a private or reserved network that this server may not reach.',
  );

export interface OutboundPolicy {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  /** Discovery documents and JWKS are small; anything bigger is refused. */
  maxBytes: number;
}

export const permitted = (kind: AddressKind, policy: Pick<OutboundPolicy, 'allowPrivateNetworks'>) =>
  kind === 'public' || (kind === 'local' && policy.allowPrivateNetworks);

/**
 * Checks a URL's host without connecting: IP literals and `localhost` by their address. Names are
 * checked again (and for real) when a request resolves them.
 */
export function checkUrlHost(url: URL, policy: Pick<OutboundPolicy, 'allowPrivateNetworks'>): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) ? host : /^localhost\.?$/i.test(host) ? '127.0.0.1' : null;
  if (literal && !permitted(addressKind(literal), policy)) throw refusedAddress();
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup that answers only permitted addresses: a name with any refused address is refused. */
function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0 || addresses.some((a) => !permitted(addressKind(a.address), policy))) {
        return callback(refusedAddress() as unknown as NodeJS.ErrnoException, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | null;
  signal?: AbortSignal | null;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * A fetch for openid-client (its customFetch) with the policy above. It never follows redirects
 * (openid-client asks for 'manual' anyway) and answers a standard Response.
 */
export function createOutboundFetch(policy: OutboundPolicy) {
  const lookup = guardedLookup(policy);
  return (input: string, init: FetchInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        return reject(new OutboundError('unreachable', 'Only http and https addresses can be fetched.'));
      }
      try {
        checkUrlHost(url, policy);
      } catch (error) {
        return reject(error);
      }
      const body = init.body == null ? undefined : String(init.body);
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: init.method ?? 'GET',
        headers: { ...init.headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
        lookup: lookup as never,
        timeout: policy.timeoutMs,
      });
      const timeoutError = () => new OutboundError('timeout', 'The server did not answer in time.');
      let settled = false;
      /** Ends the exchange with an error (once): later errors of the torn-down request are ignored. */
      const stop = (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(
          error instanceof OutboundError
            ? error
            : new OutboundError('unreachable', 'The server could not be reached.'),
        );
        request.destroy();
      };
      // The whole exchange, not only each pause between packets, must end in time.
      const timer = setTimeout(() => stop(timeoutError()), policy.timeoutMs);
      init.signal?.addEventListener('abort', () => stop(timeoutError()), { once: true });
      request.on('timeout', () => stop(timeoutError()));
      request.on('error', stop);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) stop(new OutboundError('too-large', 'The answer was too large.'));
          else chunks.push(chunk);
        });
        response.on('error', stop);
        response.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const status = response.statusCode ?? 502;
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const item of ([] as string[]).concat(value)) headers.append(name, item);
          }
          const payload = NULL_BODY_STATUS.has(status) ? null : Buffer.concat(chunks);
          resolve(new Response(payload, { status, headers }));
        });
      });
      request.end(body);
    });
}

export type OutboundFetch = ReturnType<typeof createOutboundFetch>;
