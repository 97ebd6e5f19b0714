import fc from 'fast-check';
import { shipped, useRoom } from '../../test/support/room';
import { DomainError } from '../core/domain-error';
import { ComparisonsService } from './comparisons.service';

/**
 * Comparisons over the shipped catalog (docs/api.md#comparecourses): 2 or 3 courses in the order
 * given, inactive ones too; well-formed slugs that name no course are `not_found`, listed in order.
 */

const room = useRoom([ComparisonsService]);
let comparisons: ComparisonsService;
beforeAll(() => (comparisons = room.get(ComparisonsService)));

const slugs = shipped.courses().map((course) => course.slug);
const inactive = shipped.courses().find((course) => course.status === 'inactive')!.slug;

it('answers the courses named, in the order given, inactive ones too', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.constantFrom(...slugs), { minLength: 2, maxLength: 3 }),
      (asked) => {
        const compared = comparisons.compare(asked).data.courses;
        expect(compared.map((course) => course.slug)).toEqual(asked);
      },
    ),
    { seed: 20261208, numRuns: 50 },
  );
  expect(comparisons.compare([inactive, slugs[0]]).data.courses[0].enrolling).toBe(false);
});

it('is not_found when a slug names no course, listing the missing ones in order', () => {
  try {
    comparisons.compare(['no-such-b', slugs[0], 'no-such-a']);
    throw new Error('compared');
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).toBody().error).toMatchObject({
      code: 'not_found',
      details: { missing: ['no-such-b', 'no-such-a'] },
    });
  }
});
