import { useRoom } from '../../test/support/room';
import { FinderService } from './finder.service';

/** The finder's questions (docs/api.md#getfinderquestions), as the service answers them. */

const room = useRoom([FinderService], { env: { PUBLIC_URL: 'https://courses.example.com' } });
let finder: FinderService;
beforeAll(() => (finder = room.get(FinderService)));

const SIX = ['experience', 'objective', 'learning_style', 'freshness', 'budget', 'operating_model'];

it('asks the six questions, each with its text and every allowed value labelled', () => {
  const { questions } = finder.get().data;
  expect(Object.keys(questions)).toEqual(SIX);
  for (const name of SIX) {
    const { question, values } = questions[name as keyof typeof questions];
    expect(question).toMatch(/\?$/);
    expect(Object.keys(values).length).toBeGreaterThanOrEqual(2);
    for (const label of Object.values(values)) expect(label).toMatch(/^\S/);
  }
  expect(questions.budget.values).toMatchObject({
    free: 'Free',
    under_100: expect.any(String),
    '100_500': expect.any(String),
    '500_plus': expect.any(String),
  });
});

it('gives the recommendation URL with a placeholder for each answer, on the public origin', () => {
  expect(finder.get().data.recommendations_url_template).toBe(
    'https://courses.example.com/api/v1/recommendations?' +
      SIX.map((name) => `${name}={${name}}`).join('&'),
  );
});
