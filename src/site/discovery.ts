import { isIP } from 'node:net';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import type { ChangeLog } from '../catalog/change-log';
import type { Course } from '../catalog/course.schema';
import { BOUNDS, RECOMMENDATION_BOUNDS } from '../catalog/methodology.schema';
import { MAX_SUGGESTED_COURSES } from '../courses/search-aids.responses';
import type { Meta } from '../core/envelope.schema';
import {
  MCP_CAPABILITIES,
  MCP_SERVER_INFO,
  MCP_TOOLS,
  MODERN_PROTOCOL_VERSIONS,
  mcpServerIdentity,
} from '../mcp/server-info';
import { type DataWords, sentence } from './data-words';
import { fmt } from './format';
import type { SiteLinks } from './links';
import { mdLink, mdText } from './markdown';

/** The documents agents and crawlers read first: llms.txt, robots.txt, the sitemap, the api-catalog and the MCP server card. */

/**
 * llms.txt lists every course while there are at most this many: an index an assistant reads
 * whole (docs/website.md). A larger catalog is pointed to, in the companions and by search.
 */
export const LLMS_COURSES_LISTED = 200;

/** https://llmstxt.org: a title, a summary, then sections of links. */
export function llmsTxt(
  links: SiteLinks,
  courses: readonly Course[],
  meta: Meta,
  words: DataWords,
): string {
  const answers = `experience={experience}&objective={objective}&learning_style={learning_style}&freshness={freshness}&budget={budget}&operating_model={operating_model}`;
  const recommendations = `${links.api}/recommendations?${answers}`;
  const lines = [
    '# Course Finder: AI SEO courses',
    '',
    `> ${sentence(words.dataset)}, and a Course Finder that matches six answers to at most ${BOUNDS.result_limit.max} courses. Read-only REST API (OpenAPI 3.1) and MCP server, no sign-up or key. Match percentages describe fit to the answers given, not course quality; no course link pays a commission.`,
    '',
    `Cite results as: ${meta.citation} Link ${meta.canonical_url} and show each course's last-verified date beside its facts.`,
    ...(meta.contains_placeholder_data
      ? [
          '',
          'Note: the dataset currently holds placeholder courses (fictional facts on example domains) awaiting verification.',
        ]
      : []),
    '',
    '## API',
    '',
    `- ${mdLink('OpenAPI document', links.openapi)}: OpenAPI 3.1 description of every operation`,
    `- ${mdLink('API documentation', links.docs)}: the same, for people`,
    `- ${mdLink('Search courses', `${links.api}/courses`)}: \`q\` for words (forgiving misspellings; the field's terms and their other names, such as GEO, AEO or backlinks, also find the courses on their topics), filters level, specialty, price_band (several values each, comma-separated), community_only, include_inactive; sort; pages by \`limit\` and \`cursor\``,
    `- ${mdLink('Facets', `${links.api}/facets`)}: how many courses each filter value would find, for the same search`,
    `- ${mdLink('Suggestions', `${links.api}/suggestions?q={words}`)}: searches to offer as words are typed (the last word completed or corrected, the field's terms completed; searches that find courses when the words find none) and up to ${MAX_SUGGESTED_COURSES} courses whose names match`,
    `- ${mdLink('Glossary', `${links.api}/glossary`)}: the field's terms with their other names, a plain definition, their topics and how many enrolling courses each finds: to map a learner's words to the catalog's`,
    `- ${mdLink('Get one course', `${links.api}/courses/{slug}`)}: one course by slug, inactive ones included`,
    `- ${mdLink('Compare courses', `${links.api}/comparisons?courses={slug},{slug}`)}: 2 to 3 courses side by side, in the order given`,
    `- ${mdLink('Finder questions', `${links.api}/finder/questions`)}: the six questions and every allowed answer`,
    `- ${mdLink('Recommendations', recommendations)}: all six answers required; ${RECOMMENDATION_BOUNDS}, with reasons and warnings`,
    `- ${mdLink('Fit of named courses', `${links.api}/recommendations/fit?${answers}&courses={slug}`)}: for 1 to 3 named courses (or, without them, the closest), the recommendations' numbers and whether and why they are recommended`,
    `- ${mdLink('Methodology', `${links.api}/methodology`)}: live weights, penalties, threshold and budget bands`,
    `- ${mdLink('Changes', `${links.api}/changes?since={YYYY-MM-DD}`)}: what changed in the dataset and when, newest first, in words and values; \`course\` for one course; pages by the \`Link\` header`,
    '',
    '## MCP',
    '',
    `- ${mdLink('MCP endpoint', links.mcp)}: Streamable HTTP, stateless, no authentication; tools ${Object.keys(MCP_TOOLS).join(', ')}; resources coursefinder://courses, coursefinder://methodology, coursefinder://courses/{slug}, coursefinder://changes, coursefinder://glossary; prompt find_ai_seo_course`,
    `- ${mdLink('MCP server card', links.serverCard)}: name, version, endpoint and capabilities`,
    '',
    '## Data',
    '',
    `- ${mdLink('All courses as JSON', links.json)}: every tracked course, inactive included, in the API envelope`,
    `- ${mdLink('All courses as Markdown', links.markdown)}: a readable digest with last-verified dates`,
    `- ${mdLink('What changed (Atom feed)', links.changesFeed)}: the newest changes of the dataset, to follow in a feed reader`,
    '',
    '## Pages',
    '',
    `- ${mdLink('AI SEO courses', links.list)}: the tracked courses enrolling now (the others a click away) with key facts (send Accept: text/markdown for Markdown)`,
    `- ${mdLink('Course Finder', links.finder)}: the six questions as a form`,
    `- ${mdLink('Methodology', links.methodology)}: how a match is scored, with the live numbers`,
    `- ${mdLink('What changed', links.changes)}: the history of the dataset, newest first`,
    `- ${mdLink('Glossary', links.glossary)}: the field's words (GEO, backlinks, map pack…), each with its courses`,
    '',
    '## Courses',
    '',
    ...(courses.length <= LLMS_COURSES_LISTED
      ? courses.map(
          (course) =>
            `- ${mdLink(course.name, course.page_url)}: ${mdText(course.provider.name)}; ${fmt.levels(course)}; ${mdText(fmt.price(course))}; ${fmt.verifiedPhrase(course)}${course.placeholder_data ? '; placeholder (fictional)' : ''}${course.enrolling ? '' : '; not currently enrolling'}`,
        )
      : [
          `${fmt.number(courses.length)} courses are tracked, too many to list here. Every one is in ${mdLink('the Markdown digest', links.markdown)} and ${mdLink('the JSON dataset', links.json)} (large); to find some, search by words or filter:`,
          '',
          `- ${mdLink('Search the courses', `${links.api}/courses?q={words}&limit=20`)}: every word must begin a word of a course's name, provider, description or topics, or be a glossary term's name; the \`Link\` header gives the next page`,
          `- ${mdLink('The course list', `${links.list}?q={words}`)}: the same search as a page, 50 courses a page`,
        ]),
    '',
    '## Policies',
    '',
    ...Object.values(meta.policies).map((text) => `- ${mdText(text)}`),
    '',
    '## Optional',
    '',
    `- ${mdLink('API catalog (RFC 9727)', links.apiCatalog)}`,
    `- ${mdLink('Sitemap', links.sitemap)}`,
  ];
  return `${lines.join('\n')}\n`;
}

export function robotsTxt(links: SiteLinks): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${links.sitemap}\n`;
}

const xml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/**
 * Every page, with the day of its newest entry in the history as its `lastmod`: a course's own,
 * the methodology's, any for the list and the changes page. Without a history (an older
 * deployment's data), the dates the data holds: last verified, scoring weights updated.
 */
export function sitemapXml(
  links: SiteLinks,
  courses: readonly Course[],
  meta: Meta,
  changes: ChangeLog,
): string {
  const newest = changes.entries[0]?.date ?? meta.last_verified_on;
  const entries: { loc: string; lastmod: string | null }[] = [
    { loc: links.list, lastmod: newest },
    { loc: links.finder, lastmod: null },
    {
      loc: links.methodology,
      lastmod: changes.methodologyChangedOn ?? meta.scoring_weights_updated_on,
    },
    { loc: links.changes, lastmod: newest },
    // The glossary's changes are git's, not the history's (docs/data.md#the-glossary).
    { loc: links.glossary, lastmod: null },
    ...courses.map((c) => ({
      loc: c.page_url,
      lastmod: changes.byCourse.get(c.slug)?.[0]?.date ?? c.verification.last_verified_on,
    })),
  ];
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `  <url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export const API_CATALOG_TYPE =
  'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** RFC 9727 api-catalog as an RFC 9264 JSON linkset: one link context per API. */
export function apiCatalog(links: SiteLinks) {
  return {
    linkset: [
      {
        anchor: links.api,
        'service-desc': [
          { href: links.openapi, type: 'application/vnd.oai.openapi+json;version=3.1' },
        ],
        'service-doc': [
          { href: links.docs, type: 'text/html' },
          { href: links.llms, type: 'text/plain' },
        ],
      },
      {
        anchor: links.mcp,
        'service-desc': [{ href: links.serverCard, type: 'application/json' }],
        'service-doc': [{ href: links.llms, type: 'text/plain' }],
      },
    ],
  };
}

export const SERVER_CARD_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json';

/** Reverse-DNS server name the draft asks for, e.g. `com.example.courses/course-finder`. */
function reverseDnsName(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `${host.split('.').reverse().join('.')}/${MCP_SERVER_INFO.name}`;
}

/**
 * The MCP server card. Identity and transport follow the current Server Card draft (SEP-2127, the
 * successor of SEP-1649); `serverInfo` and `capabilities` are the fields of the earlier SEP-1649
 * draft, kept because clients read them. All of it comes from the constants the live server uses.
 */
export function serverCard(links: SiteLinks, publicUrl: string, siteUrl: string) {
  const identity = mcpServerIdentity(siteUrl);
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: reverseDnsName(publicUrl),
    version: identity.version,
    title: identity.title,
    description: identity.description,
    websiteUrl: identity.websiteUrl,
    icons: identity.icons,
    remotes: [
      {
        type: 'streamable-http',
        url: links.mcp,
        // Both eras, as the one endpoint serves them (docs/mcp.md).
        supportedProtocolVersions: [...MODERN_PROTOCOL_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS],
      },
    ],
    serverInfo: {
      name: MCP_SERVER_INFO.name,
      title: MCP_SERVER_INFO.title,
      version: MCP_SERVER_INFO.version,
    },
    capabilities: MCP_CAPABILITIES,
  };
}

/** The version of the MCP Registry's `server.json` format that `registryServerJson` writes. */
export const REGISTRY_SERVER_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** An address the registry lists: https, on a public host name (not localhost or an IP address). */
function registryListable(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' && hostname.includes('.') && isIP(hostname) === 0;
}

/**
 * The `server.json` that publishes this server in the MCP Registry
 * (docs/mcp.md#publishing-to-the-mcp-registry), made from the server card so the two cannot drift:
 * the same name, title, description, version, website, icons and endpoint. The card's other fields
 * (`serverInfo`, `capabilities`, the protocol versions) are not in the registry's format. The
 * registry refuses a remote, website or icon that is not public https, so this does first.
 */
export function registryServerJson(links: SiteLinks, publicUrl: string, siteUrl: string) {
  const card = serverCard(links, publicUrl, siteUrl);
  const server = {
    $schema: REGISTRY_SERVER_SCHEMA,
    name: card.name,
    title: card.title,
    description: card.description,
    version: card.version,
    websiteUrl: card.websiteUrl,
    icons: card.icons,
    remotes: card.remotes.map(({ type, url }) => ({ type, url })),
  };
  const urls = [
    ...server.remotes.map((r) => r.url),
    server.websiteUrl,
    ...server.icons.map((i) => i.src),
  ];
  const unlisted = urls.filter((url) => !registryListable(url));
  if (unlisted.length) {
    throw new Error(
      `The MCP Registry lists only public https addresses, not ${unlisted.join(', ')}: set PUBLIC_URL (and SITE_URL, if it differs) to the service's public https address.`,
    );
  }
  return server;
}
