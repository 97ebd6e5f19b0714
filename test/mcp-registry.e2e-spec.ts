import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { AppConfig } from '../src/core/config';
import { registryServerJson } from '../src/site/discovery';
import { siteLinks } from '../src/site/links';
import { startTestApp, type TestApp } from './support/app';
import SERVER_SCHEMA from './fixtures/registry/server.schema.json';

/**
 * The server.json that publishes the service in the MCP Registry, as `npm run mcp:server-json`
 * makes it from the environment (docs/mcp.md#publishing-to-the-mcp-registry): held to the
 * registry's own schema (a copy in test/fixtures/registry, so nothing is fetched) and to the server
 * card the service serves.
 */

const PUBLIC_URL = 'https://courses.example.com';

/** What scripts/server-json.mjs writes for this environment. */
function serverJson(env: Record<string, string>) {
  const config = AppConfig.fromEnv(env);
  return registryServerJson(siteLinks(config), config.publicUrl, config.siteUrl);
}

// draft-07, as the schema declares; `strict: false` for its OpenAPI `example` keyword.
const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(SERVER_SCHEMA);

const ENVIRONMENTS: [string, Record<string, string>][] = [
  ['PUBLIC_URL alone', { PUBLIC_URL }],
  ['a SITE_URL of its own', { PUBLIC_URL, SITE_URL: 'https://www.example.com' }],
];

describe('npm run mcp:server-json', () => {
  it("is valid against the registry's published schema", () => {
    const server = serverJson({ PUBLIC_URL });
    expect(server.$schema).toBe(SERVER_SCHEMA.$id);
    expect(validate(server) ? [] : validate.errors).toEqual([]);
    // The copy of the schema does refuse what the registry refuses, so the check above can fail.
    expect(validate({ ...server, name: 'course-finder' })).toBe(false);
    expect(validate({ ...server, description: 'x'.repeat(101) })).toBe(false);
    expect(validate({ ...server, remotes: [{ type: 'streamable-http', url: 'mcp' }] })).toBe(false);
  });

  it.each(ENVIRONMENTS)('says what the served server card says, with %s', async (_, env) => {
    const t: TestApp = await startTestApp({ env });
    try {
      const card = await t.json('/.well-known/mcp/server-card.json');
      expect(serverJson(env)).toEqual({
        $schema: SERVER_SCHEMA.$id,
        name: card.name,
        title: card.title,
        description: card.description,
        version: card.version,
        websiteUrl: card.websiteUrl,
        icons: card.icons,
        remotes: [{ type: 'streamable-http', url: card.remotes[0].url }],
      });
      expect(card.name).toBe('com.example.courses/course-finder');
      expect(card.remotes).toHaveLength(1);
      expect(card.remotes[0].url).toBe(`${PUBLIC_URL}/mcp`);
      expect(card.websiteUrl).toBe(`${env.SITE_URL ?? PUBLIC_URL}/ai-seo-courses`);
    } finally {
      await t.close();
    }
  });

  it.each([
    ['no PUBLIC_URL (http://localhost:3000)', {}],
    ['an http address', { PUBLIC_URL: 'http://courses.example.com' }],
    ['an IP address', { PUBLIC_URL: 'https://203.0.113.7' }],
    ['an http SITE_URL', { PUBLIC_URL, SITE_URL: 'http://www.example.com' }],
  ])('makes nothing the registry would refuse: %s', (_, env) => {
    expect(() => serverJson(env)).toThrow(/lists only public https addresses/);
  });
});
