import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type AddressKind, addressKind } from './address-kind.js';

/**
 * Requests to URLs that tenants supply (identity provider issuers and the endpoints their discovery
 * names). ARCHITECTURE §4: a timeout, a size cap, and never to our own network unless configured. The
 * address is checked where the connection is made (a custom DNS lookup), so a name that resolves to a
 * public address when saved and to an internal one at sign-in (DNS rebinding) is refused too.
 */

export { type AddressKind, addressKind };

/** Why an outbound request failed, in words safe for an administrator (never a secret, never a body). */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly reason: 'address' | 'unreachable' | 'timeout' | 'too-large',
    message: string,
    /** The socket's own error, kept for callers that tell a refused connection from a TLS failure. */
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The refusal's words. SDKs that wrap a socket error in their own keep only its message (the Azure
 * SDK's REQUEST_SEND_ERROR), so callers recognise the refusal by it.
 */
export const REFUSED_ADDRESS_MESSAGE =
  'The address is in a private or reserved network that this server may not reach.';

const refusedAddress = () => new OutboundError('address', REFUSED_ADDRESS_MESSAGE);

export interface OutboundPolicy {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  /** Discovery documents and JWKS are small; anything bigger is refused. */
  maxBytes: number;
  /** The name resolver (the system's); every address it answers is judged before connecting. */
  resolve?: typeof dnsLookup;
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

/**
 * Checks a URL a tenant saves (a webhook endpoint) as far as can be known now: its host as above and,
 * for a name, every address it resolves to today, with the same verdict the connection will apply. A
 * name that does not resolve yet passes: it is judged again at every connection.
 */
export async function checkUrlReachable(
  url: URL,
  policy: Pick<OutboundPolicy, 'allowPrivateNetworks' | 'resolve'>,
): Promise<void> {
  checkUrlHost(url, policy);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || /^localhost\.?$/i.test(host)) return;
  const resolve = policy.resolve ?? dnsLookup;
  const addresses = await new Promise<LookupAddress[]>((done) =>
    resolve(host, { all: true, family: 0 }, (error, found) => done(error ? [] : found)),
  );
  if (addresses.some((a) => !permitted(addressKind(a.address), policy))) throw refusedAddress();
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup that answers only permitted addresses: a name with any refused address is refused. */
function guardedLookup(policy: Pick<OutboundPolicy, 'allowPrivateNetworks' | 'resolve'>) {
  const resolve = policy.resolve ?? dnsLookup;
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    resolve(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0 || addresses.some((a) => !permitted(addressKind(a.address), policy))) {
        return callback(refusedAddress() as unknown as NodeJS.ErrnoException, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * Agents for SDKs that take their own (the S3 and Azure Blob clients): every connection they make
 * resolves its host through the guarded lookup above. Node skips the lookup for an IP literal, so the
 * caller checks the URL's host with checkUrlHost too.
 */
export function guardedAgents(policy: Pick<OutboundPolicy, 'allowPrivateNetworks' | 'resolve'>) {
  const lookup = guardedLookup(policy) as never;
  return {
    http: new http.Agent({ keepAlive: true, lookup }),
    https: new https.Agent({ keepAlive: true, lookup }),
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
            : new OutboundError('unreachable', 'The server could not be reached.', { cause: error }),
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
