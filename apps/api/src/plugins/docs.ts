import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

/** OpenAPI generated from the contract's schemas, browsable at /api/docs (JSON at /api/docs/json). */
export const docsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${config.brand === 'flosum' ? 'Flosum' : 'Skyvault'} Console API`,
          description:
            'The administration API of the console. Calls take and return JSON. A browser signs in and sends its session cookie; state-changing calls with a cookie need the header `X-Requested-With: skyvault-console` or a same-origin `Origin`. Scripts send an API token instead (Security → API Tokens): `Authorization: Bearer svt_…`, no CSRF header needed. A `read` token makes GET calls only (client secrets masked), an `admin` token any call an administrator may, except those of a signed-in person (their own session, password, MFA devices, the API tokens themselves) and the changes that make lasting credentials or decide how people sign in (passwords and reset links, administrator rights, MFA resets, the authentication policy, identity providers, network access, webhook signing secrets). SCIM 2.0 provisioning is at /scim/v2 with a `scim` token.',
          version: '1',
        },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'skyvault_session' },
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'svt_ API token',
              description:
                'An API token of the tenant. Scopes: `read` (GET calls), `admin` (every call an administrator may make but those a signed-in person must), `scim` (only /scim/v2).',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
