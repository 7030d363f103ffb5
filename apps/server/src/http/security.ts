// Security headers. The CSP allows nothing but this origin: the web app is built
// by Vite into script and CSS files (Tailwind compiles to a stylesheet, and React's
// `style` props go through the CSSOM, which CSP does not govern), so neither
// scripts nor styles need 'unsafe-inline'. Swagger UI (@fastify/swagger-ui 5) loads
// its initializer as a file too, so /api/docs works under the same policy. Images
// allow data: and blob: for inline SVG icons and client-made page previews.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function installSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading only makes sense when the site is served over TLS; on plain
        // http (local runs, e2e) it would break every asset request.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
  });
}
