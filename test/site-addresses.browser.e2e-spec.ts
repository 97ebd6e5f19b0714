import { type Browser, type Page, type Response } from 'playwright-core';
import { startTestApp, type TestApp } from './support/app';
import { SAMPLE_ANSWERS } from './support/answers';
import { collectProblems, screenshot, sharedBrowser } from './support/browser';
import { freePort } from './support/redis';
import { describeWithBrowser } from './support/requirements';

/**
 * Pages follow the visitor (docs/website.md#addresses-on-pages): read at 127.0.0.1 or localhost on
 * the test's port while PUBLIC_URL says http://localhost:3000, they link, navigate and show full
 * addresses on the origin they were loaded from. Their forms write an address the API's way
 * (docs/website.md#one-way-to-write-a-request), with the page's script and without it.
 */

const PUBLIC_URL = 'http://localhost:3000';

describeWithBrowser(
  'pages follow the visitor, and their forms write requests the API’s way',
  () => {
    let t: TestApp;
    let browser: Browser;
    /** The test server by the other name of the loopback interface. */
    let byName: string;

    beforeAll(async () => {
      t = await startTestApp();
      byName = t.url.replace('127.0.0.1', 'localhost');
      browser = await sharedBrowser();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    async function open(url: string, script = true) {
      const context = await browser.newContext({ javaScriptEnabled: script });
      const page = await context.newPage();
      const errors = await collectProblems(page);
      await page.goto(url);
      return { page, errors, close: () => context.close() };
    }

    /**
     * Submits by a click that loads a new page, and returns where it landed and whether the server
     * had to send it there (a 308): never with the page's script, which writes the address itself.
     */
    async function submit(page: Page, selector: string) {
      const sent: string[] = [];
      const seen = (response: Response) => {
        if (response.status() === 308) sent.push(response.url());
      };
      page.on('response', seen);
      await Promise.all([page.waitForEvent('load'), page.click(selector)]);
      page.off('response', seen);
      return { landed: new URL(page.url()), redirected: sent.length > 0 };
    }

    it.each([
      ['127.0.0.1', () => t.url],
      ['localhost', () => byName],
    ])(
      'the front door read at %s on the test’s port shows the MCP endpoint there, and its links stay there',
      async (_, origin) => {
        const { page, errors, close } = await open(`${origin()}/`);
        try {
          const snippet = await page.locator('pre code').innerText();
          expect(snippet).toContain(`"url": "${origin()}/mcp"`);
          expect(await page.locator('#assistants + p code').first().innerText()).toBe(
            `${origin()}/mcp`,
          );
          expect(await page.locator('main').innerText()).not.toContain(PUBLIC_URL);
          await screenshot(page, `home-mcp-${_}`);
          await Promise.all([
            page.waitForURL(/\/api\/v1\/docs$/),
            page.click('nav a[href="/api/v1/docs"]'),
          ]);
          expect(new URL(page.url()).origin).toBe(origin());
          expect(errors).toEqual([]);
        } finally {
          await close();
        }
      },
    );

    it('without script, the front door shows the MCP endpoint under PUBLIC_URL', async () => {
      const { page, close } = await open(`${t.url}/`, false);
      try {
        expect(await page.locator('pre code').innerText()).toContain(`"url": "${PUBLIC_URL}/mcp"`);
      } finally {
        await close();
      }
    });

    it('read at its canonical origin, a page shows the configured addresses: with SITE_URL and PUBLIC_URL apart, the MCP endpoint at PUBLIC_URL', async () => {
      const port = await freePort();
      const site = `http://127.0.0.1:${port}`;
      const apart = await startTestApp({
        env: { PORT: String(port), SITE_URL: site, PUBLIC_URL: 'https://api.example.com' },
      });
      try {
        const { page, close } = await open(`${site}/`);
        try {
          expect(await page.locator('pre code').innerText()).toContain(
            '"url": "https://api.example.com/mcp"',
          );
        } finally {
          await close();
        }
      } finally {
        await apart.close();
      }
    });

    it('the finder’s link to its results is on the page’s own origin, and shows them again', async () => {
      const query = new URLSearchParams(SAMPLE_ANSWERS);
      const { page, errors, close } = await open(`${byName}/ai-seo-courses/finder?${query}`);
      try {
        const { data } = await t.json(`/api/v1/recommendations?${query}`);
        const shown = await page.locator('.share code').innerText();
        expect(shown).toBe(`${byName}${data.human_url.slice(PUBLIC_URL.length)}`);
        const slugs = () =>
          page
            .locator('[data-slug]')
            .evaluateAll((items) => items.map((i) => i.getAttribute('data-slug')));
        const before = await slugs();
        await Promise.all([page.waitForEvent('load'), page.click('text=Link to these results')]);
        expect(page.url()).toBe(shown);
        expect(await slugs()).toEqual(before);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it.each([
      ['with', true],
      ['without', false],
    ])('%s script, the list’s search sends no empty field', async (_, script) => {
      const { page, close } = await open(`${t.url}/ai-seo-courses`, script);
      try {
        await page.fill('#f-q', 'local');
        const { landed, redirected } = await submit(page, 'form.filters .words button');
        // No order chosen: words ask for the best match first (docs/website.md).
        expect(landed.search).toBe('?q=local&include_inactive=false');
        expect(redirected).toBe(!script);
        expect(await page.inputValue('#f-q')).toBe('local');
      } finally {
        await close();
      }
    });

    it.each([
      ['with', true],
      ['without', false],
    ])(
      '%s script, courses ticked on the list or on Compare are one comma list',
      async (_, script) => {
        const { page, close } = await open(`${t.url}/ai-seo-courses`, script);
        try {
          const slugs = await page
            .locator('table.courses tbody tr')
            .evaluateAll((rows) => rows.slice(0, 2).map((row) => row.getAttribute('data-slug')!));
          for (const slug of slugs) await page.check(`input[name="courses"][value="${slug}"]`);
          let { landed, redirected } = await submit(page, 'button[form="compare-form"]');
          expect(`${landed.pathname}${landed.search}`).toBe(
            `/ai-seo-courses/compare?courses=${slugs.join(',')}`,
          );
          expect(redirected).toBe(!script);
          const heads = page.locator('table.compare thead th[data-slug]');
          expect(
            await heads.evaluateAll((all) => all.map((h) => h.getAttribute('data-slug'))),
          ).toEqual(slugs);
          // The picker under the comparison, with a third course ticked.
          await page.click('details.picker summary');
          const third = await page
            .locator('form[aria-label="Choose courses to compare"] input:not(:checked)')
            .first()
            .getAttribute('value');
          await page.check(`form[aria-label="Choose courses to compare"] input[value="${third}"]`);
          ({ landed, redirected } = await submit(
            page,
            'form[aria-label="Choose courses to compare"] button',
          ));
          expect(redirected).toBe(!script);
          const picked = new URLSearchParams(landed.search).get('courses')!.split(',');
          expect(landed.search.split('&')).toHaveLength(1);
          expect(new Set(picked)).toEqual(new Set([...slugs, third]));
        } finally {
          await close();
        }
      },
    );
  },
);
