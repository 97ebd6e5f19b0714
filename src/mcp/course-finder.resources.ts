import { UseFilters, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { McpController, Resource, ResourceTemplate } from '@rekog/mcp-nest';
import { ChangesService } from '../changes/changes.service';
import { DomainError } from '../core/domain-error';
import { CoursesService } from '../courses/courses.service';
import { SearchAidsService } from '../courses/search-aids.service';
import { OperationSpanInterceptor } from '../ops/operation-span.interceptor';
import { MethodologyService } from '../methodology/methodology.service';
import { ResourceErrorFilter } from './mcp-errors';
import { ResourceContentsInterceptor } from './tool-result.interceptor';

/**
 * The resources (docs/mcp.md#resources): the same bodies as `/ai-seo-courses.json`,
 * `/api/v1/methodology`, `/api/v1/courses/{slug}`, `/api/v1/glossary` and every page of
 * `/api/v1/changes` at once.
 */

export const RESOURCE_SCHEME = 'coursefinder';
export const COURSES_URI = `${RESOURCE_SCHEME}://courses`;
export const METHODOLOGY_URI = `${RESOURCE_SCHEME}://methodology`;
export const COURSE_URI_TEMPLATE = `${COURSES_URI}/{slug}`;
export const CHANGES_URI = `${RESOURCE_SCHEME}://changes`;
export const GLOSSARY_URI = `${RESOURCE_SCHEME}://glossary`;
const JSON_TYPE = 'application/json';

/** The library matches URIs without their scheme; anything but our own URI is unknown. */
export function unknownResource(uri: string): DomainError {
  return new DomainError('not_found', `Unknown resource: ${uri.slice(0, 200)}`);
}

@McpController()
@UseFilters(ResourceErrorFilter)
@UseInterceptors(OperationSpanInterceptor, ResourceContentsInterceptor)
export class CourseFinderResources {
  constructor(
    private readonly courses: CoursesService,
    private readonly methodology: MethodologyService,
    private readonly changes: ChangesService,
    private readonly aids: SearchAidsService,
  ) {}

  @Resource({
    uri: COURSES_URI,
    name: 'courses',
    description:
      'Every tracked course, enrolling or not, with facts, verification dates and evidence sources: the same data as /ai-seo-courses.json.',
    mimeType: JSON_TYPE,
  })
  allCourses(@Payload() { uri }: { uri: string }) {
    if (uri !== COURSES_URI) throw unknownResource(uri);
    return this.courses.search({ include_inactive: true });
  }

  @Resource({
    uri: METHODOLOGY_URI,
    name: 'methodology',
    description:
      'The live scoring methodology: weights, penalties, match threshold, budget bands, topic coverage scale and verification rules.',
    mimeType: JSON_TYPE,
  })
  liveMethodology(@Payload() { uri }: { uri: string }) {
    if (uri !== METHODOLOGY_URI) throw unknownResource(uri);
    return this.methodology.get();
  }

  @ResourceTemplate({
    uriTemplate: COURSE_URI_TEMPLATE,
    name: 'course',
    description: 'One course by slug, as /api/v1/courses/{slug}.',
    mimeType: JSON_TYPE,
  })
  oneCourse(@Payload() { uri, slug }: { uri: string; slug: string }) {
    if (!uri.startsWith(`${COURSES_URI}/`)) throw unknownResource(uri);
    return this.courses.get(slug);
  }

  @Resource({
    uri: CHANGES_URI,
    name: 'changes',
    description:
      "The dataset's whole history, newest first: every entry /api/v1/changes pages through.",
    mimeType: JSON_TYPE,
  })
  allChanges(@Payload() { uri }: { uri: string }) {
    if (uri !== CHANGES_URI) throw unknownResource(uri);
    return this.changes.all();
  }

  @Resource({
    uri: GLOSSARY_URI,
    name: 'glossary',
    description:
      "The field's terms (GEO, AEO, backlinks, Google Business Profile…) with their other names, a plain definition, the catalog topics they belong to and how many enrolling courses each finds: to map a learner's words to the catalog's. The same data as /api/v1/glossary; search_courses reads each name in q.",
    mimeType: JSON_TYPE,
  })
  glossary(@Payload() { uri }: { uri: string }) {
    if (uri !== GLOSSARY_URI) throw unknownResource(uri);
    return this.aids.glossary();
  }
}
