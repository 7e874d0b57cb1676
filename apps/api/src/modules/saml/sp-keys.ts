import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};
/** Long enough that nobody has to roll it over; the identity provider only uses it to encrypt to us. */
const VALID_YEARS = 10;

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .match(/.{1,64}/g)
    ?.join('\n')}\n-----END ${label}-----\n`;

/**
 * Our SP key pair for one SAML provider: a self-signed certificate (identity providers take SP
 * certificates as keys, not as a chain) that the SP metadata publishes for signing and encryption, and
 * its private key in PKCS#8 PEM (the caller seals it).
 */
export async function createSpKeyPair(commonName: string) {
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore);
  notAfter.setFullYear(notAfter.getFullYear() + VALID_YEARS);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    name: `CN=${commonName.replace(/[,=+<>#;"\\]/g, ' ').slice(0, 64)}`,
    notBefore,
    notAfter,
    signingAlgorithm: ALGORITHM,
    keys,
  });
  const privateKey = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { privateKeyPem: pem('PRIVATE KEY', privateKey), certificatePem: cert.toString('pem') };
}
