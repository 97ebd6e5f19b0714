import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Course } from '../catalog/course.schema';
import { AppConfig } from '../core/config';
import type { Envelope } from '../core/envelope';
import { API_PREFIX } from '../core/paths';
import { invalidParametersErrorSchema, unknownCoursesErrorSchema } from '../core/envelope.schema';
import { NoQuery } from '../core/validation/no-query.dto';
import { ApiRead, PathInput, QueryInput } from '../openapi/api-operation.decorator';
import { CourseSlug, SearchCoursesQuery } from './courses.dto';
import { courseListResponseSchema, courseResponseSchema } from './courses.responses';
import { CoursesService } from './courses.service';
import { pageLinkHeader, TOTAL_HEADER } from '../core/page-links';

@Controller(`${API_PREFIX}/courses`)
export class CoursesController {
  constructor(
    private readonly courses: CoursesService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiRead({
    operationId: 'searchCourses',
    tag: 'Courses',
    summary: 'List, filter and search the tracked courses',
    description:
      'Lists tracked courses with their facts and last-verified dates, in name order unless `sort` says otherwise. Courses that are not enrolling are excluded unless `include_inactive=true`; `q` keeps the courses that hold every word given, a term of the field’s glossary (`GET /glossary`: GEO, backlinks, map pack…) standing for what its other names and its topics find. All query parameters are optional. Without `limit` the answer is every course found; with it, a page, and a `Link` header to the next. `meta.count` is the number of courses returned; the `X-Total-Count` header, the number found in all.',
    ok: {
      schema: courseListResponseSchema,
      headers: {
        Link: {
          description:
            'On a page (with `limit` or `cursor`), RFC 8288 links to the next page (rel `next`, while there is one), the previous one (rel `prev`) and the first (rel `first`), each with the same filters.',
          schema: { type: 'string' },
        },
        [TOTAL_HEADER]: {
          description:
            'How many courses the filters find in all, on every page (`meta.count` is the number in this answer).',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      example: {
        summary: 'Beginner courses, cheapest first',
        query: { level: 'beginner', sort: 'price-asc' },
        show: 2,
      },
    },
    errors: {
      422: {
        schema: invalidParametersErrorSchema,
        description:
          '`invalid_parameters`: a parameter is unknown, repeated, empty or has an unsupported value, or `cursor` is from other data or other filters; `details.parameters` lists each with its allowed values.',
        example: {
          summary: 'An unsupported level and an unknown parameter',
          query: { level: 'expert', sort_by: 'price' },
        },
      },
    },
  })
  search(
    @QueryInput() query: SearchCoursesQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Envelope<Course[]> {
    const found = this.courses.search(query);
    if (found.paging) {
      response.setHeader('Link', pageLinkHeader(request, this.config.publicUrl, found.paging));
    }
    response.setHeader(TOTAL_HEADER, String(found.paging?.total ?? found.data.length));
    return found;
  }

  @Get(':slug')
  @ApiRead({
    operationId: 'getCourse',
    tag: 'Courses',
    summary: 'One course by slug',
    description:
      'One tracked course, active or not, with its facts, last-verified date and evidence sources. Slugs come from `searchCourses` or `recommendCourses`.',
    ok: {
      schema: courseResponseSchema,
      example: { summary: 'A course', path: { slug: 'answer-engine-foundations' } },
    },
    errors: {
      404: {
        schema: unknownCoursesErrorSchema,
        description:
          '`not_found`: no course has this slug (a slug that breaks the pattern is not found either); `details.missing` names it and `details.near_slugs` offers the nearest slugs.',
        example: { summary: 'A slug with a word left out', path: { slug: 'technical-seo' } },
      },
      422: {
        schema: invalidParametersErrorSchema,
        description:
          '`invalid_parameters`: a query parameter was given; this operation takes none.',
        example: {
          summary: 'A query parameter',
          path: { slug: 'answer-engine-foundations' },
          query: { fields: 'name' },
        },
      },
    },
  })
  get(@PathInput() { slug }: CourseSlug, @QueryInput() _query: NoQuery): Envelope<Course> {
    return this.courses.get(slug);
  }
}
