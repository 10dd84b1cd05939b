import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { DEMO_ART_CREDIT } from '@stickerdrop/core';
import { ErrorBody } from '@stickerdrop/shared';
import { NO_CONTENT, ROUTE_DOCS, type RouteDoc } from './route-docs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Routes registered without an entry in ROUTE_DOCS (`METHOD url`); a test keeps this empty. */
    undocumentedRoutes: string[];
  }
}

/** The OpenAPI document at /api/docs/json and its UI at /api/docs, built from the shared zod schemas. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.decorate('undocumentedRoutes', [] as string[]);
  // Runs before @fastify/swagger's own onRoute hook (registered next), which reads `schema`.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema?.hide || route.method === 'HEAD') return;
    const key = `${[route.method].flat().join(',')} ${route.url}`;
    const doc = ROUTE_DOCS[key];
    if (!doc) {
      app.undocumentedRoutes.push(key);
      return;
    }
    route.schema = { ...routeSchema(doc), ...route.schema };
    // Handlers parse with the same zod schemas (parseInput) and keep their messages, so requests are not
    // validated again here. Answers are serialised as they are: no route compiles its response schemas
    // (schema-compilers.ts).
    route.validatorCompiler = () => () => true;
    route.serializerCompiler = () => (data) => JSON.stringify(data);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Stickerdrop API',
        version: '1',
        description: [
          'Errors answer `{ error }`. Writes are rate-limited: 429 with Retry-After. Sign in for a bearer access token.',
          ERROR_LANGUAGE,
          DEMO_ART_CREDIT,
        ].join('\n\n'),
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Untagged routes are the mini-app's static files: not the API.
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
}

/** How an error's language is chosen (error-language.ts). */
const ERROR_LANGUAGE =
  "The `error` text is in the caller's language: the signed-in user's stored choice (`language` in the profile), " +
  'else the first of English or Russian the `Accept-Language` header asks for (by q-value), else English. Status ' +
  'codes and machine-readable fields are the same in every language.';

const ACCEPT_LANGUAGE = {
  type: 'object',
  properties: {
    'accept-language': {
      type: 'string',
      description:
        '`ru…` or `en…` (q-values honoured): the language of `error` texts for a caller with no stored choice',
    },
  },
};

const documented = new WeakMap<RouteDoc, FastifySchema>();

/**
 * The route's schema for the docs, converted from zod once per process (every app built, as in the tests,
 * converted all of them again) and copied for each app, since Fastify writes into the schemas it is given.
 */
function routeSchema(doc: RouteDoc): FastifySchema {
  let schema = documented.get(doc);
  if (!schema) {
    schema = convertedSchema(doc);
    documented.set(doc, schema);
  }
  return structuredClone(schema);
}

function convertedSchema(doc: RouteDoc): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = {
    tags: [doc.tag],
    summary: doc.summary,
    response: {
      ...Object.fromEntries(Object.entries(doc.responses).map(([status, body]) => [status, responseSchema(body)])),
      '4xx': {
        description: `Refused; \`error\` says why (429 with Retry-After when rate-limited). ${ERROR_LANGUAGE}`,
        ...json(ErrorBody),
      },
    },
    headers: ACCEPT_LANGUAGE,
  };
  if (doc.params) schema.params = json(doc.params, 'input');
  if (doc.query) schema.querystring = json(doc.query, 'input');
  if (doc.body) schema.body = json(doc.body, 'input');
  if (doc.consumes) {
    schema.consumes = [doc.consumes.split(/[,:]/)[0]!];
    schema.description = `Body: ${doc.consumes}`;
  }
  if (doc.auth) schema.security = doc.auth === 'required' ? [{ bearer: [] }] : [{}, { bearer: [] }];
  return schema;
}

function responseSchema(body: z.ZodType | string): Record<string, unknown> {
  // `type: 'null'` is how @fastify/swagger writes a response without content; a bare description would be
  // listed as an application/json body, which a 204 never has.
  if (body === NO_CONTENT) return { description: body, type: 'null' };
  if (typeof body === 'string') return { description: body };
  return { description: 'OK', ...json(body) };
}

/** JSON Schema as OpenAPI 3.0 reads it: what a client sends (input) or receives (output). */
function json(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
  return nullInNullableEnums(rest);
}

/**
 * zod writes a nullable enum as `nullable: true` beside an `enum` without null; OpenAPI 3.0.3 says an enum
 * lists every allowed value, null included, so validators refused the `paidWith: null` the API sends.
 */
function nullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(nullInNullableEnums);
  else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
    Object.values(schema).forEach(nullInNullableEnums);
  }
  return node;
}
