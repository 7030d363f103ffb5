// OpenAPI generated from the routes' zod schemas, browsable at /api/docs. Swagger
// UI's files ship inside @fastify/swagger-ui, so the page works offline.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

export async function installApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Folio API',
        description: 'E-paper content, media and account API.',
        version: '1.0.0',
      },
      servers: [{ url: publicUrl }],
    },
    transform: createJsonSchemaTransform({
      skipList: [
        DOCS_PREFIX,
        `${DOCS_PREFIX}/`,
        `${DOCS_PREFIX}/json`,
        `${DOCS_PREFIX}/yaml`,
        `${DOCS_PREFIX}/*`,
        `${DOCS_PREFIX}/static/*`,
        `${DOCS_PREFIX}/uiConfig`,
        `${DOCS_PREFIX}/initOAuth`,
      ],
    }),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The default validator badge is fetched from validator.swagger.io, which
    // neither works offline nor passes our CSP.
    uiConfig: { validatorUrl: null },
    // Swagger UI's bundle applies a few inline styles. Only the docs pages (which
    // show nothing but our own schema) get 'unsafe-inline' for styles; scripts stay
    // 'self' and the web app keeps the strict policy.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });
}
