/**
 * A SAML 2.0 identity provider for tests: samlify (a maintained SAML library we did not write) in the
 * IdP role, run as a process of its own (`node --import tsx apps/api/test/saml-idp.ts`, port from
 * SAML_IDP_PORT, 0 for any). It prints `ready <base URL>` on standard output once listening.
 *
 * - GET  /metadata               its IdP metadata (HTTP-Redirect and HTTP-POST single sign-on);
 * - POST /admin/sps              registers a service provider from its metadata (the body, XML);
 * - POST /admin/accounts         adds accounts (JSON list of { email, firstName, lastName, groups });
 * - GET or POST /sso            takes a (signed) AuthnRequest (HTTP-Redirect or HTTP-POST binding)
 *                                and shows the sign-in form;
 * - POST /login                  signs the form's account in: answers the auto-posting form to the
 *                                SP's ACS with the SAMLResponse (and the RelayState);
 * - GET  /initiate?sp=…&login=…  an IdP-initiated sign-in (no InResponseTo).
 *
 * The form's `scenario` makes the flawed answers the SP must refuse: `unsigned` (the signatures
 * removed), `wrong-audience`, `expired`; `encrypt` sends the assertion encrypted to the SP's key.
 */
import { randomBytes, webcrypto } from 'node:crypto';
import http from 'node:http';
import * as validator from '@authenio/samlify-node-xmllint';
import * as x509 from '@peculiar/x509';
import * as samlify from 'samlify';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);
samlify.setSchemaValidator(validator);

import { SAML_IDP_LOGIN_BUTTON, SAML_IDP_LOGIN_FIELD } from './saml-idp-words.js';

interface Account {
  email: string;
  firstName?: string;
  lastName?: string;
  groups?: string[];
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

async function keyPair() {
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Test SAML IdP',
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 365 * 24 * 3600 * 1000),
    signingAlgorithm: algorithm,
    keys,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return {
    privateKey: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`,
    certificate: cert.toString('pem'),
  };
}

async function main() {
  const port = Number(process.env.SAML_IDP_PORT ?? 0);
  const { privateKey, certificate } = await keyPair();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  // dataEncryptionAlgorithm and keyEncryptionAlgorithm are read by samlify but missing from its types.
  const idpOptions = (encrypt: boolean) =>
    samlify.IdentityProvider(<Parameters<typeof samlify.IdentityProvider>[0]>{
      entityID: `${base}/metadata`,
      privateKey,
      signingCert: certificate,
      isAssertionEncrypted: encrypt,
      dataEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#aes256-cbc',
      keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
      requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
      singleSignOnService: [
        { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: `${base}/sso` },
        { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: `${base}/sso` },
      ],
    });
  const idp = idpOptions(false);
  const encryptingIdp = idpOptions(true);
  const sps = new Map<string, ReturnType<typeof samlify.ServiceProvider>>();
  const accounts = new Map<string, Account>();
  /** Requests waiting at the sign-in form, by a key of the form's. */
  const pending = new Map<string, { sp: string; requestId: string; relayState: string }>();

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => resolve(body));
      req.on('error', reject);
    });

  const html = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test IdP</title></head><body><main>${body}</main></body></html>`,
    );
  };

  /** The response to `sp` for `account`, made by samlify, then spoiled as the scenario says. */
  async function loginResponse(
    spEntityId: string,
    requestId: string,
    account: Account,
    options: { scenario: string; encrypt: boolean },
  ) {
    const sp = sps.get(spEntityId);
    if (!sp) throw new Error(`unknown SP ${spEntityId}`);
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000);
    const expired = options.scenario === 'expired';
    const attribute = (name: string, values: string[]) =>
      `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values
        .map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`)
        .join('')}</saml:Attribute>`;
    const attributes = [
      attribute('email', [account.email]),
      ...(account.firstName ? [attribute('firstName', [account.firstName])] : []),
      ...(account.lastName ? [attribute('lastName', [account.lastName])] : []),
      ...(account.groups?.length ? [attribute('groups', account.groups)] : []),
    ].join('');
    const acs = sp.entityMeta.getAssertionConsumerService(samlify.Constants.wording.binding.post) as string;
    const sourceIdp = options.encrypt ? encryptingIdp : idp;
    const { context } = await sourceIdp.createLoginResponse(
      sp,
      { extract: { request: { id: requestId } } },
      'post',
      { email: account.email },
      (template: string) => {
        const id = `_${randomBytes(16).toString('hex')}`;
        const values: Record<string, string> = {
          ID: id,
          AssertionID: `_${randomBytes(16).toString('hex')}`,
          Destination: acs,
          Audience: options.scenario === 'wrong-audience' ? 'https://someone-else.example/sp' : spEntityId,
          SubjectRecipient: acs,
          Issuer: `${base}/metadata`,
          IssueInstant: (expired ? new Date(now.getTime() - 3_600_000) : now).toISOString(),
          StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
          ConditionsNotBefore: (expired ? new Date(now.getTime() - 3_600_000) : now).toISOString(),
          ConditionsNotOnOrAfter: (expired ? new Date(now.getTime() - 1_800_000) : later).toISOString(),
          SubjectConfirmationDataNotOnOrAfter: (expired
            ? new Date(now.getTime() - 1_800_000)
            : later
          ).toISOString(),
          NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
          NameID: account.email,
          InResponseTo: requestId,
          AuthnStatement: `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
          AttributeStatement: `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`,
        };
        let xml = template;
        for (const [tag, value] of Object.entries(values)) xml = xml.split(`{${tag}}`).join(value);
        if (!requestId) xml = xml.replace(/ InResponseTo=""/g, '');
        return { id, context: xml };
      },
    );
    if (options.scenario !== 'unsigned') return context;
    const xml = Buffer.from(context, 'base64').toString('utf8');
    return Buffer.from(xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '')).toString('base64');
  }

  /** The page that posts the response to the SP's ACS, as an IdP answers (its script submits it). */
  function postToAcs(res: http.ServerResponse, spEntityId: string, samlResponse: string, relayState: string) {
    const acs = sps
      .get(spEntityId)!
      .entityMeta.getAssertionConsumerService(samlify.Constants.wording.binding.post) as string;
    html(
      res,
      200,
      `<form id="acs" method="post" action="${escapeXml(acs)}"><input type="hidden" name="SAMLResponse" value="${escapeXml(samlResponse)}">` +
        (relayState ? `<input type="hidden" name="RelayState" value="${escapeXml(relayState)}">` : '') +
        '<button type="submit">Continue</button></form>' +
        "<script>document.getElementById('acs').submit()</script>",
    );
  }

  function loginForm(res: http.ServerResponse, key: string) {
    html(
      res,
      200,
      `<h1>Sign in</h1><form method="post" action="/login"><input type="hidden" name="key" value="${escapeXml(key)}">` +
        `<label for="login">E-mail</label><input id="login" name="${SAML_IDP_LOGIN_FIELD}" type="email">` +
        `<label for="scenario">Scenario</label><select id="scenario" name="scenario"><option value="ok">Valid</option><option value="unsigned">Unsigned</option><option value="wrong-audience">Wrong audience</option><option value="expired">Expired</option></select>` +
        `<label><input type="checkbox" name="encrypt" value="1"> Encrypt the assertion</label>` +
        `<button type="submit">${SAML_IDP_LOGIN_BUTTON}</button></form>`,
    );
  }

  server.on('request', async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      if (req.method === 'GET' && url.pathname === '/metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
        return res.end(idp.getMetadata());
      }
      if (req.method === 'POST' && url.pathname === '/admin/sps') {
        const sp = samlify.ServiceProvider({ metadata: await readBody(req) });
        sps.set(sp.entityMeta.getEntityID(), sp);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/admin/accounts') {
        for (const account of JSON.parse(await readBody(req)) as Account[])
          accounts.set(account.email, account);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'GET' && url.pathname === '/sso') {
        // The signature covers the query as sent: SAMLRequest, RelayState, SigAlg, in that order.
        const raw = (req.url ?? '').split('?')[1] ?? '';
        const octetString = raw
          .split('&')
          .filter((pair) => /^(SAMLRequest|RelayState|SigAlg)=/.test(pair))
          .join('&');
        const issuer = await peekIssuer(url.searchParams.get('SAMLRequest') ?? '');
        const sp = sps.get(issuer);
        if (!sp) return html(res, 400, `<p>Unknown service provider ${escapeXml(issuer)}</p>`);
        const query = Object.fromEntries(url.searchParams);
        const parsed = await idp.parseLoginRequest(sp, 'redirect', { query, octetString });
        const key = randomBytes(12).toString('hex');
        pending.set(key, {
          sp: issuer,
          requestId: String(parsed.extract.request?.id ?? ''),
          relayState: String(query.RelayState ?? ''),
        });
        return loginForm(res, key);
      }
      if (req.method === 'POST' && url.pathname === '/sso') {
        // HTTP-POST binding: the request base64 encoded, not deflated, its signature inside.
        const body = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const xml = Buffer.from(body.SAMLRequest ?? '', 'base64').toString('utf8');
        const issuer = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '';
        const sp = sps.get(issuer);
        if (!sp) return html(res, 400, `<p>Unknown service provider ${escapeXml(issuer)}</p>`);
        const parsed = await idp.parseLoginRequest(sp, 'post', { body });
        const key = randomBytes(12).toString('hex');
        pending.set(key, {
          sp: issuer,
          requestId: String(parsed.extract.request?.id ?? ''),
          relayState: String(body.RelayState ?? ''),
        });
        return loginForm(res, key);
      }
      if (req.method === 'POST' && url.pathname === '/login') {
        const form = new URLSearchParams(await readBody(req));
        const request = pending.get(form.get('key') ?? '');
        if (!request) return html(res, 400, '<p>Unknown sign-in</p>');
        pending.delete(form.get('key') ?? '');
        const email = form.get(SAML_IDP_LOGIN_FIELD) ?? '';
        const account = accounts.get(email) ?? { email };
        const samlResponse = await loginResponse(request.sp, request.requestId, account, {
          scenario: form.get('scenario') ?? 'ok',
          encrypt: form.get('encrypt') === '1',
        });
        return postToAcs(res, request.sp, samlResponse, request.relayState);
      }
      if (req.method === 'GET' && url.pathname === '/initiate') {
        const spId = url.searchParams.get('sp') ?? '';
        const email = url.searchParams.get(SAML_IDP_LOGIN_FIELD) ?? '';
        const samlResponse = await loginResponse(spId, '', accounts.get(email) ?? { email }, {
          scenario: 'ok',
          encrypt: false,
        });
        return postToAcs(res, spId, samlResponse, url.searchParams.get('RelayState') ?? '');
      }
      res.writeHead(404);
      res.end();
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String((error as Error)?.stack ?? error));
    }
  });
  process.stdout.write(`ready ${base}\n`);
}

/** The Issuer of a deflated AuthnRequest: which SP sent it. */
async function peekIssuer(samlRequest: string) {
  const { inflateRawSync } = await import('node:zlib');
  const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  return /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '';
}

await main();
