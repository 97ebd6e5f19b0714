import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { CountedTerm } from '../catalog/course-search';
import { suggestSearches } from '../catalog/search-suggestions';
import { AppConfig } from '../core/config';
import { Envelope } from '../core/envelope';
import { SITE_PATHS } from '../core/paths';
import { type FacetsQuery, MAX_SUGGESTIONS, type SuggestionsQuery } from './courses.dto';
import { searchCourses } from './courses.service';
import {
  type GlossaryEntry,
  MAX_SUGGESTED_COURSES,
  type Suggestions,
} from './search-aids.responses';
import { type WayOut, waysOut } from './ways-out';

/**
 * What helps a person search the list beside the counts (docs/api.md#getsuggestions,
 * docs/api.md#getglossary): suggestions as words are typed, the glossary the search reads, and the
 * ways out of an empty list.
 */
@Injectable()
export class SearchAidsService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly config: AppConfig,
  ) {}

  /**
   * What the words typed so far may be meant as, each finding a course, and the enrolling courses
   * whose names they match.
   */
  suggest({ q }: SuggestionsQuery): Envelope<Suggestions> {
    const { courses, search, bySlug, meta } = this.catalog.current();
    const count = (words: string) => searchCourses(courses, { q: words }, search).length;
    const named = search
      .named(q)
      .map((slug) => bySlug.get(slug)!)
      .filter((course) => course.enrolling)
      .slice(0, MAX_SUGGESTED_COURSES)
      .map(({ slug, name, page_url }) => ({ slug, name, page_url }));
    return new Envelope(
      { suggestions: suggestSearches(search, q, count, MAX_SUGGESTIONS), courses: named },
      meta,
    );
  }

  /** Every term of the glossary, in name order, with the courses its name finds. */
  glossary(): Envelope<GlossaryEntry[]> {
    const { search, meta } = this.catalog.current();
    const entries = [...search.terms]
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
      .map((term) => this.entry(term));
    return new Envelope(entries, meta);
  }

  /** The glossary's terms a search text was read through (docs/api.md#search). */
  termsIn(q: string): GlossaryEntry[] {
    return this.catalog
      .current()
      .search.termsIn(q)
      .map((term) => this.entry(term));
  }

  /** The ways out of a query that finds nothing (ways-out.ts). */
  waysOut(query: FacetsQuery): WayOut[] {
    const { courses, search } = this.catalog.current();
    return waysOut(courses, query, search);
  }

  private entry({
    id,
    name,
    other_names,
    definition,
    topics,
    courses,
  }: CountedTerm): GlossaryEntry {
    const site = this.config.siteUrl;
    return {
      id,
      name,
      other_names,
      definition,
      topics,
      course_count: courses,
      list_url: `${site}${SITE_PATHS.list}?${new URLSearchParams({ q: name })}`,
      page_url: `${site}${SITE_PATHS.glossary}#${id}`,
    };
  }
}
