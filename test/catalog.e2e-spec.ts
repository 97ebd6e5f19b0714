import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../src/bootstrap';
import { errorBodySchema } from '../src/core/envelope.schema';
import { copyOfData, startTestApp } from './support/app';
import { TestClock } from './support/clock';
import { expectValid } from './support/schemas';

/**
 * The data and the configuration at the app's start, and a fault deep in a request, as the whole
 * app meets them. What the catalog checks, derives and reloads is src/catalog/catalog.service.spec.ts's.
 */

describe('the start', () => {
  it('stops on invalid data with a message naming file, course, field and problem', async () => {
    const dir = copyOfData();
    const path = join(dir, 'courses.json');
    const file = JSON.parse(readFileSync(path, 'utf8'));
    file.courses[1].ai_geo_focus = 'Huge';
    writeFileSync(path, JSON.stringify(file));
    await expect(
      createApp({ env: { DATA_DIR: dir, ASSISTANT_RANGES: 'static' }, logger: false }),
    ).rejects.toThrow(/courses\.json: course "[a-z0-9-]+", field ai_geo_focus: .*High/);
  });

  it('stops on a bad configuration value, naming the variable', async () => {
    await expect(createApp({ env: { PORT: 'eighty' }, logger: false })).rejects.toThrow(/PORT/);
    await expect(createApp({ env: { TRUST_PROXY: 'everyone' }, logger: false })).rejects.toThrow(
      /TRUST_PROXY/,
    );
  });
});

describe('a thrown bug', () => {
  it('is a 500 internal_error body with no stack, path or library text', async () => {
    const clock = new TestClock(new Date());
    const t = await startTestApp({ clock });
    try {
      clock.fail = true;
      const response = await t.get('/api/v1/courses');
      expect(response.status).toBe(500);
      const text = await response.text();
      const body = JSON.parse(text);
      expectValid(errorBodySchema, body);
      expect(body).toEqual({
        error: { code: 'internal_error', message: 'Internal server error.' },
      });
      expect(text).not.toMatch(/secret|exploded|\.ts|at /);
    } finally {
      await t.close();
    }
  });
});
