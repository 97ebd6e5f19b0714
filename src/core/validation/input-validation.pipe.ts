import { type ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { nestsDeeperThan } from '../json-value';
import { QUERY_FORM } from './input-description';
import {
  acceptedNames,
  allowedValues,
  type InputClass,
  type InputSource,
  takesList,
} from './input-metadata';
import { echo, inputError, type InputProblem, type ProblemKind } from './input-problems';

/**
 * Nest's ValidationPipe over the input classes (whitelist, forbidNonWhitelisted, transform), with
 * the 422 bodies of docs/api.md#invalid_parameters-details: every problem of the input at once,
 * each with the input's allowed values. One instance reads query strings (the global pipe of the
 * HTTP API), another JSON (the MCP tools).
 *
 * Before the validator sees an input, what it cannot judge is read from what the client sent: any
 * name the input class does not declare is unknown, whatever it is (the validator and the
 * transformer drop some on their own: `__proto__`, `constructor`, `valueOf`, …), so only declared
 * names reach them; a value nested deeper than any input takes is invalid before any recursive
 * conversion runs; and, in a query, a name given twice or given empty.
 */

/**
 * The deepest value a parameter takes is a list of strings: one level of nesting, as
 * nestsDeeperThan counts. A value nested deeper than MAX_DEPTH levels is refused as it is, with room
 * to spare, before the transformer recurses into it.
 */
const MAX_DEPTH = 4;

/** The class-validator rules whose failure has a kind of its own; any other rule is `invalid`. */
const KIND_OF_RULE: Record<string, ProblemKind> = {
  whitelistValidation: 'unknown',
  isDefined: 'missing',
  isIn: 'not_allowed',
};
/** When one value breaks several rules, the one a person fixes first. */
const PRECEDENCE: ProblemKind[] = ['unknown', 'missing', 'not_allowed', 'invalid'];

/** A validated input, or every problem found in it. */
export type CheckedInput<T extends object> =
  { ok: true; value: T } | { ok: false; problems: InputProblem[] };

class RejectedInput {
  constructor(readonly errors: ValidationError[]) {}
}

@Injectable()
export class InputValidationPipe extends ValidationPipe {
  constructor(private readonly source: InputSource) {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      transformOptions: source === 'query' ? { groups: [QUERY_FORM] } : undefined,
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => new RejectedInput(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const input = metadata.metatype;
    if (!input || !this.toValidate(metadata)) return super.transform(value, metadata);
    const checked = await this.check(input, value, metadata);
    if (!checked.ok) throw inputError(input, checked.problems);
    return checked.value;
  }

  /** Validates an input without throwing: for callers that show problems rather than fail (forms). */
  async check<T extends object>(
    input: new () => T,
    raw: unknown,
    metadata: ArgumentMetadata = {
      type: this.source === 'query' ? 'query' : 'body',
      metatype: input,
    },
  ): Promise<CheckedInput<T>> {
    const given = (raw ?? {}) as Record<string, unknown>;
    const { values, problems } = this.read(input, given);
    try {
      const value = (await super.transform(values, metadata)) as T;
      return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
    } catch (error) {
      if (!(error instanceof RejectedInput)) throw error;
      // A name already reported (given twice, empty) is not reported again as missing.
      const reported = new Set(problems.map((problem) => problem.name));
      const found = this.problemsOf(input, given, error.errors);
      return { ok: false, problems: [...problems, ...found.filter((p) => !reported.has(p.name))] };
    }
  }

  /** What the validator may see, and the problems only what was sent can show. */
  private read(input: InputClass, given: Record<string, unknown>) {
    const accepted = new Set(acceptedNames(input));
    const values: Record<string, unknown> = {};
    const problems: InputProblem[] = [];
    for (const [name, value] of Object.entries(given)) {
      if (!accepted.has(name)) {
        problems.push({ kind: 'unknown', name, value });
        continue;
      }
      const allowed = allowedValues(input, name, this.source);
      const structural: ProblemKind | undefined = nestsDeeperThan(value, MAX_DEPTH)
        ? 'invalid'
        : this.source === 'query' && Array.isArray(value)
          ? 'repeated'
          : this.source === 'query' && value === ''
            ? 'empty'
            : undefined;
      if (!structural) values[name] = value;
      else if (structural === 'invalid') {
        problems.push({ kind: 'invalid', name, value, detail: 'nested too deeply' });
      } else if (structural === 'repeated' && takesList(input, name)) {
        // A list is one comma-separated value, as the API's docs write it: show it so (what is
        // echoed, bounded as every echo is; empty values are no part of it).
        const list = (echo(value) as unknown[]).filter((item) => item !== '').join(',');
        problems.push({
          kind: structural,
          name,
          value,
          detail: `write it once, as ${name}=${list}`,
          ...(allowed && { allowed }),
        });
      } else problems.push({ kind: structural, name, value, ...(allowed && { allowed }) });
    }
    return { values, problems };
  }

  private problemsOf(
    input: InputClass,
    given: Record<string, unknown>,
    errors: ValidationError[],
  ): InputProblem[] {
    return errors.map(({ property: name, constraints = {} }) => {
      const rules = Object.keys(constraints);
      const kinds = rules.map((rule) => KIND_OF_RULE[rule] ?? 'invalid');
      const kind = PRECEDENCE.find((candidate) => kinds.includes(candidate)) ?? 'invalid';
      const broken = rules.find((rule) => !(rule in KIND_OF_RULE));
      const allowed = kind === 'unknown' ? undefined : allowedValues(input, name, this.source);
      return {
        kind,
        name,
        // As the client sent it: the query's text, not the list or boolean it became.
        value: Object.hasOwn(given, name) ? given[name] : null,
        ...(kind === 'invalid' && broken ? { detail: constraints[broken] } : {}),
        ...(allowed && { allowed }),
      };
    });
  }
}
