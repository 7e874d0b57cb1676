import type { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressKind,
  checkUrlHost,
  checkUrlReachable,
  createOutboundFetch,
  guardedAgents,
  OutboundError,
} from './outbound.js';

describe('addressKind', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['2606:2800:220:1:248:1893:25c8:1946', 'public'],
    ['127.0.0.1', 'local'],
    ['10.20.30.40', 'local'],
    ['172.31.255.1', 'local'],
    ['192.168.1.1', 'local'],
    ['100.64.0.1', 'local'],
    ['::1', 'local'],
    ['fd12:3456::1', 'local'],
    ['::ffff:10.0.0.1', 'local'],
    ['169.254.169.254', 'forbidden'],
    ['::ffff:169.254.169.254', 'forbidden'],
    ['fd00:ec2::254', 'forbidden'],
    ['100.100.100.200', 'forbidden'],
    ['fe80::1', 'forbidden'],
    ['0.0.0.0', 'forbidden'],
    ['224.0.0.1', 'forbidden'],
    ['255.255.255.255', 'forbidden'],
    ['not an address', 'forbidden'],
    ['192.0.2.10', 'forbidden'],
    ['2001:db8::1', 'forbidden'],
    ['64:ff9b::93.184.216.34', 'public'],
    ['2002:5db8:d822::1', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  // 169.254.169.254 and 10.0.0.1 as the IPv6 forms that carry an IPv4 address, and IPv4 spellings.
  const metadataSpellings = [
    '::ffff:a9fe:a9fe',
    '[::ffff:169.254.169.254]',
    '::ffff:0:a9fe:a9fe',
    '::169.254.169.254',
    '64:ff9b::169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1:a9fe:a9:fe00::', // RFC 6052 /48 layout in the local-use prefix
    '64:ff9b:1::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '2001:0:4136:e378:8000:63bf:5601:5601', // Teredo: the client is the inverted last 32 bits
    '2852039166',
    '0xa9fea9fe',
    '0251.0376.0251.0376',
    '169.254.43518',
  ];
  it.each(metadataSpellings)('%s is the metadata address, forbidden', (address) => {
    expect(addressKind(address)).toBe('forbidden');
  });
  it.each([
    '::ffff:10.0.0.1',
    '::10.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::8.8.8.8',
    '2002:a00:1::1',
    '2001:0:4136:e378:8000:63bf:f5ff:fffe',
    '0x7f000001',
    '127.1',
  ])('%s is a private network, local', (address) => {
    expect(addressKind(address)).toBe('local');
  });
});

describe('checkUrlHost', () => {
  const strict = { allowPrivateNetworks: false };
  const open = { allowPrivateNetworks: true };
  it('refuses literal private and loopback hosts unless allowed, and metadata hosts always', () => {
    for (const url of ['http://127.0.0.1:9000', 'https://10.0.0.1/', 'https://[::1]/', 'http://localhost/']) {
      expect(() => checkUrlHost(new URL(url), strict), url).toThrow(OutboundError);
      expect(() => checkUrlHost(new URL(url), open), url).not.toThrow();
    }
    expect(() => checkUrlHost(new URL('https://169.254.169.254/'), open)).toThrow(OutboundError);
    expect(() => checkUrlHost(new URL('https://[fe80::1]/'), open)).toThrow(OutboundError);
    expect(() => checkUrlHost(new URL('https://idp.example.com/'), strict)).not.toThrow();
  });

  it.each([
    'http://[::ffff:169.254.169.254]/',
    'http://[64:ff9b::169.254.169.254]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://[2001:0:4136:e378:8000:63bf:5601:5601]/',
    'http://2852039166/',
    'http://0xa9fea9fe/',
    'http://0251.0376.0251.0376/',
    'http://169.254.43518/',
  ])('refuses the metadata address written as %s, even with private networks allowed', (url) => {
    expect(() => checkUrlHost(new URL(url), open)).toThrow(OutboundError);
  });
});

describe('createOutboundFetch', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/slow') return; // never answers
      if (request.url === '/big') return response.end('x'.repeat(4096));
      if (request.url === '/moved') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
        return response.end();
      }
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        response.writeHead(200, {
          'content-type': 'application/json',
          'x-seen': request.headers.authorization ?? '',
        });
        response.end(JSON.stringify({ method: request.method, body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fetchWith = (allowPrivateNetworks: boolean) =>
    createOutboundFetch({ allowPrivateNetworks, timeoutMs: 300, maxBytes: 1024 });

  it('answers a standard Response with the body and headers', async () => {
    const res = await fetchWith(true)(`${base}/token`, {
      method: 'POST',
      headers: { authorization: 'Basic abc' },
      body: new URLSearchParams({ grant_type: 'authorization_code' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-seen')).toBe('Basic abc');
    expect(await res.json()).toEqual({ method: 'POST', body: 'grant_type=authorization_code' });
  });

  it('does not follow redirects', async () => {
    const res = await fetchWith(true)(`${base}/moved`);
    expect(res.status).toBe(302);
  });

  it('stops slow and oversized answers', async () => {
    await expect(fetchWith(true)(`${base}/slow`)).rejects.toMatchObject({ reason: 'timeout' });
    await expect(fetchWith(true)(`${base}/big`)).rejects.toMatchObject({ reason: 'too-large' });
  });

  it('refuses loopback unless allowed, for literal addresses and for names that resolve to one', async () => {
    await expect(fetchWith(false)(`${base}/token`)).rejects.toMatchObject({ reason: 'address' });
    const port = (server.address() as AddressInfo).port;
    const name = os.hostname();
    const resolved = await lookup(name).catch(() => null);
    // The machine's own name resolves to one of its addresses: checked when connecting, not before.
    if (resolved && addressKind(resolved.address) !== 'public') {
      await expect(fetchWith(false)(`http://${name}:${port}/token`)).rejects.toMatchObject({
        reason: 'address',
      });
    }
  });

  it('refuses names whose DNS answer carries a refused IPv4 address in an IPv6 form', async () => {
    const answering =
      (address: string) =>
      (
        _name: string,
        _options: object,
        callback: (e: null, a: { address: string; family: number }[]) => void,
      ) =>
        callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
    const fetchResolving = (address: string) =>
      createOutboundFetch({
        allowPrivateNetworks: true,
        timeoutMs: 300,
        maxBytes: 1024,
        resolve: answering(address) as never,
      });
    for (const address of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      '::ffff:0:a9fe:a9fe',
      '::a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1:a9fe:a9:fe00::',
      '2002:a9fe:a9fe::1',
      '2001:0:4136:e378:8000:63bf:5601:5601',
      'fd00:ec2::254',
    ]) {
      await expect(fetchResolving(address)('http://idp.test/'), address).rejects.toMatchObject({
        reason: 'address',
      });
    }
    // A permitted answer is connected to (here the local test server, private networks allowed).
    const port = (server.address() as AddressInfo).port;
    const res = await fetchResolving('127.0.0.1')(`http://idp.test:${port}/token`);
    expect(res.status).toBe(200);
  });

  it('reports a closed port as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetchWith(true)(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({
      reason: 'unreachable',
    });
  });
});

describe('checkUrlReachable', () => {
  /** A resolver that answers one address for every name, or fails as an unknown name does. */
  const resolvingTo = (address: string | null) =>
    ((_host: string, _options: unknown, callback: (e: Error | null, a: unknown) => void) =>
      address === null
        ? callback(new Error('ENOTFOUND'), [])
        : callback(null, [
            { address, family: address.includes(':') ? 6 : 4 },
          ])) as unknown as typeof dnsLookup;
  const url = new URL('https://hooks.example.com/in');

  it('refuses a name that resolves into a private network, as the connection would', async () => {
    const policy = { allowPrivateNetworks: false, resolve: resolvingTo('10.1.2.3') };
    await expect(checkUrlReachable(url, policy)).rejects.toBeInstanceOf(OutboundError);
    await expect(checkUrlReachable(url, { ...policy, allowPrivateNetworks: true })).resolves.toBeUndefined();
    await expect(
      checkUrlReachable(url, { allowPrivateNetworks: true, resolve: resolvingTo('169.254.169.254') }),
    ).rejects.toBeInstanceOf(OutboundError);
  });

  it('passes a public name and one that does not resolve yet; judges literals without resolving', async () => {
    await expect(
      checkUrlReachable(url, { allowPrivateNetworks: false, resolve: resolvingTo('93.184.216.34') }),
    ).resolves.toBeUndefined();
    await expect(
      checkUrlReachable(url, { allowPrivateNetworks: false, resolve: resolvingTo(null) }),
    ).resolves.toBeUndefined();
    await expect(
      checkUrlReachable(new URL('https://192.168.0.9/'), { allowPrivateNetworks: false }),
    ).rejects.toBeInstanceOf(OutboundError);
  });
});

describe('guardedAgents', () => {
  /** Every name resolves to this machine. */
  const resolve = ((_host: string, _options: unknown, callback: (e: null, a: unknown) => void) =>
    callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as typeof dnsLookup;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** What a request through the policy's http agent to a name gets: the body, or the error. */
  const request = (allowPrivateNetworks: boolean) => {
    const agents = guardedAgents({ allowPrivateNetworks, resolve });
    return new Promise<string | Error>((done) => {
      get(`http://storage.example.test:${port}/`, { agent: agents.http }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => done(body));
      }).on('error', done);
    }).finally(() => {
      agents.http.destroy();
      agents.https.destroy();
    });
  };

  it('connects through the guarded lookup: a name resolving to a private address only when allowed', async () => {
    await expect(request(true)).resolves.toBe('reached');
    const refused = await request(false);
    expect(refused).toBeInstanceOf(OutboundError);
    expect(refused).toMatchObject({ reason: 'address' });
  });
});
