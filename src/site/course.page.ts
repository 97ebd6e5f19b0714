import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { CoursesService } from '../courses/courses.service';
import { courseMarkdown } from './markdown';
import { SiteRenderer } from './site-renderer';

/** One course's page (HTML or Markdown), and the page for a course that is not there. */
@Injectable()
export class CoursePage {
  constructor(
    private readonly catalog: CatalogService,
    private readonly courses: CoursesService,
    private readonly site: SiteRenderer,
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
    return this.site.render('course', page, meta, { course });
  }

  markdown(slug: string): string {
    const { data, meta } = this.courses.get(slug);
    return courseMarkdown(data, meta);
  }

  notFound(message: string): string {
    const meta = this.catalog.snapshot().meta;
    const page = this.site.page('Not found', message, meta.canonical_url, []);
    return this.site.render('not-found', page, meta, { message });
  }
}
