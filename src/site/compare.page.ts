import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Course } from '../catalog/course.schema';
import { CompareCoursesQuery, MAX_COMPARED, MIN_COMPARED } from '../comparisons/comparisons.dto';
import { ComparisonsService } from '../comparisons/comparisons.service';
import { numberInWords } from '../core/words';
import { DomainError } from '../core/domain-error';
import { echo, type InputProblem } from '../core/validation/input-problems';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { comparedRows } from './compare-rows';
import { PATHS } from './links';
import { SiteRenderer } from './site-renderer';

/** What Compare needs, in words for the person ticking boxes; the API's own 422 says it for code. */
const need = (ticked: number) =>
  `Tick two or three courses to compare them; you ticked ${numberInWords(ticked)}.`;

const NOT_LISTED =
  'The address names a course that is not in the list below; tick the courses there.';

/**
 * The check's problems in a visitor's words: a course is a course here, never a slug; a name is
 * shown as the API echoes it.
 */
function problemText(p: InputProblem): string {
  if (p.name !== 'courses') {
    return `The address has “${String(echo(p.name))}”, which Compare does not use.`;
  }
  // No course at all (an address with other parameters only) is no unknown course.
  return p.kind === 'missing' || p.kind === 'empty'
    ? 'Tick two or three courses to compare them.'
    : NOT_LISTED;
}

/** The picker offers every course while there are at most this many. */
const PICKER_LISTED = 200;

/**
 * The comparison page: the API's comparison of 2 or 3 courses as a side-by-side table, and a picker
 * of courses. The page takes the API's comma list, `courses=a,b`; the picker's ticked boxes
 * (`courses` repeated) are sent there first (site.controller.ts).
 */
@Injectable()
export class ComparePage {
  constructor(
    private readonly catalog: CatalogService,
    private readonly comparisons: ComparisonsService,
    private readonly inputs: InputValidationPipe,
    private readonly site: SiteRenderer,
  ) {}

  async html(raw: Record<string, unknown>): Promise<string> {
    const { courses: all, bySlug, meta } = this.catalog.current();
    // A course ticked twice (a hand-made address) is still one course.
    const chosen = [...new Set([raw.courses ?? []].flat().join(',').split(',').filter(Boolean))];
    const others = Object.keys(raw).some((name) => name !== 'courses');
    let compared: readonly Course[] = [];
    let problems: string[] = [];
    // None ticked is a visit, not a mistake; one, or more than three, is told what Compare needs.
    const needs =
      (chosen.length > 0 && chosen.length < MIN_COMPARED) || chosen.length > MAX_COMPARED
        ? need(chosen.length)
        : null;
    if (!needs && (chosen.length > 0 || others)) {
      const checked = await this.inputs.check(CompareCoursesQuery, {
        ...raw,
        courses: chosen.join(','),
      });
      if (!checked.ok) problems = [...new Set(checked.problems.map(problemText))];
      else if (chosen.some((slug) => !bySlug.has(slug))) problems = [NOT_LISTED];
      else {
        try {
          compared = this.comparisons.compare(checked.value.courses).data.courses;
        } catch (error) {
          // The data was reloaded between the two looks.
          if (!(error instanceof DomainError) || error.code !== 'not_found') throw error;
          problems = [NOT_LISTED];
        }
      }
    }
    const page = this.site.page(
      compared.length
        ? `Compare ${compared.map((course) => course.name).join(', ')}`
        : 'Compare AI SEO courses side by side',
      'Two or three courses side by side: levels, price as published, formats, topic coverage, community, updates and the date each fact was last verified.',
      compared.length
        ? `${this.site.links.compare}?courses=${compared.map((course) => course.slug).join(',')}`
        : this.site.links.compare,
      compared,
    );
    return this.site.render('compare', page, meta, {
      compared,
      rows: comparedRows(compared),
      chosen,
      need: needs,
      problems,
      // Every course to tick while they are few; in a larger catalog, the list page finds them.
      choices: all.length <= PICKER_LISTED ? all : chosen.flatMap((s) => bySlug.get(s) ?? []),
      catalogSize: all.length,
      apiUrl: compared.length
        ? `${PATHS.api}/comparisons?courses=${compared.map((c) => c.slug).join(',')}`
        : null,
    });
  }
}
