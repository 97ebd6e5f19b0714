import { Controller, Get, type INestApplication, Query } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { z } from 'zod';
import fc from 'fast-check';
import { QueryBoolean, QueryEnum, QueryEnumList, Slug, SlugList } from './input-decorators';
import { inputJsonSchema } from './input-description';
import type { InputProblem } from './input-problems';
import { InputValidationPipe } from './input-validation.pipe';

/** Each composite decorator through the pipe that validates with it and the document it feeds. */

const COLOURS = ['red', 'green'] as const;
const colourSchema = z.enum(COLOURS).meta({
  id: 'Colour',
  description: 'A colour.',
  'x-enum-descriptions': ['Red', 'Green'],
});

/** One label the value says already (`s_m` = S/M), one it does not (`xl` = Extra large). */
const sizeSchema = z.enum(['s_m', 'xl']).meta({
  id: 'Size',
  description: 'A size.',
  'x-enum-descriptions': ['S/M', 'Extra large'],
});

class Sample {
  @QueryEnum(colourSchema, { description: 'A colour.' })
  colour?: string;

  @QueryEnum(sizeSchema, { description: 'A size.' })
  size?: string;

  @QueryEnum(colourSchema, { description: 'Another colour.', required: true })
  needed!: string;

  @QueryBoolean({ description: 'A switch.' })
  flag?: boolean;

  @SlugList(2, 3, { description: 'Two or three slugs.' })
  slugs?: string[];

  @Slug({ description: 'One slug.' })
  slug?: string;

  @QueryEnumList(colourSchema, { description: 'Colours.' })
  colours?: string[];
}

@Controller('sample')
class SampleController {
  @Get()
  get(@Query() _query: Sample) {
    return {};
  }
}

const query = new InputValidationPipe('query');
const json = new InputValidationPipe('json');

async function problems(pipe: InputValidationPipe, raw: Record<string, unknown>) {
  const checked = await pipe.check(Sample, { needed: 'red', ...raw });
  return checked.ok
    ? []
    : checked.problems.map(({ kind, name }: InputProblem) => `${kind} ${name}`);
}

async function value(pipe: InputValidationPipe, raw: Record<string, unknown>) {
  const checked = await pipe.check(Sample, { needed: 'red', ...raw });
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return { ...checked.value };
}

let app: INestApplication;
let parameters: Record<string, any>;
let document: OpenAPIObject;
beforeAll(async () => {
  const module = await Test.createTestingModule({ controllers: [SampleController] }).compile();
  app = module.createNestApplication({ logger: false });
  await app.init();
  document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
  parameters = Object.fromEntries(
    document.paths['/sample'].get!.parameters!.map((p: any) => [p.name, p]),
  );
});
afterAll(() => app.close());

describe('QueryEnum', () => {
  it('takes the listed values, exactly', async () => {
    expect(await value(query, { colour: 'green' })).toMatchObject({ colour: 'green' });
    expect(await problems(query, { colour: 'Green' })).toEqual(['not_allowed colour']);
    expect(await problems(json, { colour: 3 })).toEqual(['not_allowed colour']);
  });

  it('is missing when required and absent, repeated or empty only in a query', async () => {
    const checked = await query.check(Sample, {});
    expect(checked).toMatchObject({ ok: false, problems: [{ kind: 'missing', name: 'needed' }] });
    expect(await problems(query, { colour: ['red', 'green'] })).toEqual(['repeated colour']);
    expect(await problems(query, { colour: '' })).toEqual(['empty colour']);
    expect(await problems(json, { colour: '' })).toEqual(['not_allowed colour']);
  });

  it('reports its values as the allowed ones', async () => {
    const checked = await query.check(Sample, { needed: 'blue' });
    expect(checked).toMatchObject({ ok: false, problems: [{ allowed: COLOURS }] });
  });

  it('refers to its vocabulary, one component written as zod writes it; labels in the text', () => {
    expect(parameters.colour).toEqual({
      name: 'colour',
      in: 'query',
      required: false,
      description: 'A colour. Values: `red` = Red; `green` = Green.',
      schema: { $ref: '#/components/schemas/Colour' },
    });
    expect(parameters.needed).toMatchObject({
      required: true,
      schema: { $ref: '#/components/schemas/Colour' },
    });
    const { $defs } = z.toJSONSchema(colourSchema, { target: 'draft-2020-12' }) as any;
    expect(document.components?.schemas?.Colour).toEqual($defs.Colour);
  });

  it('is inline in the MCP input schema, which must stand alone, with the labels its enum does not say', () => {
    expect(inputJsonSchema(Sample)).toMatchObject({
      properties: {
        colour: { type: 'string', enum: COLOURS, description: 'A colour.' },
        size: { type: 'string', enum: ['s_m', 'xl'], description: 'A size. `xl` = Extra large.' },
      },
      required: ['needed'],
      additionalProperties: false,
    });
    expect(JSON.stringify(inputJsonSchema(Sample))).not.toContain('$ref');
  });

  it('refuses a vocabulary without a name', () => {
    expect(() => QueryEnum(z.enum(['a']), { description: 'Unnamed.' })).toThrow(
      /\.meta\(\{ id \}\)/,
    );
  });
});

describe('QueryBoolean', () => {
  it('takes true, false, 1 and 0 in a query, and only JSON booleans in JSON', async () => {
    for (const [text, flag] of [
      ['true', true],
      ['1', true],
      ['false', false],
      ['0', false],
    ] as const) {
      expect(await value(query, { flag: text })).toMatchObject({ flag });
    }
    expect(await value(json, { flag: false })).toMatchObject({ flag: false });
    expect(await problems(json, { flag: 'true' })).toEqual(['not_allowed flag']);
  });

  it('never turns another text into a boolean', async () => {
    for (const text of ['yes', 'TRUE', ' 1']) {
      expect(await problems(query, { flag: text })).toEqual(['not_allowed flag']);
    }
    expect(await problems(query, { flag: '' })).toEqual(['empty flag']);
    const checked = await query.check(Sample, { needed: 'red', flag: 'yes' });
    expect(checked).toMatchObject({
      ok: false,
      problems: [{ allowed: ['true', 'false', '1', '0'], value: 'yes' }],
    });
  });

  it('emits a boolean whose description gives the query forms', () => {
    expect(parameters.flag.schema).toEqual({ type: 'boolean' });
    expect(parameters.flag.description).toContain('`true` or `1`, `false` or `0`');
    expect(inputJsonSchema(Sample)).toMatchObject({ properties: { flag: { type: 'boolean' } } });
  });
});

describe('SlugList', () => {
  it('splits a query value at commas and takes a JSON array as it is', async () => {
    expect(await value(query, { slugs: 'a-b,c' })).toMatchObject({ slugs: ['a-b', 'c'] });
    expect(await value(json, { slugs: ['a-b', 'c', 'd'] })).toMatchObject({
      slugs: ['a-b', 'c', 'd'],
    });
  });

  it.each([
    ['one slug', 'a', 'give 2 to 3 course slugs (got 1)'],
    ['four slugs', 'a,b,c,d', 'give 2 to 3 course slugs (got 4)'],
    ['an empty item', 'a,,b', 'an item of the list is empty'],
    ['a malformed slug', 'a,Not_A_Slug', 'not a course slug'],
    ['a repeated slug', 'a,a', 'a slug is repeated'],
  ])('says what is wrong with %s', async (_label, slugs, detail) => {
    const checked = await query.check(Sample, { needed: 'red', slugs });
    expect(checked).toMatchObject({
      ok: false,
      problems: [
        { kind: 'invalid', name: 'slugs', value: slugs, detail: expect.stringContaining(detail) },
      ],
    });
  });

  it('says every problem of a list at once, each fault it has and none it lacks', async () => {
    const item = fc.constantFrom('a', 'b', 'c-d', '', 'Not_A_Slug', 'x--y');
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 6 }), async (items) => {
        // `slugs=` alone is an empty parameter, a problem of its own.
        fc.pre(items.join(',') !== '');
        const checked = await query.check(Sample, { needed: 'red', slugs: items.join(',') });
        const given = items.filter((slug) => slug !== '');
        const faults = {
          count: items.length < 2 || items.length > 3,
          empty: items.includes(''),
          malformed: given.some((slug) => slug === 'Not_A_Slug' || slug === 'x--y'),
          repeated: new Set(given).size !== given.length,
        };
        const detail = checked.ok
          ? ''
          : (checked.problems.find((problem) => problem.name === 'slugs')?.detail ?? '');
        expect({
          count: detail.includes('give 2 to 3 course slugs'),
          empty: detail.includes('an item of the list is empty'),
          malformed: detail.includes('not a course slug'),
          repeated: detail.includes('a slug is repeated'),
        }).toEqual(faults);
      }),
      { seed: 20261128, numRuns: 300 },
    );
  });

  it('takes no comma list in JSON', async () => {
    expect(await problems(json, { slugs: 'a,b' })).toEqual(['invalid slugs']);
  });

  it('emits an array in form style, not exploded, with its bounds; only a query is told the comma', () => {
    expect(inputJsonSchema(Sample)).toMatchObject({
      properties: { slugs: { type: 'array', description: 'Two or three slugs.' } },
    });
    expect(parameters.slugs).toMatchObject({
      description: 'Two or three slugs. In a query: one comma-separated value.',
      style: 'form',
      explode: false,
      schema: {
        type: 'array',
        minItems: 2,
        maxItems: 3,
        uniqueItems: true,
        items: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 100 },
      },
    });
  });
});

describe('QueryEnumList', () => {
  it('takes one value or several: a comma list in a query, a value or an array in JSON', async () => {
    expect(await value(query, { colours: 'red' })).toMatchObject({ colours: ['red'] });
    expect(await value(query, { colours: 'green,red' })).toMatchObject({
      colours: ['green', 'red'],
    });
    expect(await value(json, { colours: 'green' })).toMatchObject({ colours: ['green'] });
    expect(await value(json, { colours: ['red', 'green'] })).toMatchObject({
      colours: ['red', 'green'],
    });
  });

  it('names the parameter and every item that is wrong, with the allowed values', async () => {
    // Items: the allowed values, and texts that are not one (empty ones too).
    const item = fc.oneof(fc.constantFrom(...COLOURS), fc.constantFrom('', 'blue', 'Red', ' red'));
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 5 }), async (items) => {
        // An empty value, not an empty item: `empty`, as for any parameter.
        fc.pre(items.join(',') !== '');
        const checked = await query.check(Sample, { needed: 'red', colours: items.join(',') });
        const unknown = items.filter(
          (i) => i !== '' && !(COLOURS as readonly string[]).includes(i),
        );
        const repeated = items.filter((i, at) => i !== '' && items.indexOf(i) !== at);
        const fine = !items.includes('') && unknown.length === 0 && repeated.length === 0;
        if (fine) return expect(checked.ok).toBe(true);
        const [problem] = (checked as { problems: InputProblem[] }).problems;
        expect(problem).toMatchObject({
          name: 'colours',
          value: items.join(','),
          allowed: COLOURS,
        });
        expect(problem.detail!.includes('empty')).toBe(items.includes(''));
        for (const wrong of [...unknown, ...repeated]) {
          expect(problem.detail).toContain(JSON.stringify(wrong));
        }
      }),
      { seed: 20261127, numRuns: 200 },
    );
  });

  it('takes no comma list in JSON, nor an empty array', async () => {
    expect(await problems(json, { colours: 'red,green' })).toEqual(['invalid colours']);
    expect(await problems(json, { colours: [] })).toEqual(['invalid colours']);
  });

  it('is a list given once in a query: given twice, the problem shows the comma form', async () => {
    const checked = await query.check(Sample, { needed: 'red', colours: ['red', 'green'] });
    expect(checked).toMatchObject({
      ok: false,
      problems: [{ kind: 'repeated', detail: 'write it once, as colours=red,green' }],
    });
  });

  it('emits an array of the vocabulary in form style, not exploded; a value or an array for MCP', () => {
    expect(parameters.colours).toMatchObject({
      style: 'form',
      explode: false,
      schema: {
        type: 'array',
        items: { $ref: '#/components/schemas/Colour' },
        minItems: 1,
        maxItems: 2,
        uniqueItems: true,
      },
    });
    expect(inputJsonSchema(Sample)).toMatchObject({
      properties: {
        colours: {
          anyOf: [
            { type: 'string', enum: COLOURS },
            { type: 'array', items: { type: 'string', enum: COLOURS }, uniqueItems: true },
          ],
        },
      },
    });
  });
});

describe('Slug', () => {
  it('takes any string: the pattern and the length are the lookup’s to judge (404, not 422)', async () => {
    expect(await value(json, { slug: 'Not_A_Slug' })).toMatchObject({ slug: 'Not_A_Slug' });
    const long = 'a'.repeat(10_000);
    expect(await value(json, { slug: long })).toMatchObject({ slug: long });
    expect(await problems(json, { slug: 7 })).toEqual(['invalid slug']);
  });

  it('emits the slug pattern and length', () => {
    expect(parameters.slug.schema).toMatchObject({
      type: 'string',
      pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
      maxLength: 100,
    });
  });
});

describe('names', () => {
  it('reports unknown and reserved names in either source, never dropping them', async () => {
    const raw = JSON.parse('{"__proto__": "x", "constructor": "y", "other": "z"}');
    for (const pipe of [query, json]) {
      expect((await problems(pipe, raw)).sort()).toEqual(
        ['unknown __proto__', 'unknown constructor', 'unknown other'].sort(),
      );
    }
  });
});
