import type { CatalogService } from '../catalog/catalog.service';
import { complete } from './completion';

/** completion/complete (docs/mcp.md#completion), a plain call with the catalog's courses stubbed. */

const catalog = {
  current: () => ({ courses: ['ai-basics', 'ai-geo-lab', 'local-seo'].map((slug) => ({ slug })) }),
} as unknown as CatalogService;

const prompt = (name: string, value: string) =>
  complete(catalog, {
    ref: { type: 'ref/prompt', name: 'find_ai_seo_course' },
    argument: { name, value },
  }).completion.values;

describe('complete', () => {
  it.each([
    ['experience', 'int', ['intermediate']],
    ['experience', 'INT', ['intermediate']],
    ['experience', 'Advanced /', ['advanced']],
    ['experience', '', ['beginner', 'intermediate', 'advanced']],
    ['budget', '$100', ['100_500']],
    ['budget', 'under', ['under_100']],
    ['learning_style', 'no', ['no_preference']],
    ['freshness', 'z', []],
  ])("the prompt's %s from %j", (name, value, values) => {
    expect(prompt(name, value)).toEqual(values);
  });

  it('nothing for what the prompt does not take, nor for another prompt', () => {
    expect(prompt('courses', '')).toEqual([]);
    expect(prompt('__proto__', '')).toEqual([]);
    const other = complete(catalog, {
      ref: { type: 'ref/prompt', name: 'another' },
      argument: { name: 'experience', value: '' },
    });
    expect(other).toEqual({ completion: { values: [] } });
  });

  it('the slug of the course template, from the tracked courses', () => {
    const result = complete(catalog, {
      ref: { type: 'ref/resource', uri: 'coursefinder://courses/{slug}' },
      argument: { name: 'slug', value: 'ai-' },
    });
    expect(result).toEqual({
      completion: { values: ['ai-basics', 'ai-geo-lab'], total: 2, hasMore: false },
    });
  });
});
