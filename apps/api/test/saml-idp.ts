import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export { SAML_IDP_LOGIN_BUTTON, SAML_IDP_LOGIN_FIELD } from './saml-idp-words.js';

export interface SamlIdpAccount {
  email: string;
  firstName?: string;
  lastName?: string;
  groups?: string[];
}

export interface SamlIdp {
  base: string;
  metadataUrl: string;
  metadata(): Promise<string>;
  /** Tells the IdP about one of our SAML providers (its SP metadata). */
  registerSp(metadataXml: string): Promise<void>;
  addAccounts(accounts: SamlIdpAccount[]): Promise<void>;
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('./saml-idp-server.ts', import.meta.url));

/**
 * Starts the test IdP (samlify, saml-idp-server.ts) as a child process and waits for its `ready` line.
 * `port` 0 takes any free port.
 */
export async function startSamlIdp(port = 0): Promise<SamlIdp> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, SAML_IDP_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const ready = /ready (\S+)/.exec(output);
      if (ready) resolve(ready[1]!);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`the SAML IdP exited with ${code}: ${output}`)));
  });
  const ok = async (res: Response) => {
    if (!res.ok) throw new Error(`SAML IdP answered ${res.status}: ${await res.text()}`);
    return res;
  };
  return {
    base,
    metadataUrl: `${base}/metadata`,
    metadata: async () => (await ok(await fetch(`${base}/metadata`))).text(),
    registerSp: async (metadataXml) => {
      await ok(await fetch(`${base}/admin/sps`, { method: 'POST', body: metadataXml }));
    },
    addAccounts: async (accounts) => {
      await ok(await fetch(`${base}/admin/accounts`, { method: 'POST', body: JSON.stringify(accounts) }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
