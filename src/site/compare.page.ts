import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Course } from '../catalog/course.schema';
import { CompareCoursesQuery, MIN_COMPARED } from '../comparisons/comparisons.dto';
import { ComparisonsService } from '../comparisons/comparisons.service';
import { DomainError } from '../core/domain-error';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { formProblems, NO_PROBLEMS } from './forms';
import { SiteRenderer } from './site-renderer';

/**
 * The comparison page: the API's comparison of 2 or 3 courses as a side-by-side table, and a picker
 * of courses. The page takes the API's comma list or the picker's ticked boxes (`courses` repeated).
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
    const { courses: all, meta } = this.catalog.snapshot();
    const given = [raw.courses ?? []].flat().join(',');
    const chosen = given.split(',').filter(Boolean);
    let compared: readonly Course[] = [];
    let problems = NO_PROBLEMS;
    // Fewer than two is a choice in progress, not a mistake: the picker is shown with them ticked.
    if (chosen.length >= MIN_COMPARED || Object.keys(raw).some((name) => name !== 'courses')) {
      const checked = await this.inputs.check(CompareCoursesQuery, { ...raw, courses: given });
      if (!checked.ok) problems = formProblems(CompareCoursesQuery, checked.problems);
      else {
        try {
          compared = this.comparisons.compare(checked.value.courses).data.courses;
        } catch (error) {
          if (!(error instanceof DomainError) || error.code !== 'not_found') throw error;
          problems = { byName: { courses: [error.message] }, other: [] };
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
      chosen,
      problems,
      all,
      apiUrl: compared.length
        ? `${this.site.links.api}/comparisons?courses=${compared.map((c) => c.slug).join(',')}`
        : null,
    });
  }
}
