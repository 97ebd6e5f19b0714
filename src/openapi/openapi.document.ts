import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type StandardSchemaConverter,
  SwaggerModule,
} from '@nestjs/swagger';
import { z } from 'zod';
import type { AppConfig } from '../core/config';
import { jsonSchemaOf } from '../core/json-schema';
import { API_PREFIX, SITE_PATHS } from '../core/paths';
import { MAX_IF_NONE_MATCH_LENGTH, MAX_URL_TEXT } from '../core/request-limits';

/** The OpenAPI 3.1 document of the REST API, built once from the controllers and their zod schemas. */

const API_BASE_PATH = `/${API_PREFIX}`;

type JsonSchema = Record<string, unknown>;

/** zod names its components `#/$defs/Name`; the document keeps them under components/schemas. */
function inComponents(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inComponents);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/$defs/', '#/components/schemas/')
        : inComponents(value),
    ]),
  );
}

/**
 * A schema as the document holds it: nullable fields stay `type: [x, "null"]`, and the schemas
 * named with `.meta({ id })` become components.
 */
export function zodJsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const {
    $schema: _dialect,
    $defs,
    ...root
  } = jsonSchemaOf(schema, { io }) as {
    $schema?: string;
    $defs?: Record<string, JsonSchema>;
  };
  return {
    schema: inComponents(root) as JsonSchema,
    components: inComponents($defs ?? {}) as Record<string, JsonSchema>,
  };
}

/**
 * The converter Swagger calls for each `standardSchema`. Swagger rewrites what it is given into
 * OpenAPI 3.0 forms (`const` into a one-value `enum`, `examples` into `example`); the components
 * zod wrote are kept here as written, to replace Swagger's copies (see `buildOpenApiDocument`).
 */
function zodConverter(written: Record<string, JsonSchema>): StandardSchemaConverter {
  return (schema, { schemaType }) => {
    if (!(schema instanceof z.ZodType)) return undefined;
    const converted = zodJsonSchema(schema, schemaType);
    Object.assign(written, converted.components);
    return converted;
  };
}

function description(config: AppConfig): string {
  const site = `${config.siteUrl}${SITE_PATHS.list}`;
  return `A public, read-only API over a dataset of AI SEO courses, each fact with the date it was last verified, and a Course Finder that matches six answers to courses. No sign-up, no API key.

1. Every operation is a GET that returns JSON; nothing can be created, changed or deleted.
2. Match percentages describe fit to the answers given, not quality. The service publishes no ratings or reviews.
3. The editorial award "Overall Best 2026" is carried in \`editorial_pick\`; it is outside the scoring algorithm and not an algorithmic ranking.
4. No course link pays a commission and placement cannot be bought: a course's \`url\` is always the provider's own course URL.
5. A course's facts are as checked on \`verification.last_verified_on\` (\`null\`: not yet verified). While \`meta.contains_placeholder_data\` is true, the courses with \`placeholder_data\` true are fictional placeholders. Unknown values are \`null\`, never guessed.
6. Recommendation answers are not stored or logged.
7. Cite results with \`meta.citation\`, link \`meta.canonical_url\` (${site}) and show last-verified dates with facts.
8. Plain-data companions: ${site}.json, ${site}.md and ${config.siteUrl}/llms.txt. This document is served at ${config.baseUrl}/openapi.json.

Responses are publicly cacheable for 5 minutes and carry an \`ETag\` (send \`If-None-Match\` for a 304). CORS is open. Requests are limited per minute (${config.rateLimitPerIp} per IP, ${config.rateLimitPerAssistant} per verified AI assistant); over the limit the answer is 429 with \`Retry-After\`.

Every error has the body \`{"error": {"code", "message", "details"?}}\`, also outside the operations below: an unknown path is 404 \`not_found\`; a method other than GET, HEAD or OPTIONS is 405 \`method_not_allowed\` with \`Allow\`; a request the server will not read (malformed, a body too large, a URL over ${MAX_URL_TEXT}, a request line and headers over 16 KB or an \`If-None-Match\` over ${MAX_IF_NONE_MATCH_LENGTH} characters, headers not received within 10 s) is 400, 413, 414, 431 or 408 \`bad_request\`.`;
}

/**
 * Swagger names paths as the controllers do (`/api/v1/courses`); the document's server already
 * ends in `/api/v1`, so paths are made relative to it, and anything outside the API is dropped.
 */
function relativeToBasePath(document: OpenAPIObject): OpenAPIObject {
  const paths = Object.fromEntries(
    Object.entries(document.paths)
      .filter(([path]) => path.startsWith(`${API_BASE_PATH}/`))
      .map(([path, item]) => [path.slice(API_BASE_PATH.length), item]),
  );
  return { ...document, paths };
}

/**
 * Swagger also writes a schema for each input class it explodes into parameters; nothing refers
 * to them (the parameters carry their own schemas), so only the schemas some part of the document
 * refers to are kept.
 */
function withoutUnusedSchemas(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        const name =
          key === '$ref' && typeof value === 'string' ? value.split('/').pop() : undefined;
        if (name && !used.has(name) && name in schemas) {
          used.add(name);
          visit(schemas[name]);
        } else visit(value);
      }
    }
  };
  visit(document.paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

const HEADERS = {
  'X-Request-Id': {
    description:
      "Identifies the request in the service's log; quote it when reporting a problem. Sent on every response.",
    schema: { type: 'string', examples: ['5f0c6b1e-7d2a-4c1b-9a53-2b8f0e4d7c91'] },
  },
  Allow: {
    description: 'On a 405: the methods the path takes (`GET, HEAD, OPTIONS`).',
    schema: { type: 'string', examples: ['GET, HEAD, OPTIONS'] },
  },
  ETag: {
    description:
      'Weak entity tag (`W/"…"`) of the body, the same for every content coding of it; send it back in `If-None-Match`.',
    schema: { type: 'string', examples: ['W/"w6iwMCtVdgULLV71eUJrjwapn2g"'] },
  },
  'Cache-Control': {
    description:
      '`public, max-age=300` on 200 and 304, but `private, max-age=300` on those of `checkCourseFit`, which no shared cache may keep; `no-store` on errors.',
    schema: { type: 'string', examples: ['public, max-age=300'] },
  },
  'Retry-After': {
    description: "Seconds until this client's rate-limit window resets.",
    schema: { type: 'integer', minimum: 1, maximum: 60, examples: [42] },
  },
  RateLimit: {
    description:
      'Remaining requests and seconds until the window resets (draft-ietf-httpapi-ratelimit-headers), e.g. `"default";r=118;t=42`. Sent on every response.',
    schema: { type: 'string', examples: ['"default";r=118;t=42'] },
  },
  'RateLimit-Policy': {
    description:
      'The limit and window in seconds (draft-ietf-httpapi-ratelimit-headers), e.g. `"default";q=120;w=60`. Sent on every response.',
    schema: { type: 'string', examples: ['"default";q=120;w=60'] },
  },
};

export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const base = new DocumentBuilder()
    .setOpenAPIVersion('3.1.1')
    .setTitle('Course Finder API')
    .setDescription(description(config))
    .setVersion('1.0.0')
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer(config.baseUrl, 'This service')
    .addTag('Changes', "The dataset's history: what changed, and when.")
    .addTag(
      'Course Finder',
      'The six questions, the recommendations and the methodology behind them.',
    )
    .addTag('Courses', 'The tracked courses, their facts and when each was last verified.')
    .build();
  const written: Record<string, JsonSchema> = {};
  const document = SwaggerModule.createDocument(
    app,
    {
      ...base,
      info: {
        ...base.info,
        contact: { name: 'Course Finder', url: config.siteUrl + SITE_PATHS.list },
      },
      security: [],
      components: { headers: HEADERS },
    },
    { standardSchemaConverter: zodConverter(written), autoTagControllers: false },
  );
  const withZodComponents = {
    ...document,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, ...written },
    },
  };
  const { openapi, info, servers, security, tags, paths, components } = withoutUnusedSchemas(
    relativeToBasePath(withZodComponents),
  );
  return { openapi, info, servers, security, tags, paths, components };
}
