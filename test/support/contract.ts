import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { notFoundErrorSchema } from '../../src/core/envelope.schema';
import { jsonSchemaOf } from '../../src/core/json-schema';

/**
 * Holds responses to the OpenAPI document the service itself serves: each response under the
 * API's base path is checked against the schema the document declares for that operation and
 * status. `startTestApp` runs every response of `t.get`/`t.json` through it.
 */

interface ResponseObject {
  content?: Record<string, { schema: object }>;
}
interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, ResponseObject> }>
  >;
}

export interface ObservedResponse {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  body: string;
}

const DOCUMENT_ID = 'https://contract.test/openapi.json';
/**
 * Outside the operations (an unknown path, a method the path does not take) the answer is still an
 * error body, the one of its status.
 */
/** What an operation's `default` response describes: requests refused before the operation. */
const REFUSALS = new Set([400, 405, 408, 413, 414, 431]);
const ERROR_SCHEMA_OF: Record<number, string> = {
  400: 'BadRequestError',
  405: 'MethodNotAllowedError',
  408: 'BadRequestError',
  413: 'BadRequestError',
  414: 'BadRequestError',
  429: 'RateLimitedError',
  431: 'BadRequestError',
  500: 'InternalError',
};
/** Served outside the documented operations: the document itself and its viewer. */
const UNDOCUMENTED = [/^\/openapi\.json$/, /^\/docs(\/|$)/];

const pointer = (...segments: string[]) =>
  `${DOCUMENT_ID}#/${segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;

function describeError(error: ErrorObject): string {
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  return `${error.instancePath || '(body)'} ${error.message}${extra ? `: "${extra}"` : ''}`;
}

export class Contract {
  // The document is added whole so that its `$ref`s resolve; it is not itself a JSON Schema, so
  // Ajv's check of it against the meta-schema proves nothing (and costs each suite 0.1 s). Its
  // validity as OpenAPI 3.1 is openapi.e2e-spec.ts's to test.
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  private readonly validators = new Map<string, ValidateFunction>();
  private notFound?: ValidateFunction;
  private readonly basePath: string;
  private readonly routes: { template: string; pattern: RegExp }[];

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema(document, DOCUMENT_ID);
    this.basePath = new URL(document.servers[0].url).pathname.replace(/\/$/, '');
    this.routes = Object.keys(document.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i'),
    }));
  }

  /** What is wrong with a response, by the document; empty when it conforms. */
  problems(response: ObservedResponse): string[] {
    // Express matches routes case-insensitively, with or without one trailing slash.
    const sent = new URL(response.url).pathname;
    const path = sent.replace(/(.)\/$/, '$1');
    if (!path.toLowerCase().startsWith(`${this.basePath.toLowerCase()}/`)) return [];
    const relative = path.slice(this.basePath.length);
    const method = response.method.toLowerCase();
    const operationKey = method === 'head' ? 'get' : method;
    // A CORS preflight is not an operation.
    if (method === 'options' || UNDOCUMENTED.some((pattern) => pattern.test(relative))) return [];
    // A read with a trailing slash reaches no operation: it is sent to the path without it.
    if (operationKey === 'get' && sent !== path) {
      return response.status === 308 ? [] : [`${response.status} for ${sent}: not a 308`];
    }

    const template = this.routes.find((route) => route.pattern.test(relative))?.template;
    const operation = template && this.document.paths[template][operationKey];
    if (!template || !operation) {
      // Unknown paths and methods: not operations, but still the contract's error body.
      if (response.status < 400)
        return [`${response.status} for an undocumented ${method} ${relative}`];
      if (response.status === 404) return this.unknownPath(response);
      const schema = ERROR_SCHEMA_OF[response.status];
      if (!schema) return [`${response.status} for an undocumented ${method} ${relative}`];
      return this.validate(response, ['components', 'schemas', schema], `the ${schema} schema`);
    }

    const responses = operation.responses;
    // `default` describes the refusals of requests the server does not read (info.description),
    // not any status an operation might answer.
    const key = [
      String(response.status),
      `${String(response.status)[0]}XX`,
      ...(REFUSALS.has(response.status) ? ['default'] : []),
    ].find((candidate) => candidate in responses);
    const name = `${operation.operationId} ${response.status}`;
    if (!key) return [`status ${response.status} is not declared for ${operation.operationId}`];
    const content = responses[key].content?.['application/json'];
    if (!content || method === 'head') {
      return response.body === '' ? [] : [`${name} declares no body but one was sent`];
    }
    if (!response.contentType?.startsWith('application/json')) {
      return [`${name} declares application/json but the response is ${response.contentType}`];
    }
    return this.validate(
      response,
      ['paths', template, operationKey, 'responses', key, 'content', 'application/json', 'schema'],
      name,
    );
  }

  /** Throws when a response does not conform, naming every problem. */
  check(response: ObservedResponse): void {
    const problems = this.problems(response);
    if (problems.length > 0) {
      throw new Error(
        `Response outside the OpenAPI document: ${response.method} ${response.url} -> ${response.status}\n  ${problems.join('\n  ')}`,
      );
    }
  }

  /** Whether a body is what the document declares an operation answers with a status. */
  bodyValidator(operationId: string, status = '200'): (body: unknown) => boolean {
    for (const [template, item] of Object.entries(this.document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation.operationId !== operationId) continue;
        const at = ['paths', template, method, 'responses', status, 'content', 'application/json'];
        const validate = this.ajv.compile({ $ref: pointer(...at, 'schema') });
        return (body) => validate(body) as boolean;
      }
    }
    throw new Error(`No operation ${operationId} in the document`);
  }

  /**
   * An unknown path's 404: no operation answers it, so the document cannot name its body (every
   * operation's 404 is an unknown course's, with details); the service's own schema of it does.
   */
  private unknownPath(response: ObservedResponse): string[] {
    if (response.method.toUpperCase() === 'HEAD') {
      return response.body === '' ? [] : ['NotFoundError: a HEAD response has a body'];
    }
    this.notFound ??= this.ajv.compile(jsonSchemaOf(notFoundErrorSchema, { io: 'output' }));
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return ['NotFoundError: the body is not JSON'];
    }
    return this.notFound(body)
      ? []
      : (this.notFound.errors ?? []).map((e) => `NotFoundError: ${describeError(e)}`);
  }

  private validate(response: ObservedResponse, at: string[], name: string): string[] {
    if (response.method.toUpperCase() === 'HEAD') {
      return response.body === '' ? [] : [`${name}: a HEAD response has a body`];
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`${name}: the body is not JSON`];
    }
    const ref = pointer(...at);
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${name}: ${describeError(e)}`);
  }
}

const contracts = new Map<string, Contract>();

/** One Contract per distinct document text, so suites starting several apps compile it once. */
export function contractFor(documentText: string): Contract {
  let contract = contracts.get(documentText);
  if (!contract) {
    contract = new Contract(JSON.parse(documentText));
    contracts.set(documentText, contract);
  }
  return contract;
}
