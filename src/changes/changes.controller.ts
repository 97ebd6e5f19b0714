import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Change } from '../catalog/change.schema';
import { AppConfig } from '../core/config';
import type { Envelope } from '../core/envelope';
import { invalidParametersErrorSchema, unknownCoursesErrorSchema } from '../core/envelope.schema';
import { pageLinkHeader, TOTAL_HEADER } from '../core/page-links';
import { API_PREFIX } from '../core/paths';
import { ApiRead, QueryInput } from '../openapi/api-operation.decorator';
import { CHANGES_PAGE_SIZE, ChangesQuery, MAX_CHANGES_PAGE_SIZE } from './changes.dto';
import { changeListResponseSchema } from './changes.responses';
import { ChangesService } from './changes.service';

@Controller(`${API_PREFIX}/changes`)
export class ChangesController {
  constructor(
    private readonly changes: ChangesService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiRead({
    operationId: 'getChanges',
    tag: 'Changes',
    summary: 'What changed in the dataset, and when',
    description: `The dataset's history, newest first: courses added, facts changed (each with its value before and after), courses verified against their sources, courses no longer enrolling or removed, and changes of the scoring methodology. Each entry says it in words too. \`since\` keeps the entries of that day and later; \`course\` one course's, a removed course's included. A page of ${CHANGES_PAGE_SIZE} entries unless \`limit\` says otherwise (up to ${MAX_CHANGES_PAGE_SIZE}); the \`Link\` header gives the next, and \`X-Total-Count\` the number found in all. Facts derived from the date (a course's verification becoming stale) are not entries.`,
    ok: {
      schema: changeListResponseSchema,
      headers: {
        Link: {
          description:
            'RFC 8288 links to the next page (rel `next`, while there is one), the previous one (rel `prev`) and the first (rel `first`), each with the same filters.',
          schema: { type: 'string' },
        },
        [TOTAL_HEADER]: {
          description:
            'How many entries the filters find in all, on every page (`meta.count` is the number in this answer).',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      example: { summary: 'The newest entries', show: 2 },
    },
    errors: {
      404: {
        schema: unknownCoursesErrorSchema,
        description:
          '`not_found`: `course` is a slug the history has never held and no course has (a removed course keeps its entries); `details.missing` names it and `details.near_slugs` offers the nearest slugs.',
        example: { summary: 'A slug no course has had', query: { course: 'technical-seo' } },
      },
      422: {
        schema: invalidParametersErrorSchema,
        description:
          '`invalid_parameters`: a parameter is unknown, repeated or empty, `since` is not a date that exists, `course` is not a slug, `limit` is out of range, or `cursor` is from other data or other filters; `details.parameters` lists each.',
        example: {
          summary: 'A month that does not exist',
          query: { since: '2026-13-01' },
        },
      },
    },
  })
  list(
    @QueryInput() query: ChangesQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Envelope<Change[]> {
    const found = this.changes.list(query);
    response.setHeader('Link', pageLinkHeader(request, this.config.publicUrl, found.paging!));
    response.setHeader(TOTAL_HEADER, String(found.paging!.total));
    return found;
  }
}
