import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/*
 * A software authenticator for the API tests: one ES256 credential, attestation 'none', producing the JSON
 * that @simplewebauthn/browser sends. Enough CBOR to write its attestation object and COSE key.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export interface AnswerOptions {
  /** Answer as a page of another origin would. */
  origin?: string;
  /** Without user verification (no PIN or biometrics). */
  withoutUv?: boolean;
  /** The signature counter to report (by default one more than last time). */
  counter?: number;
  /** Answer this challenge instead of the options' one. */
  challenge?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor(
    readonly rpId: string,
    readonly origin: string,
    private readonly backedUp = false,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
  }

  private authData(options: AnswerOptions, attested: boolean): Buffer {
    let flags = FLAG.UP | (options.withoutUv ? 0 : FLAG.UV);
    if (this.backedUp) flags |= FLAG.BE | FLAG.BS;
    if (attested) flags |= FLAG.AT;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(options.counter ?? this.counter);
    const parts: Buffer[] = [sha256(this.rpId), Buffer.from([flags]), count];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), idLength, this.credentialId, this.coseKey());
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, options: AnswerOptions): Buffer {
    const origin = options.origin ?? this.origin;
    return Buffer.from(
      JSON.stringify({ type, challenge: options.challenge ?? challenge, origin, crossOrigin: false }),
    );
  }

  /** The answer to navigator.credentials.create() with these options (as the server made them). */
  register(creation: { challenge: string }, options: AnswerOptions = {}) {
    const clientDataJSON = this.clientData('webauthn.create', creation.challenge, options);
    const authData = this.authData(options, true);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to navigator.credentials.get(): a DER ECDSA signature over authData ‖ SHA-256(clientData). */
  assert(request: { challenge: string }, options: AnswerOptions = {}) {
    this.counter = options.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', request.challenge, options);
    const authData = this.authData({ ...options, counter: this.counter }, false);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: null,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
