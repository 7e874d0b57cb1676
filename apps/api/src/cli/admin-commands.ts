import { parseArgs } from 'node:util';
import type { StorageCreate } from '@skyvault/contract';
import { PRODUCT_LIMIT_NAMES, SERVICE_KEYS, type ServiceKey } from '@skyvault/contract';
import type { Database } from '../db/client.js';
import type { LicenseLimitValue } from '../db/schema/index.js';
import { operatorCommand } from '../lib/commands.js';
import { AppError } from '../lib/errors.js';
import { createOperatorService, type LicenseProduct } from '../modules/operator/index.js';
import { createSharedStorage, listSharedStorageHealth } from '../modules/storages/index.js';
import type { SecretBox } from '../platform/secrets/secrets.js';
import { AUDIT_USAGE, runAudit } from './audit.command.js';
import { BACKUP_USAGE } from './backup.command.js';
import { CREATE_TENANT_USAGE, type MailSettings, runCreateTenant } from './create-tenant.command.js';
import { OAUTH_KEYS_USAGE, runOAuthKeys } from './oauth-keys.command.js';
import { runSecrets, SECRETS_USAGE } from './secrets.command.js';
import { runSupportSession, SUPPORT_SESSION_USAGE } from './support-session.command.js';

export const USAGE = `Usage: ${operatorCommand('admin')} <command> [options]

Commands:
  tenants                                   list tenants with their services and user counts
${CREATE_TENANT_USAGE}
  service <tenant> --enable <service>       enable a service (backup or devOps) for a tenant
  service <tenant> --disable <service>      disable it
  license <tenant> <Dbr|Devops> --edition <name> --until <YYYY-MM-DD> [--limit <name>=<label>:<number> …]
                                            grant a licence, or extend and change the existing one;
                                            limits: Dbr ${PRODUCT_LIMIT_NAMES.Dbr.join(', ')}
                                            (storage in MB, retention in years); Devops
                                            ${PRODUCT_LIMIT_NAMES.Devops.join(', ')} (seats)
  expire <tenant> <Dbr|Devops>              end a licence now
  shared-storage --name <name> --type <Local|AwsS3|AzureBlob> [credentials]
                                            create a storage every tenant with Backup can use;
                                            AwsS3: --region --bucket-name --access-key-id --secret-access-key
                                            AzureBlob: --account-name --account-key --container-name
  shared-storages                           list shared storages with their health: status, problem,
                                            last check and success, versioning, immutability, encryption
${SUPPORT_SESSION_USAGE}
${AUDIT_USAGE}
${OAUTH_KEYS_USAGE}
${SECRETS_USAGE}
${BACKUP_USAGE}
  help                                      this text

<tenant> is a tenant name or id. The command works on the configured database (DATABASE_URL, or the
embedded one in DATA_DIR: stop the server first, only one process may open it).`;

/** A user's mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

const PRODUCTS = ['Dbr', 'Devops'] as const;

const product = (value: string | undefined): LicenseProduct => {
  if (!value || !PRODUCTS.includes(value as LicenseProduct))
    throw new UsageError(`The product must be Dbr or Devops, not "${value ?? ''}".`);
  return value as LicenseProduct;
};

const service = (value: string | undefined): ServiceKey => {
  if (!value || !SERVICE_KEYS.includes(value as ServiceKey))
    throw new UsageError(`The service must be backup or devOps, not "${value ?? ''}".`);
  return value as ServiceKey;
};

const date = (value: string | undefined): Date => {
  const parsed = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()))
    throw new UsageError(`--until needs a date as YYYY-MM-DD, not "${value ?? ''}".`);
  return parsed;
};

/**
 * `storage=Storage (GB):10000` → {name: 'storage', label: 'Storage (GB)', available: 10000}; only a
 * name the product's licence knows (the contract's PRODUCT_LIMIT_NAMES), each once.
 */
const limits = (productName: LicenseProduct, values: string[] = []): LicenseLimitValue[] => {
  const known = PRODUCT_LIMIT_NAMES[productName];
  const parsed = values.map((value) => {
    const match = /^([\w-]+)=(.+):(\d+(?:\.\d+)?)$/.exec(value);
    if (!match) throw new UsageError(`--limit takes <name>=<label>:<number>, not "${value}".`);
    const name = match[1]!;
    if (!known.includes(name)) {
      throw new UsageError(`${productName} licences know the limits ${known.join(', ')}; not "${name}".`);
    }
    return { name, label: match[2]!, available: Number(match[3]) };
  });
  const twice = parsed.find((l, i) => parsed.findIndex((other) => other.name === l.name) !== i);
  if (twice) throw new UsageError(`--limit ${twice.name} is given twice.`);
  return parsed;
};

/** Runs one command; returns the exit code. Output goes through `print`, so tests can read it. */
export async function runAdmin(
  argv: string[],
  deps: { database: Database; secrets: SecretBox; keyActivationDelayMs?: number; mail?: MailSettings },
  print: (line: string) => void,
): Promise<number> {
  const operator = createOperatorService(deps.database);
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      enable: { type: 'string' },
      disable: { type: 'string' },
      edition: { type: 'string' },
      until: { type: 'string' },
      limit: { type: 'string', multiple: true },
      name: { type: 'string' },
      type: { type: 'string' },
      region: { type: 'string' },
      'bucket-name': { type: 'string' },
      'access-key-id': { type: 'string' },
      'secret-access-key': { type: 'string' },
      'account-name': { type: 'string' },
      'account-key': { type: 'string' },
      'container-name': { type: 'string' },
      service: { type: 'string', multiple: true },
      'admin-email': { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      tenant: { type: 'string' },
      operator: { type: 'string' },
      ticket: { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  try {
    switch (command) {
      case 'tenants': {
        const rows = await operator.listTenants();
        if (rows.length === 0) print('No tenants.');
        for (const t of rows) {
          print(
            `${t.name.padEnd(32)} ${t.id}  ${t.status.padEnd(9)} services: ${t.services.join(', ') || '-'}  users: ${t.users}`,
          );
        }
        return 0;
      }
      case 'create-tenant': {
        if (rest.length > 1) throw new UsageError('create-tenant takes one name; options for the rest.');
        const input = {
          name: rest[0],
          services: values.service,
          email: values['admin-email'],
          firstName: values['first-name'],
          lastName: values['last-name'],
        };
        // admin.ts hands the configuration's; a caller without it has no business creating tenants.
        if (!deps.mail) throw new Error('create-tenant needs the brand and PUBLIC_URL of the e-mail');
        return await runCreateTenant(input, { ...deps, mail: deps.mail }, print);
      }
      case 'service': {
        const [tenant] = rest;
        if (!tenant || (values.enable === undefined) === (values.disable === undefined)) {
          throw new UsageError('service needs a tenant and exactly one of --enable or --disable.');
        }
        const enabled = values.enable !== undefined;
        const updated = await operator.setService(tenant, service(values.enable ?? values.disable), enabled);
        print(`${updated.name}: services ${updated.services.join(', ') || '-'}`);
        return 0;
      }
      case 'license': {
        const [tenant, productName] = rest;
        if (!tenant || !values.edition)
          throw new UsageError('license needs a tenant, a product and --edition.');
        const licensed = product(productName);
        const granted = await operator.grantLicense(tenant, licensed, {
          edition: values.edition,
          endsAt: date(values.until),
          limits: values.limit && limits(licensed, values.limit),
        });
        print(
          `${granted.product} licence "${granted.edition}" until ${granted.endsAt.toISOString().slice(0, 10)}.`,
        );
        return 0;
      }
      case 'expire': {
        const [tenant, productName] = rest;
        if (!tenant) throw new UsageError('expire needs a tenant and a product.');
        const row = await operator.expireLicense(tenant, product(productName));
        print(`${row.product} licence expired at ${row.endsAt.toISOString()}.`);
        return 0;
      }
      case 'shared-storage': {
        const credentials =
          values.type === 'AwsS3'
            ? {
                region: values.region,
                bucketName: values['bucket-name'],
                accessKeyId: values['access-key-id'],
                secretAccessKey: values['secret-access-key'],
              }
            : values.type === 'AzureBlob'
              ? {
                  accountName: values['account-name'],
                  accountKey: values['account-key'],
                  containerName: values['container-name'],
                }
              : {};
        const storage = await createSharedStorage(deps, {
          name: values.name ?? '',
          type: values.type as 'Local',
          credentials,
        } as StorageCreate);
        print(`Shared storage "${storage.name}" (${storage.type}) created: ${storage.id}`);
        return 0;
      }
      case 'shared-storages': {
        const rows = await listSharedStorageHealth(deps.database);
        if (rows.length === 0) print('No shared storages.');
        for (const { name, type, health } of rows) {
          const status =
            type === 'Local' ? 'not checked (the platform’s disk)' : (health.status ?? 'not checked yet');
          print(`${name} (${type}): ${status}`);
          if (health.problem) print(`  problem: ${health.problem.kind}: ${health.problem.message}`);
          if (health.checkedAt)
            print(`  last checked ${health.checkedAt}, last success ${health.lastSuccessAt ?? 'never'}`);
          const p = health.properties;
          if (p)
            print(
              `  versioning ${p.versioning}, immutability ${p.immutability}, encryption ${p.encryption ?? 'unknown'}`,
            );
        }
        return 0;
      }
      case 'support-session': {
        if (!values.tenant || !values.operator || !values.ticket)
          throw new UsageError('support-session needs --tenant, --operator and --ticket.');
        if (!deps.mail) throw new Error('support-session needs the PUBLIC_URL of the link');
        return await runSupportSession(values, { ...deps, mail: deps.mail }, print);
      }
      case 'audit': {
        const code = await runAudit(rest, deps, print);
        if (code === null) throw new UsageError('audit needs verify <tenant> or retention <tenant> <days>.');
        return code;
      }
      case 'oauth-keys': {
        const code = await runOAuthKeys(rest[0], deps, print);
        if (code === null) throw new UsageError('oauth-keys needs list or rotate.');
        return code;
      }
      case 'secrets': {
        const code = await runSecrets(rest[0], deps, print);
        if (code === null) throw new UsageError('secrets needs reencrypt.');
        return code;
      }
      case undefined:
      case 'help':
        print(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      print(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof AppError) {
      const field = Object.keys(error.extra.fields ?? {})[0];
      print(field && field !== '_' ? `${field}: ${error.message}` : error.message);
      return 1;
    }
    throw error;
  }
}
