import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The `{ error }` text of a deliberate refusal (4xx, a "not configured" 503), for the request's log line. */
    refusal: string | null;
  }
}

/**
 * One log line per request, written when the response is sent, instead of Fastify's two. Refusals are
 * expected (bad input, no rights, a rail switched off): their line carries the message at info, or warn
 * for a 503, never a stack. An unexpected 5xx is logged once, with its stack, by the error handler.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.decorateRequest('refusal', null);
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    if (status >= 500 && request.refusal === null) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status,
      ms: Math.round(reply.elapsedTime),
      ...(request.refusal === null ? {} : { error: request.refusal }),
    };
    if (status >= 500) request.log.warn(line, 'request refused');
    else if (status >= 400) request.log.info(line, 'request refused');
    else request.log.info(line, 'request completed');
  });
}

/** Secrets that travel in a path: a sign-in code is as good as a session until it is used. */
const SECRET_PATHS = [/^(\/+api\/+auth\/+login-code\/+)[^?#]+/i];

/** The URL as the log may keep it: `/api/auth/login-code/<code>` becomes `/api/auth/login-code/[redacted]`. */
export function redactUrl(url: string): string {
  return SECRET_PATHS.reduce((text, pattern) => text.replace(pattern, '$1[redacted]'), url);
}
