import type { Icon, ServerCapabilities } from '@modelcontextprotocol/server';
import { RESPONSE_MAX_AGE_SECONDS } from '../core/caching';
import { SITE_PATHS } from '../core/paths';

/**
 * Who the MCP server is and what it offers: the one source for the live server's `initialize` and
 * `server/discover` answers and for the published server card (`/.well-known/mcp/server-card.json`),
 * so they cannot drift.
 */
export const MCP_SERVER_INFO = {
  name: 'course-finder',
  title: 'Course Finder',
  version: '1.0.0',
  description:
    'AI SEO courses with last-verified dates, and a Course Finder that matches six answers. Read-only.',
} as const;

/**
 * The MCP Apps extension (SEP-1865), as `@modelcontextprotocol/ext-apps` names it: the package is a
 * build-time dependency only (it bundles into the app, not the server), so test/mcp-app.e2e-spec.ts
 * has its host side find the app in what the server answers.
 */
export const MCP_APPS = {
  extensionId: 'io.modelcontextprotocol/ui',
  mimeType: 'text/html;profile=mcp-app',
  /** The deprecated flat form of `_meta.ui.resourceUri`, still read by older hosts. */
  legacyResourceUriKey: 'ui/resourceUri',
} as const;

/**
 * The revisions of the 2026 era the endpoint serves beside those of 2025 (the SDK's
 * `SUPPORTED_PROTOCOL_VERSIONS`, negotiated by `initialize`): what `server/discover` lists. The SDK
 * keeps that list internal; test/mcp-app.e2e-spec.ts holds the server card to it.
 */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;

/**
 * Only what is served: tools, resources and prompts (no list-change notifications or
 * subscriptions), completion of the course template's slug and of the prompt's answers, and the
 * MCP Apps extension (a `ui://` app the four data tools link to). No log messages are sent.
 */
export const MCP_CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
  completions: {},
  extensions: { [MCP_APPS.extensionId]: { mimeTypes: [MCP_APPS.mimeType] } },
} satisfies ServerCapabilities;

/**
 * Cache hints of protocol revision 2026-07-28 for every cacheable result: the same data the REST API
 * sends with `Cache-Control: public, max-age=300`, identical for every caller. Tool results are not
 * cacheable results in that revision, so they carry none.
 */
const PUBLIC_HINT = { ttlMs: RESPONSE_MAX_AGE_SECONDS * 1000, cacheScope: 'public' } as const;
export const MCP_CACHE_HINTS = {
  'tools/list': PUBLIC_HINT,
  'prompts/list': PUBLIC_HINT,
  'resources/list': PUBLIC_HINT,
  'resources/templates/list': PUBLIC_HINT,
  'resources/read': PUBLIC_HINT,
  'server/discover': PUBLIC_HINT,
} as const;

/** The identity with what depends on the site's address: its home page and its icon. */
export function mcpServerIdentity(siteUrl: string) {
  const icons: Icon[] = [
    { src: `${siteUrl}${SITE_PATHS.icon}`, mimeType: 'image/svg+xml', sizes: ['any'] },
  ];
  return { ...MCP_SERVER_INFO, websiteUrl: `${siteUrl}${SITE_PATHS.list}`, icons };
}

/**
 * Fixed at start, so worded to be true of any data the server may load later: verification is
 * told by each course's date and `meta.contains_placeholder_data`, never claimed outright.
 */
export const MCP_INSTRUCTIONS = [
  'Course Finder publishes a dataset of AI SEO courses, each fact with the date it was last verified, and a Course Finder that matches six answers to courses.',
  'While meta.contains_placeholder_data is true, the courses with placeholder_data true are fictional placeholders that nobody has verified: say so, and never present their facts or awards as verified.',
  'Everything here is read-only. Use search_courses and get_course for facts, recommend_courses once you know all six answers (ask the user for any you do not know; never guess), compare_courses for 2 to 3 courses side by side, get_methodology for how matches are scored, and get_changes for what changed in the dataset and when.',
  'Match percentages describe fit to the answers given, not quality. The editorial pick is outside the scoring.',
  "Cite results with meta.citation, link meta.canonical_url, and show each course's verification.last_verified_on beside its facts.",
].join(' ');
