import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { BUDGET_BAND_LABELS, LEVEL_LABELS, SORT_LABELS, TOPIC_LABELS } from '../catalog/vocabulary';
import { SITE_PATHS } from '../core/paths';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { SearchCoursesQuery } from '../courses/courses.dto';
import { CoursesService } from '../courses/courses.service';
import { SearchAidsService } from '../courses/search-aids.service';
import { formProblems, formQuery, NO_PROBLEMS, pageOrFirst } from './forms';
import { topicReadings } from './format';
import { type ListPageLinks, listMarkdown } from './markdown';
import { SiteRenderer } from './site-renderer';
import { narrowingFilters } from '../courses/course-filters';
import { nothingFound, termLinks, wayLinks } from './ways-out';

/** The list shows at most this many courses a page. */
export const SITE_PAGE_SIZE = 50;

/** The course list, filtered exactly as `/api/v1/courses`, as HTML or Markdown. */
@Injectable()
export class ListPage {
  constructor(
    /** The form is the API's query, checked without failing so its problems can be shown. */
    private readonly inputs: InputValidationPipe,
    private readonly catalog: CatalogService,
    private readonly courses: CoursesService,
    private readonly site: SiteRenderer,
    private readonly aids: SearchAidsService,
  ) {}

  /**
   * Filtered exactly as the API: enrolling courses unless the form asks for every one, in pages of
   * at most SITE_PAGE_SIZE courses whose links keep the filters in the URL: paths on the HTML page,
   * addresses under SITE_URL in the Markdown form (`list`).
   */
  private async query(raw: Record<string, unknown>, list: string = SITE_PATHS.list) {
    const given = formQuery(raw);
    const checked = await this.inputs.check(SearchCoursesQuery, given);
    if (!checked.ok) {
      return {
        given,
        envelope: null,
        page: undefined,
        withInactive: undefined,
        hidden: 0,
        tracked: undefined,
        counts: undefined,
        problems: formProblems(SearchCoursesQuery, checked.problems),
        terms: [],
        ways: [],
        narrowed: false,
        showsInactive: false,
        nothingFound: '',
      };
    }
    const query = {
      ...checked.value,
      // Words typed in the search box ask for the best match first, unless the form says otherwise.
      sort:
        checked.value.sort ?? (checked.value.q === undefined ? undefined : ('relevance' as const)),
      limit: Math.min(checked.value.limit ?? SITE_PAGE_SIZE, SITE_PAGE_SIZE),
    };
    const envelope = pageOrFirst(query, (q) => this.courses.search(q));
    const { cursor: _cursor, ...filters } = given;
    const url = (cursor?: string) =>
      `${list}?${new URLSearchParams({
        ...(filters as Record<string, string>),
        ...(cursor === undefined ? {} : { cursor }),
      })}`
        .replace(/\?$/, '')
        .replaceAll('%2C', ',');
    const { total, offset, next, prev } = envelope.paging!;
    const page: ListPageLinks = {
      total,
      offset,
      first: url(),
      ...(next === undefined ? {} : { next: url(next) }),
      ...(prev === undefined ? {} : { prev: url(prev) }),
    };
    // The courses the same filters find, tracked and enrolling now, whichever the page shows: the
    // heading counts both, as the home page does.
    const count = (include_inactive: boolean) =>
      this.courses.search({ ...query, include_inactive, limit: undefined, cursor: undefined }).data
        .length;
    const all = count(true);
    const enrolling = query.include_inactive ? count(false) : total;
    // The same search and filters with the courses not enrolling now.
    const withInactive = `${SITE_PATHS.list}?${new URLSearchParams({
      ...(filters as Record<string, string>),
      include_inactive: 'true',
    })}`;
    // How many courses each choice of the form would give, the other choices kept.
    const counts = this.courses.facets(query).data.facets;
    return {
      given,
      envelope,
      page,
      withInactive,
      hidden: all - total,
      tracked: { all, enrolling },
      counts,
      problems: NO_PROBLEMS,
      // The terms the words were read through, and the ways out when nothing is found.
      terms: query.q === undefined ? [] : termLinks(this.aids.termsIn(query.q)),
      ways: total > 0 ? [] : wayLinks(given as Record<string, string>, this.aids.waysOut(query)),
      // Words or filters that narrow the courses counted (showing the inactive ones widens them).
      narrowed: query.q !== undefined || narrowingFilters(query).length > 0,
      showsInactive: query.include_inactive === true,
      nothingFound: nothingFound(query),
    };
  }

  async html(raw: Record<string, unknown>): Promise<string> {
    const {
      given,
      envelope,
      page: pager,
      withInactive,
      hidden,
      tracked,
      counts,
      problems,
      terms,
      ways,
      narrowed,
      showsInactive,
      nothingFound,
    } = await this.query(raw);
    const meta = envelope?.meta ?? this.catalog.current().meta;
    const courses = envelope?.data ?? [];
    const page = {
      ...this.site.page(
        this.site.words().listTitle,
        'Every tracked AI SEO course with levels, price as published, formats, AI/GEO focus, certification, community, updates and the date each fact was last verified.',
        meta.canonical_url,
        courses,
      ),
      markdown: this.site.links.markdown,
    };
    return this.site.render('list', page, meta, {
      courses,
      pager,
      withInactive,
      pick: this.catalog.current().courses.find((course) => course.editorial_pick !== null),
      // The filter form open on words or a filter set, as on problems.
      filtered: narrowed || showsInactive,
      hiddenInactive: hidden,
      tracked,
      narrowed,
      topicReadings: topicReadings(),
      values: given,
      counts,
      problems,
      terms,
      ways,
      nothingFound,
      options: {
        level: LEVEL_LABELS,
        specialty: TOPIC_LABELS,
        price_band: BUDGET_BAND_LABELS,
        sort: SORT_LABELS,
      },
    });
  }

  async markdown(raw: Record<string, unknown>): Promise<string> {
    const { envelope, page, problems } = await this.query(raw, this.site.links.list);
    if (!envelope) {
      const lines = [...Object.values(problems.byName).flat(), ...problems.other];
      return `# ${this.site.words().listTitle}\n\nThe filters could not be applied:\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`;
    }
    const words = this.site.words();
    return listMarkdown(words.listTitle, envelope.data, envelope.meta, words, {
      page,
      history: this.site.links,
    });
  }
}
