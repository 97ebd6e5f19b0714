import { Controller, Get, Param } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { type Course, SLUG_PATTERN } from '../catalog/course.schema';
import { API_PREFIX } from '../core/envelope';
import type { Envelope } from '../core/envelope.schema';
import { noQuerySchema, ValidQuery } from '../core/query';
import { ApiRead } from '../openapi/api-operation.decorator';
import {
  courseListResponseSchema,
  courseResponseSchema,
  type SearchCoursesQuery,
  searchCoursesQuerySchema,
} from './courses.schema';
import { CoursesService } from './courses.service';

@Controller(`${API_PREFIX}/courses`)
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  @Get()
  @ApiRead({
    operationId: 'searchCourses',
    tag: 'Courses',
    summary: 'List and filter the tracked courses',
    description:
      'Lists tracked courses with verified facts, in name order unless `sort` says otherwise. Courses that are not enrolling are excluded unless `include_inactive=true`. All query parameters are optional; `meta.count` is the number of courses returned.',
    ok: courseListResponseSchema,
    errors: {
      422: '`invalid_parameters`: a parameter is unknown, repeated, empty or has an unsupported value; `details.parameters` lists each with its allowed values.',
    },
  })
  search(@ValidQuery(searchCoursesQuerySchema) query: SearchCoursesQuery): Envelope<Course[]> {
    return this.courses.search(query);
  }

  @Get(':slug')
  @ApiRead({
    operationId: 'getCourse',
    tag: 'Courses',
    summary: 'One course by slug',
    description:
      'One tracked course, active or not, with its verified facts and evidence sources. Slugs come from `searchCourses` or `recommendCourses`.',
    ok: courseResponseSchema,
    errors: {
      404: '`not_found`: no course has this slug (a slug that breaks the pattern is not found either).',
      422: '`invalid_parameters`: a query parameter was given; this operation takes none.',
    },
  })
  @ApiParam({
    name: 'slug',
    description: 'The course slug.',
    schema: { type: 'string', pattern: SLUG_PATTERN.source },
  })
  get(@Param('slug') slug: string, @ValidQuery(noQuerySchema) _query: object): Envelope<Course> {
    return this.courses.get(slug);
  }
}
