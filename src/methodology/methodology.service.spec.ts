import { shipped, useRoom } from '../../test/support/room';
import { MethodologyService } from './methodology.service';

/** The live methodology (docs/api.md#getmethodology): the data file's numbers, and its page. */

const room = useRoom([MethodologyService], {
  env: { PUBLIC_URL: 'https://courses.example.com' },
});
let methodology: MethodologyService;
beforeAll(() => (methodology = room.get(MethodologyService)));

it('answers the numbers of data/methodology.json, and the methodology page', () => {
  const {
    $schema: _schema,
    scoring_weights_updated_on: _date,
    ...numbers
  } = shipped.methodology() as Record<string, unknown>;
  expect(methodology.get().data).toEqual({
    ...numbers,
    methodology_url: 'https://courses.example.com/ai-seo-courses/methodology',
  });
});

it('says the catalog it read in meta', () => {
  const { meta } = methodology.get();
  expect(meta.canonical_url).toBe('https://courses.example.com/ai-seo-courses');
  expect(meta.contains_placeholder_data).toBe(shipped.courses().some((c) => c.placeholder_data));
});
