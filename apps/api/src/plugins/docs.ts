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
            'The administration API of the console. Calls take and return JSON; the session is a cookie set at login. State-changing calls need the header `X-Requested-With: skyvault-console` or a same-origin `Origin`.',
          version: '1',
        },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'skyvault_session' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
