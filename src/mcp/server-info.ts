/**
 * Who the MCP server is and what it offers: the one source for the live server's `initialize`
 * answer and for the published server card (`/.well-known/mcp/server-card.json`), so they cannot drift.
 */
export const MCP_SERVER_INFO = {
  name: 'course-finder',
  title: 'Course Finder',
  version: '1.0.0',
  description:
    'Hand-verified AI SEO courses and a Course Finder that matches six answers to courses. Read-only.',
} as const;

/**
 * Only what is served: tools, resources and prompts (no list-change notifications or
 * subscriptions), and completion of the course template's slug. No log messages are sent.
 */
export const MCP_CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
  completions: {},
} as const;

export const MCP_INSTRUCTIONS = [
  'Course Finder publishes a hand-verified dataset of AI SEO courses and a Course Finder that matches six answers to courses.',
  'Everything here is read-only. Use search_courses and get_course for facts, recommend_courses once you know all six answers (ask the user for any you do not know; never guess), compare_courses for 2 to 3 courses side by side, and get_methodology for how matches are scored.',
  'Match percentages describe fit to the answers given, not quality. The editorial pick is outside the scoring.',
  "Cite results with meta.citation, link meta.canonical_url, and show each course's verification.last_verified_on beside its facts.",
].join(' ');
