import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsPolicy } from './security-headers.js';

/** OpenAPI generated from the route schemas; browsable at /doc.html (as BladeX's knife4j). */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'SSO platform API', version: '1.0.0', description: 'BladeX-compatible single sign-on and application management API' },
      components: {
        securitySchemes: {
          bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth', description: 'bearer <access_token>' },
          client: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bladeAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // swagger-ui's pages run inline scripts: they carry its own policy (their hashes) instead of the app's.
  await app.register(swaggerUi, {
    routePrefix: '/doc.html',
    uiConfig: { docExpansion: 'none', deepLinking: true, validatorUrl: null },
    staticCSP: true,
    transformStaticCSP: docsPolicy,
  });
}
