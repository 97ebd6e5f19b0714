import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type StandardSchemaConverter,
  SwaggerModule,
} from '@nestjs/swagger';
import { z } from 'zod';
import type { AppConfig } from '../core/config';
import { API_PREFIX, SITE_PATHS } from '../core/paths';

/** The OpenAPI 3.1 document of the REST API, built once from the controllers and their zod schemas. */

const API_BASE_PATH = `/${API_PREFIX}`;

/**
 * zod's own JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1): nullable fields stay
 * `type: [x, "null"]` and schemas named with `.meta({ id })` become components.
 */
export const zodConverter: StandardSchemaConverter = (schema, { schemaType }) => {
  if (!(schema instanceof z.ZodType)) return undefined;
  const {
    $schema: _dialect,
    $defs,
    ...root
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: schemaType,
    unrepresentable: 'any',
  });
  return { schema: root, components: $defs };
};

function description(config: AppConfig): string {
  const site = `${config.siteUrl}${SITE_PATHS.list}`;
  return `A public, read-only API over a hand-verified dataset of AI SEO courses, and a Course Finder that matches six answers to courses. No sign-up, no API key.

1. Every operation is a GET that returns JSON; nothing can be created, changed or deleted.
2. Match percentages describe fit to the answers given, not quality. The service publishes no ratings or reviews.
3. The editorial award "Overall Best 2026" is carried in \`editorial_pick\`; it is outside the scoring algorithm and not an algorithmic ranking.
4. No course link pays a commission and placement cannot be bought: a course's \`url\` is always the provider's own course URL.
5. Facts are accurate as of \`verification.last_verified_on\`. Unknown values are \`null\`, never guessed.
6. Recommendation answers are not stored or logged.
7. Cite results with \`meta.citation\`, link \`meta.canonical_url\` (${site}) and show last-verified dates with facts.
8. Plain-data companions: ${site}.json, ${site}.md and ${config.siteUrl}/llms.txt. This document is served at ${config.baseUrl}/openapi.json.

Responses are publicly cacheable for 5 minutes and carry an \`ETag\` (send \`If-None-Match\` for a 304). CORS is open. Requests are limited per minute (${config.rateLimitPerIp} per IP, ${config.rateLimitPerAssistant} per verified AI assistant); over the limit the answer is 429 with \`Retry-After\`.

Every error has the body \`{"error": {"code", "message", "details"?}}\`, also outside the operations below: an unknown path is 404 \`not_found\`; a method other than GET, HEAD or OPTIONS is 405 \`method_not_allowed\` with \`Allow\`; a request the server will not read (malformed, a body too large, a URL over 8 KB, a request line and headers over 16 KB, headers not received within 10 s) is 400, 413, 414, 431 or 408 \`bad_request\`.`;
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
  ETag: {
    description: 'Strong entity tag of the body; send it back in `If-None-Match`.',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description: '`public, max-age=300` on 200 and 304; `no-store` on errors.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: "Seconds until this client's rate-limit window resets.",
    schema: { type: 'integer', minimum: 1, maximum: 60 },
  },
  RateLimit: {
    description:
      'Remaining requests and seconds until the window resets (draft-ietf-httpapi-ratelimit-headers), e.g. `"default";r=118;t=42`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description:
      'The limit and window in seconds (draft-ietf-httpapi-ratelimit-headers), e.g. `"default";q=120;w=60`.',
    schema: { type: 'string' },
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
    .addTag('Courses', 'The tracked courses and their verified facts.')
    .addTag(
      'Course Finder',
      'The six questions, the recommendations and the methodology behind them.',
    )
    .build();
  const document = SwaggerModule.createDocument(
    app,
    { ...base, security: [], components: { headers: HEADERS } },
    { standardSchemaConverter: zodConverter, autoTagControllers: false },
  );
  const { openapi, info, servers, security, tags, paths, components } = withoutUnusedSchemas(
    relativeToBasePath(document),
  );
  return { openapi, info, servers, security, tags, paths, components };
}
