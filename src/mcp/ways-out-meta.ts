import type { CallToolResult } from '@modelcontextprotocol/server';
import type { SearchCoursesQuery } from '../courses/courses.dto';
import { type WayOut, withWay } from '../courses/ways-out';
import { inFigures } from '../core/words';

/**
 * The ways out of a `search_courses` call that finds nothing (docs/mcp.md#ways-out), for programs:
 * under this key of the result's `_meta`, each way with the arguments to call the tool with
 * instead; and for the model, in one sentence, the last text block.
 */
export const WAYS_OUT_META_KEY = 'course-finder/ways-out';

export interface WaysOutMeta {
  ways: (WayOut & { arguments: Record<string, unknown> })[];
  /** The field's words, each with the courses it finds. */
  glossary: { uri: string; url: string };
}

function said(way: WayOut): string {
  const found = `(${inFigures(way.courses, 'course')})`;
  if (way.kind === 'other_words') return `with q ${JSON.stringify(way.value)} ${found}`;
  if (way.parameter === 'include_inactive') return `with include_inactive: true ${found}`;
  return `without ${way.parameter} ${found}`;
}

/** A result that found nothing, with its ways out added. */
export function withWaysOut(
  result: CallToolResult,
  query: SearchCoursesQuery,
  ways: readonly WayOut[],
  glossary: WaysOutMeta['glossary'],
): CallToolResult {
  const meta: WaysOutMeta = {
    // Each way's arguments: the tool's, changed, on its first page (its page size kept).
    ways: ways.map((way) => ({ ...way, arguments: withWay(query, way) })),
    glossary,
  };
  const options = ways.length > 0 ? ` Call again ${ways.map(said).join('; or ')}.` : '';
  const text = `No course matches these arguments.${options} The field's words (GEO, backlinks, map pack…) and the courses each finds: the resource ${glossary.uri}.`;
  return {
    ...result,
    content: [...result.content, { type: 'text', text }],
    _meta: { ...result._meta, [WAYS_OUT_META_KEY]: meta },
  };
}
