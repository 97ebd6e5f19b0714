import { Injectable } from '@nestjs/common';
import { ChangesService } from '../changes/changes.service';
import { CoursesService } from '../courses/courses.service';
import { courseMarkdown } from './markdown';
import { SiteRenderer } from './site-renderer';

/** One course's page, as HTML or Markdown. */
@Injectable()
export class CoursePage {
  constructor(
    private readonly courses: CoursesService,
    private readonly site: SiteRenderer,
    private readonly changes: ChangesService,
  ) {}

  html(slug: string): string {
    const { data: course, meta } = this.courses.get(slug);
    const page = this.site.page(
      `${course.name} (${course.provider.name})`,
      course.description ??
        `${course.name} by ${course.provider.name}: levels, price, formats and verification.`,
      course.page_url,
      [course],
    );
    return this.site.render('course', page, meta, {
      course,
      changes: this.changes.ofCourse(slug),
    });
  }

  markdown(slug: string): string {
    const { data, meta } = this.courses.get(slug);
    return courseMarkdown(data, meta, this.site.words());
  }
}
