import type { Icon, ServerCapabilities } from '@modelcontextprotocol/server';
import { RECOMMENDATION_LIMITS } from '../catalog/methodology.schema';
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

/** What one tool answers and when to use it, for a model and for a person. */
export interface ToolInfo {
  /** The name hosts show (`annotations.title`). */
  title: string;
  /** Its `tools/list` description: what it answers and when to use it, one to three sentences. */
  description: string;
  /** The same as a phrase after "Use <tool>" (the instructions) or its name (the home page). */
  use: string;
}

/**
 * Every tool the server serves, in the order the instructions and the home page name them: the one
 * list `tools/list` is made from (each `@Tool` of course-finder.tools.ts takes its name, title and
 * description here), so a tool cannot be served without being introduced (docs/mcp.md#tools).
 * Fixed at start: no number of the live methodology is written here (get_methodology has them).
 */
export const MCP_TOOLS = {
  search_courses: {
    title: 'Search courses',
    description:
      "Lists the tracked courses matching filters and words (q forgives typos and reads the field's terms: GEO, backlinks, map pack), with their facts and last-verified dates, a page at a time, and how many each filter value would give. Use it for factual questions (which courses, how many, what they cost) and to find slugs; to match a learner to courses, use recommend_courses.",
    use: 'to find courses by filters and words, and count them',
  },
  get_course: {
    title: 'Get a course',
    description:
      "One course by slug: every fact, the sources behind it and the date it was last verified. Use it when you know a course's slug and need all its facts.",
    use: "for one course's every fact and source",
  },
  recommend_courses: {
    title: 'Recommend courses',
    description: `Scores every enrolling course against the user's six Course Finder answers and returns the strong matches, best first, each with its match percent (fit to the answers, not quality), reasons and warnings: ${RECOMMENDATION_LIMITS} (today's values: get_methodology). Use it once you know all six answers: ask the user for any answer you do not know rather than guessing. Answers are not stored or logged.`,
    use: "to match courses to the user's six answers, once you know all six (ask the user for any you do not know; never guess)",
  },
  check_course_fit: {
    title: 'Check how courses fit',
    description:
      "How named courses, or without them the courses that came closest, fit the user's six answers: match percent, reasons, warnings, and whether recommend_courses returns each and if not why. Use it when the user asks about a course recommend_courses did not return, or when it found no strong match.",
    use: 'to see how named courses, or the closest, fit six answers and why recommend_courses returns them or not',
  },
  compare_courses: {
    title: 'Compare courses',
    description:
      "Two or three courses' facts side by side, in the order given, courses no longer enrolling included. Use it when the user weighs named courses against each other.",
    use: 'to set two or three courses side by side',
  },
  get_methodology: {
    title: 'Get the methodology',
    description:
      'The live scoring rules: weights, adjustments, penalties, match threshold, result limit, budget bands, topic coverage scale and verification rules. Use it to explain a match percent, a warning, or why a course was not recommended.',
    use: 'for how matches are scored, with the live numbers',
  },
  get_changes: {
    title: 'Get the changes',
    description:
      "What changed in the dataset and when, newest first: courses added, changed (values before and after), verified, no longer enrolling or removed, and methodology changes, each also in words. Use it for what is new since a date, or for one course's history.",
    use: 'for what changed in the dataset and when',
  },
} as const satisfies Record<string, ToolInfo>;
export type ToolName = keyof typeof MCP_TOOLS;

/** "Use a to …; b for …; and c for …." */
function toolUses(): string {
  const uses = Object.entries(MCP_TOOLS).map(([name, tool]) => `${name} ${tool.use}`);
  return `Use ${uses.slice(0, -1).join('; ')}; and ${uses.at(-1)}.`;
}

/**
 * Fixed at start, so worded to be true of any data the server may load later: verification is
 * told by each course's date and `meta.contains_placeholder_data`, never claimed outright.
 */
export const MCP_INSTRUCTIONS = [
  'Course Finder publishes a dataset of AI SEO courses, each fact with the date it was last verified, and a Course Finder that matches six answers to courses.',
  'While meta.contains_placeholder_data is true, the courses with placeholder_data true are fictional placeholders that nobody has verified: say so, and never present their facts or awards as verified.',
  `Everything here is read-only. ${toolUses()}`,
  "The field's words (GEO, AEO, backlinks, map pack…), each with its definition and the courses it finds, are the resource coursefinder://glossary; a search_courses result that finds nothing names its ways out.",
  'Match percentages describe fit to the answers given, not quality. The editorial pick is outside the scoring.',
  "Cite results with meta.citation, link meta.canonical_url, and show each course's verification.last_verified_on beside its facts.",
].join(' ');
