import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { MCP_TOOLS } from '../mcp/server-info';
import { sentence } from './data-words';
import { SiteRenderer } from './site-renderer';

/** The front door: what the service is and every way in, as a page or as a JSON index of links. */
@Injectable()
export class HomePage {
  constructor(
    private readonly catalog: CatalogService,
    private readonly site: SiteRenderer,
  ) {}

  html(): string {
    const { meta, courses } = this.catalog.current();
    const words = this.site.words();
    const page = this.site.page(
      `${words.allVerified ? 'Hand-verified AI SEO courses' : 'AI SEO courses'} and a Course Finder`,
      `${sentence(words.dataset)}; a finder that matches six answers to courses, a read-only REST API and an MCP server for AI assistants.`,
      this.site.links.home,
      [],
    );
    // Counted as the list counts them: every course tracked, and those enrolling now.
    const tracked = { all: courses.length, enrolling: courses.filter((c) => c.enrolling).length };
    // Every tool served, from the list tools/list is made from.
    const tools = Object.entries(MCP_TOOLS).map(([name, tool]) => ({ name, use: tool.use }));
    return this.site.render('home', page, meta, { tracked, tools });
  }

  /** The same links for clients that ask for JSON (as an API root does). */
  index() {
    const l = this.site.links;
    const { meta } = this.catalog.current();
    return {
      name: 'Course Finder',
      description: `${sentence(this.site.words().dataset)}, and a Course Finder that matches six answers to courses. Read-only; no sign-up or key.`,
      contains_placeholder_data: meta.contains_placeholder_data,
      links: {
        courses_page: l.list,
        finder_page: l.finder,
        compare_page: l.compare,
        methodology_page: l.methodology,
        changes_page: l.changes,
        changes_feed: l.changesFeed,
        api: l.api,
        api_docs: l.docs,
        openapi: l.openapi,
        mcp: l.mcp,
        mcp_server_card: l.serverCard,
        dataset_json: l.json,
        dataset_markdown: l.markdown,
        llms_txt: l.llms,
      },
    };
  }
}
