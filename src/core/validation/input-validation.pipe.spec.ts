import type { ArgumentMetadata } from '@nestjs/common';
import { z } from 'zod';
import { DomainError } from '../domain-error';
import { QueryBoolean, QueryEnum, SlugList } from './input-decorators';
import { ReportedAs } from './input-metadata';
import { InputValidationPipe } from './input-validation.pipe';
import { NoQuery } from './no-query.dto';

/**
 * The global pipe as Nest calls it (`transform`, with the parameter's metadata), and the 422 it
 * throws, as docs/api.md#invalid_parameters-details and #invalid_answers-details write it. What each
 * composite decorator accepts is input-decorators.spec.ts's.
 */

const size = z.enum(['small', 'large']).meta({ id: 'PipeSpecSize' });

class Filters {
  @QueryEnum(size, { description: 'A size.', required: true })
  size!: string;

  @QueryBoolean({ description: 'A switch.' })
  flag?: boolean;

  @SlugList(2, 3, { description: 'Two or three slugs.' })
  slugs?: string[];
}

@ReportedAs('invalid_answers')
class Answers {
  @QueryEnum(size, { description: 'First.', required: true })
  first!: string;

  @QueryEnum(size, { description: 'Second.', required: true })
  second!: string;
}

const query = new InputValidationPipe('query');
const json = new InputValidationPipe('json');
const asQuery = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({
  type: 'query',
  metatype,
});

/** The error body the pipe's refusal becomes. */
async function refusal(pipe: InputValidationPipe, input: object, given: unknown) {
  const thrown = await pipe.transform(given, asQuery(input as never)).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(DomainError);
  return (thrown as DomainError).toBody().error;
}

it('hands the handler the input converted from the query’s text', async () => {
  const value = (await query.transform(
    { size: 'large', flag: '0', slugs: 'a-b,c' },
    asQuery(Filters),
  )) as Filters;
  expect(value).toBeInstanceOf(Filters);
  expect({ ...value }).toEqual({ size: 'large', flag: false, slugs: ['a-b', 'c'] });
});

it('leaves a parameter that is no input class as it is (a path’s slug)', async () => {
  const slug = 'Not_A_Slug?';
  expect(await query.transform(slug, { type: 'param', metatype: String, data: 'slug' })).toBe(slug);
});

it('names every problem at once, in the order found, with the allowed values', async () => {
  const error = await refusal(query, Filters, {
    colour: 'red',
    slugs: ['a', 'b'],
    flag: 'yes',
  });
  expect(error).toEqual({
    code: 'invalid_parameters',
    message:
      'Invalid parameters. Not a parameter of this operation: colour. Given more than once: slugs. Missing: size. Not an allowed value: flag.',
    details: {
      parameters: [
        {
          name: 'colour',
          value: 'red',
          problem: 'not a parameter of this operation (accepted: size, flag, slugs)',
        },
        {
          name: 'slugs',
          value: ['a', 'b'],
          problem: 'given more than once: write it once, as slugs=a,b',
        },
        { name: 'size', value: null, problem: 'missing', allowed_values: ['small', 'large'] },
        {
          name: 'flag',
          value: 'yes',
          problem: 'not an allowed value',
          allowed_values: ['true', 'false', '1', '0'],
        },
      ],
    },
  });
});

it('says a parameter given empty or twice once, not also missing', async () => {
  expect((await refusal(query, Filters, { size: '' })).details).toEqual({
    parameters: [{ name: 'size', value: '', problem: 'empty', allowed_values: ['small', 'large'] }],
  });
  expect((await refusal(query, Filters, { size: ['small', 'large'] })).details).toEqual({
    parameters: [
      {
        name: 'size',
        value: ['small', 'large'],
        problem: 'given more than once',
        allowed_values: ['small', 'large'],
      },
    ],
  });
});

it('reports any name the input does not declare, reserved ones included', async () => {
  const given = JSON.parse('{"size": "small", "__proto__": "x", "valueOf": "y", "a[b]": "z"}');
  const { details } = await refusal(query, Filters, given);
  expect((details as any).parameters.map((p: { name: string }) => p.name).sort()).toEqual(
    ['__proto__', 'a[b]', 'valueOf'].sort(),
  );
});

it('says an operation without parameters takes none', async () => {
  expect(await refusal(query, NoQuery, { verbose: 'true' })).toEqual({
    code: 'invalid_parameters',
    message: 'Invalid parameters. Not a parameter of this operation: verbose.',
    details: {
      parameters: [
        { name: 'verbose', value: 'true', problem: 'this operation takes no parameters' },
      ],
    },
  });
  expect(await query.transform({}, asQuery(NoQuery))).toBeInstanceOf(NoQuery);
});

it('echoes values cut: texts to 200 characters, lists to 10 items', async () => {
  const long = 'x'.repeat(5_000);
  const many = Array.from({ length: 50 }, (_, i) => `s${i}`);
  const { details } = await refusal(query, Filters, { size: long, flag: many });
  const named = (name: string) => (details as any).parameters.find((p: any) => p.name === name);
  const [size, flag] = [named('size'), named('flag')];
  expect(size.value).toBe(`${'x'.repeat(200)}…`);
  expect(flag.value).toEqual(many.slice(0, 10));
});

it('refuses a value nested deeper than any input takes, however deep, as it is', async () => {
  let deep: unknown = 'small';
  for (let i = 0; i < 20_000; i++) deep = [deep];
  const error = await refusal(json, Filters, { size: 'small', slugs: deep });
  expect(error.details).toEqual({
    parameters: [{ name: 'slugs', value: [[null]], problem: 'nested too deeply' }],
  });
});

it('reports a finder’s answers as invalid_answers, with every answer’s options', async () => {
  expect(await refusal(query, Answers, { first: 'medium', other: '1' })).toEqual({
    code: 'invalid_answers',
    message:
      'All six answers are required, each with an allowed value. Not a parameter of this operation: other. Missing: second. Not an allowed value: first.',
    details: {
      answer_options: { first: ['small', 'large'], second: ['small', 'large'] },
      problems: [
        {
          name: 'other',
          value: '1',
          problem: 'not a parameter of this operation (accepted: first, second)',
        },
        { name: 'first', value: 'medium', problem: 'not an allowed value' },
        { name: 'second', value: null, problem: 'missing' },
      ],
    },
  });
});
