import { Controller, Get, Param } from '@nestjs/common';
import type { Course } from '../catalog/course.schema';
import { API_PREFIX } from '../core/envelope';
import type { Envelope } from '../core/envelope.schema';
import { noQuerySchema, ValidQuery } from '../core/query';
import { type SearchCoursesQuery, searchCoursesQuerySchema } from './courses.schema';
import { CoursesService } from './courses.service';

@Controller(`${API_PREFIX}/courses`)
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  @Get()
  search(@ValidQuery(searchCoursesQuerySchema) query: SearchCoursesQuery): Envelope<Course[]> {
    return this.courses.search(query);
  }

  @Get(':slug')
  get(@Param('slug') slug: string, @ValidQuery(noQuerySchema) _query: object): Envelope<Course> {
    return this.courses.get(slug);
  }
}
