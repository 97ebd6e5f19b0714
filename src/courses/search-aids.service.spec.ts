import fc from 'fast-check';
import { shipped, useRoom } from '../../test/support/room';
import { CoursesService } from './courses.service';
import { SearchAidsService } from './search-aids.service';

/**
 * What helps a person search, over the shipped catalog (docs/api.md#getsuggestions,
 * docs/api.md#getglossary): suggestions as words are typed and the glossary, each held to what the
 * list finds for the same words. How the words are read is src/catalog/course-search.spec.ts's.
 */

const SEED = 20261127;
const room = useRoom([CoursesService, SearchAidsService]);
let aids: SearchAidsService;
let courses: CoursesService;
beforeAll(() => {
  aids = room.get(SearchAidsService);
  courses = room.get(CoursesService);
});

const records = shipped.courses();
/** How many courses the list finds for these words (enrolling ones, as the list by default). */
const found = (q: string) => courses.search({ q }).data.length;
const suggest = (q: string) => aids.suggest({ q }).data;
/** Lower-case runs of letters and digits. */
const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

describe('suggest', () => {
  it('completes the last word and corrects a misspelt one', () => {
    for (const q of ['tech', 'tecnical']) expect(suggest(q).suggestions).toContain('technical');
    expect(suggest('linkbuilding').suggestions[0]).toBe('link building');
  });

  it('offers at most 8, each finding at least one course when sent as q', () => {
    const catalogWords = [
      ...new Set(records.flatMap((c) => words(`${c.name} ${c.highlights.join(' ')}`))),
    ].filter((word) => word.length >= 2);
    const typed = fc
      .constantFrom(...catalogWords)
      .chain((word) => fc.integer({ min: 2, max: word.length }).map((n) => word.slice(0, n)));
    fc.assert(
      fc.property(typed, (q) => {
        const { suggestions } = suggest(q);
        expect(suggestions.length).toBeLessThanOrEqual(8);
        for (const suggestion of suggestions) {
          expect({ q, suggestion, found: found(suggestion) > 0 }).toEqual({
            q,
            suggestion,
            found: true,
          });
        }
      }),
      { seed: SEED, numRuns: 30 },
    );
  });

  it('names up to 5 enrolling courses whose names the words begin, each with its page', () => {
    const named = suggest('lin').courses;
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThanOrEqual(5);
    for (const { slug, name, page_url } of named) {
      const course = courses.get(slug).data;
      expect({ slug, name, page_url, enrolling: true }).toEqual({
        slug,
        name: course.name,
        page_url: course.page_url,
        enrolling: course.enrolling,
      });
      expect(words(name).some((word) => word.startsWith('lin'))).toBe(true);
    }
    expect(suggest('qqqq')).toEqual({ suggestions: [], courses: [] });
  });

  it('completes the names of glossary terms, and offers searches that find courses for words that find none', () => {
    expect(suggest('gen').suggestions).toContain('generative engine optimization');
    expect(found('backlinks zzqx')).toBe(0);
    const offered = suggest('backlinks zzqx').suggestions;
    expect(offered).toContain('backlinks');
    for (const q of offered) expect(found(q)).toBeGreaterThan(0);
  });
});

describe('glossary', () => {
  it('answers every term in name order, each counting the courses its name finds and linking them', () => {
    const terms = aids.glossary().data;
    const names = terms.map((term) => term.name.toLowerCase());
    const inFile = shipped.glossary().map((term) => term.name.toLowerCase());
    expect([...names].sort()).toEqual([...inFile].sort());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const term of terms) {
      expect({ name: term.name, count: term.course_count }).toEqual({
        name: term.name,
        count: found(term.name),
      });
      expect(term.list_url).toBe(
        `http://localhost:3000/ai-seo-courses?${new URLSearchParams({ q: term.name })}`,
      );
      expect(term.page_url).toBe(`http://localhost:3000/ai-seo-courses/glossary#${term.id}`);
    }
  });
});
